/**
 * The contract between the API (producer) and the workers (consumers). Queue names are stored with
 * every job in Redis/PostgreSQL: never rename them. Payloads carry ids only, never entities.
 */
export enum QueueName {
  Averages = 'averages',
  Scraping = 'scraping',
  News = 'news',
  Translation = 'translation',
}

export enum JobName {
  RecalculateAverage = 'recalculate-average',
  ScrapeGame = 'scrape-game',
  ScrapeCatalogue = 'scrape-catalogue',
  ImportNews = 'import-news',
  PollFeeds = 'poll-feeds',
  ReconcileFigures = 'reconcile-figures',
  TranslateGame = 'translate-game',
}

export interface JobPayloads {
  [JobName.RecalculateAverage]: { gameId: number };
  [JobName.ScrapeGame]: { sourceId: number };
  [JobName.ScrapeCatalogue]: { requestedBy: 'admin' | 'schedule' };
  [JobName.ImportNews]: { url: string; feedId?: number };
  [JobName.PollFeeds]: { feedId?: number };
  [JobName.ReconcileFigures]: Record<string, never>;
  [JobName.TranslateGame]: { gameId: number };
}

export interface JobResults {
  [JobName.RecalculateAverage]: {
    gameId: number;
    avRatings: number | null;
    criticReviewCount: number;
    avUserRatings: number | null;
    userRatingCount: number;
  } | null;
  [JobName.ScrapeGame]: { sourceId: number; reviewsImported: number; via: 'http' | 'browser' };
  [JobName.ScrapeCatalogue]: { sources: number; gamesImported: number };
  [JobName.ImportNews]: { newsId: number; created: boolean; via: 'http' | 'browser' };
  [JobName.PollFeeds]: { feeds: number; enqueued: number };
  [JobName.ReconcileFigures]: { checked: number; fixed: number; gameIds: number[] };
  /** `source` is null when nothing was stored (no English text, or a Spanish one already there). */
  [JobName.TranslateGame]: { gameId: number; source: 'libretranslate' | 'deepl' | null };
}

export const QUEUE_OF: { readonly [J in JobName]: QueueName } = {
  [JobName.RecalculateAverage]: QueueName.Averages,
  [JobName.ScrapeGame]: QueueName.Scraping,
  [JobName.ScrapeCatalogue]: QueueName.Scraping,
  [JobName.ImportNews]: QueueName.News,
  [JobName.PollFeeds]: QueueName.News,
  [JobName.ReconcileFigures]: QueueName.Averages,
  [JobName.TranslateGame]: QueueName.Translation,
};

export const ALL_QUEUES = Object.values(QueueName);

export const jobsOfQueue = (queue: QueueName): JobName[] =>
  Object.values(JobName).filter((job) => QUEUE_OF[job] === queue);

/** What each job shows as progress while it runs (read by the admin screen). */
export interface JobProgress {
  percent: number;
  message: string;
}
