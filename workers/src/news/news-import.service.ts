import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { stripXmlForbidden } from '@veredicto/contract';
import { NewsArticle, outletOriginFromLink } from '@veredicto/db';
import type { JobResults, JobName } from '@veredicto/jobs';
import { ReadOnce } from '@veredicto/scraping/html/read-once.js';
import { readArticlePage } from '@veredicto/scraping/news/extract-article.js';
import { WorkerPageFetcher } from '../common/page-fetcher.provider.js';
import { asJobError } from '../common/scrape-errors.js';
import { noProgress, type ProgressReporter } from '../common/progress-reporter.js';

/** One news article from its URL: fetch (HTTP, or the browser for JavaScript pages), extract, upsert. */
@Injectable()
export class NewsImportService {
  constructor(
    private readonly orm: MikroORM,
    private readonly pages: WorkerPageFetcher,
  ) {}

  async importArticle(
    url: string,
    feedId: number | null = null,
    progress: ProgressReporter = noProgress,
    signal?: AbortSignal,
  ): Promise<JobResults[JobName.ImportNews]> {
    await progress({ percent: 10, message: 'descargando la página' });
    // 'hace 2 horas' counts from the fetch; the page read to decide on the browser is not read again.
    const now = new Date();
    // A time without a zone is the outlet's local time: its country as the registry reads it from the domain.
    const reader = new ReadOnce((html: string, pageUrl: string) =>
      readArticlePage(html, pageUrl, { now, country: outletOriginFromLink(pageUrl).country }),
    );
    let page;
    try {
      page = await this.pages.fetcher.fetch(url, {
        mode: 'auto',
        needsBrowser: (html) => reader.get(html, url).needsBrowser,
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw asJobError(error);
    }
    await progress({
      percent: 60,
      message: `extrayendo la noticia (${page.via === 'browser' ? 'navegador' : 'HTTP'})`,
    });
    const { article } = reader.get(page.body, page.url);
    if (!article.title) throw new UnrecoverableError('La página no contiene una noticia reconocible');

    const em = this.orm.em.fork();
    const publication = article.publicationDate ? new Date(article.publicationDate) : null;
    // What XML 1.0 forbids goes before it is stored, whichever part of the page the text came from.
    const { id, created } = await em.getRepository(NewsArticle).upsertByLink({
      title: stripXmlForbidden(article.title),
      image: article.image,
      logo: article.logo,
      publicationDate: publication && !Number.isNaN(publication.getTime()) ? publication : null,
      description: stripXmlForbidden(article.description),
      description2: stripXmlForbidden(article.description2),
      description3: stripXmlForbidden(article.description3),
      link: article.link || page.url,
      medium: stripXmlForbidden(article.medium) || new URL(page.url).hostname,
      feedId,
    });
    await progress({ percent: 100, message: created ? 'noticia importada' : 'noticia actualizada' });
    return { newsId: id, created, via: page.via };
  }
}
