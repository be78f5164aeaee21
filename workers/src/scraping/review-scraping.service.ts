import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { LANGUAGE_LOCALES } from '@veredicto/contract';
import {
  GameLanguage,
  MediaReview,
  ScraperSource,
  type LanguageStatement,
  type ScrapedMediaReview,
} from '@veredicto/db';
import {
  JobGateway,
  JobName,
  languagesChanged,
  type JobResults,
  OutboxRelay,
  type RecordedEvents,
} from '@veredicto/jobs';
import { ReadOnce } from '@veredicto/scraping/html/read-once.js';
import { readReviewPage } from '@veredicto/scraping/reviews/extract-reviews.js';
import { logRefusals } from '@veredicto/scraping/reviews/review-refusals.js';
import type { SpanishStatement } from '@veredicto/scraping/reviews/spanish-statement.js';
import { storableReviews } from '@veredicto/scraping/reviews/storable-review.js';
import type { ProgressReporter } from '../common/progress-reporter.js';
import { WorkerPageFetcher } from '../common/page-fetcher.provider.js';
import { asJobError, errorMessage } from '../common/scrape-errors.js';

/** scrape-game: the media reviews of one registered source page, then the game's critic average. */
@Injectable()
export class ReviewScrapingService {
  private readonly logger = new Logger(ReviewScrapingService.name);

  constructor(
    private readonly orm: MikroORM,
    private readonly pages: WorkerPageFetcher,
    private readonly jobs: JobGateway,
    private readonly outbox: OutboxRelay,
  ) {}

  /** `signal` aborts the fetch when the worker gives the job up (shutdown): nothing is stored then. */
  async scrapeSource(
    sourceId: number,
    progress: ProgressReporter,
    signal?: AbortSignal,
  ): Promise<JobResults[JobName.ScrapeGame]> {
    const em = this.orm.em.fork();
    const source = await em.findOne(ScraperSource, sourceId, { populate: ['game'] });
    if (!source) throw new UnrecoverableError(`La fuente ${sourceId} ya no existe`);
    const gameId = source.game.id;

    await progress({ percent: 10, message: 'descargando la página de críticas' });
    let imported: number;
    let outboxIds: string[];
    let recorded: RecordedEvents | null;
    let via: 'http' | 'browser';
    try {
      // The reading that decided "no browser needed" is the page's reading: each page is parsed once.
      // A page about another game yields nothing (its reviews would be averaged into this one).
      const gameNames = await em.getRepository(ScraperSource).gameNames(gameId);
      const reader = new ReadOnce((html: string, url: string) => readReviewPage(html, url, { gameNames }));
      const page = await this.pages.fetcher.fetch(source.url, {
        mode: 'auto',
        needsBrowser: (html) => reader.get(html, source.url).needsBrowser,
        signal,
      });
      via = page.via;
      const reading = reader.get(page.body, page.url);
      logRefusals(this.logger, page.url, reading.refusals);
      const rows: ScrapedMediaReview[] = storableReviews(reading.reviews);
      const spanish = reviewLanguageStatements(
        source.game.igdbId,
        reading.spanish,
        page.url,
        reading.reviews[0]?.publishedAt ?? null,
      );
      // The reviews, the record that the game's figures must be recomputed, the Spanish the review states
      // (a `review` entry, docs/CONTRACT.md §13) and their events commit together.
      ({ imported, outboxIds, recorded } = await em.transactional(async (tx) => {
        const stored = await tx.getRepository(MediaReview).upsertScraped(gameId, source.id, rows);
        const languagesOf = await tx.getRepository(GameLanguage).state(spanish);
        const events = [
          ...(stored > 0
            ? [{ name: 'review.changed' as const, igdbId: source.game.igdbId, kind: 'media' as const }]
            : []),
          ...languagesOf.map(languagesChanged),
        ];
        return {
          imported: stored,
          outboxIds: await this.outbox.record(tx, JobName.RecalculateAverage, [
            { gameId, mediaReviews: true },
          ]),
          recorded: events.length ? await this.outbox.recordEvents(tx, events) : null,
        };
      }));
    } catch (error) {
      // Given up by a stopping worker: not the source's failure; the job goes back to the queue.
      if (signal?.aborted) throw error;
      source.lastScrapedAt = new Date();
      source.lastStatus = 'failed';
      source.lastError = errorMessage(error);
      await em.flush();
      throw asJobError(error);
    }
    source.lastScrapedAt = new Date();
    // Reviews still arriving keep a discovered source read past its weeks (ReviewDiscoveryService).
    if (imported > source.lastReviewCount) source.reviewsGrewAt = new Date();
    source.lastStatus = 'ok';
    source.lastReviewCount = imported;
    source.lastError = null;
    await em.flush();
    await progress({ percent: 90, message: `reseñas importadas: ${imported}` });

    // Sent at once; if the queue refuses it, the outbox relay sends it later.
    await this.jobs
      .enqueue(JobName.RecalculateAverage, { gameId, mediaReviews: true })
      .then(() => this.outbox.markSent(outboxIds))
      .catch(() => undefined);
    if (recorded) await this.outbox.publishRecorded(recorded);
    await progress({ percent: 100, message: `reseñas importadas: ${imported}` });
    return { sourceId, reviewsImported: imported, via };
  }
}

/**
 * The `review` entries of what a review page states of its game's Spanish ('Textos: español · Voces:
 * inglés'): for every platform (the page rarely says which version, and the review's verdict is the
 * game's), its page as the reference, the review's date (the scrape's day when the page gives none).
 */
export function reviewLanguageStatements(
  igdbId: number,
  statement: SpanishStatement | null,
  pageUrl: string,
  publishedAt: string | null,
): LanguageStatement[] {
  if (!statement) return [];
  const asOf = (publishedAt ?? new Date().toISOString()).slice(0, 10);
  return LANGUAGE_LOCALES.flatMap((locale) => {
    const { text, audio } = statement.languages[locale];
    if (text === null && audio === null) return [];
    return [
      {
        igdbId,
        platform: null,
        locale,
        text,
        audio,
        interface: null,
        subtitles: null,
        source: 'review' as const,
        sourceRef: pageUrl,
        asOf,
      },
    ];
  });
}
