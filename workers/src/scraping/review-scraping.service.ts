import { MikroORM } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { UnrecoverableError, type Queue } from 'bullmq';
import { createHash } from 'node:crypto';
import { MediaReview, ScraperSource, type ScrapedMediaReview } from '@veredicto/db';
import { JobName, type JobResults, QueueName, recalculateAverageDeduplicationId } from '@veredicto/jobs';
import {
  extractReviews,
  reviewsNeedBrowser,
  type ExtractedReview,
} from '@veredicto/scraping/reviews/extract-reviews.js';
import type { ProgressReporter } from '../news/news-import.service.js';
import { WorkerPageFetcher } from '../common/page-fetcher.provider.js';
import { asJobError, errorMessage } from '../common/scrape-errors.js';

const MAX_KEY_LENGTH = 600;

/**
 * Identity of a review within its game: its link when it has one, else outlet + author + platform. Long
 * keys are hashed so they fit the column and stay stable.
 */
export function reviewDedupeKey(
  review: Pick<ExtractedReview, 'outlet' | 'author' | 'platform' | 'link'>,
): string {
  const key = review.link
    ? `link:${review.link.replace(/#.*$/, '').replace(/\/$/, '')}`
    : `outlet:${[review.outlet, review.author ?? '', review.platform ?? ''].map((part) => part.trim().toLowerCase()).join('|')}`;
  return key.length <= MAX_KEY_LENGTH ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/** scrape-game: the media reviews of one registered source page, then the game's critic average. */
@Injectable()
export class ReviewScrapingService {
  constructor(
    private readonly orm: MikroORM,
    private readonly pages: WorkerPageFetcher,
    @InjectQueue(QueueName.Averages) private readonly averages: Queue,
  ) {}

  async scrapeSource(sourceId: number, progress: ProgressReporter): Promise<JobResults[JobName.ScrapeGame]> {
    const em = this.orm.em.fork();
    const source = await em.findOne(ScraperSource, sourceId);
    if (!source) throw new UnrecoverableError(`La fuente ${sourceId} ya no existe`);
    const gameId = source.game.id;

    await progress({ percent: 10, message: 'descargando la página de críticas' });
    let imported: number;
    let via: 'http' | 'browser';
    try {
      const page = await this.pages.fetcher.fetch(source.url, {
        mode: 'auto',
        needsBrowser: reviewsNeedBrowser,
      });
      via = page.via;
      const reviews = uniqueByKey(extractReviews(page.body, page.url).map(toRow));
      imported = await em.getRepository(MediaReview).upsertScraped(gameId, source.id, reviews);
    } catch (error) {
      source.lastScrapedAt = new Date();
      source.lastStatus = 'failed';
      source.lastError = errorMessage(error);
      await em.flush();
      throw asJobError(error);
    }
    source.lastScrapedAt = new Date();
    source.lastStatus = 'ok';
    source.lastReviewCount = imported;
    source.lastError = null;
    await em.flush();
    await progress({ percent: 90, message: `reseñas importadas: ${imported}` });

    // One pending recalculation per game, as the API's producer does.
    await this.averages.add(
      JobName.RecalculateAverage,
      { gameId },
      { deduplication: { id: recalculateAverageDeduplicationId(gameId), keepLastIfActive: true } },
    );
    await progress({ percent: 100, message: `reseñas importadas: ${imported}` });
    return { sourceId, reviewsImported: imported, via };
  }
}

function toRow(review: ExtractedReview): ScrapedMediaReview {
  return {
    outlet: review.outlet || 'Desconocido',
    logo: review.logo,
    author: review.author,
    rawScore: review.rawScore,
    scale: review.scale,
    rating: review.rating === null ? null : Math.max(0, Math.min(100, Math.round(review.rating))),
    snippet: review.snippet,
    link: review.link,
    platform: review.platform,
    publishedAt: review.publishedAt?.slice(0, 10) ?? null,
    dedupeKey: reviewDedupeKey({ ...review, outlet: review.outlet || 'Desconocido' }),
  };
}

/** Two reviews of one page with the same identity would make the single upsert statement fail. */
function uniqueByKey(rows: ScrapedMediaReview[]): ScrapedMediaReview[] {
  return [...new Map(rows.map((row) => [row.dedupeKey, row])).values()];
}
