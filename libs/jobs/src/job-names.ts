import type { CatalogueOrderingKey } from '@veredicto/db';
import type { MailTemplateData, MailTemplateName } from '@veredicto/mail';
import type { DomainEventEnvelope, DomainEventName } from './domain-events.js';

/**
 * The contract between the API (producer) and the workers (consumers). Queue names are stored with
 * every job in Redis/PostgreSQL: never rename them. Payloads carry ids only, never entities.
 */
export enum QueueName {
  Averages = 'averages',
  Scraping = 'scraping',
  News = 'news',
  Translation = 'translation',
  /**
   * Side effects of changes: the domain-event dispatcher and the mails it and the API ask for; the matching
   * of a user's diary import.
   */
  Events = 'events',
  /** Followed games' alerts fanned out into notifications and mails, apart from ratings and averages. */
  Alerts = 'alerts',
  /** The stores' prices (docs/CONTRACT.md §20): long, polite calls to outside APIs, apart from the rest. */
  Prices = 'prices',
}

export enum JobName {
  RecalculateAverage = 'recalculate-average',
  ScrapeGame = 'scrape-game',
  ScrapeCatalogue = 'scrape-catalogue',
  DiscoverReviewSources = 'discover-review-sources',
  ImportNews = 'import-news',
  PollFeeds = 'poll-feeds',
  ReconcileFigures = 'reconcile-figures',
  TranslateGame = 'translate-game',
  PurgeCdn = 'purge-cdn',
  SendMail = 'send-mail',
  DispatchDomainEvent = 'dispatch-domain-event',
  DetectUnusualActivity = 'detect-unusual-activity',
  FanOutAlert = 'fan-out-alert',
  NotifyFollowers = 'notify-followers',
  ReleaseDayAlerts = 'release-day-alerts',
  SendAlertDigests = 'send-alert-digests',
  ComputeSimilarGames = 'compute-similar-games',
  MatchDiaryImport = 'match-diary-import',
  RefreshCatalogueOrderings = 'refresh-catalogue-orderings',
  WalkCatalogueOrdering = 'walk-catalogue-ordering',
  PollPrices = 'poll-prices',
  ComputePlayerTimes = 'compute-player-times',
}

/** One ordering of the catalogue as the API asks for it: a sort and its filters (values, no entities). */
export type CatalogueOrderingPayload = CatalogueOrderingKey;

/**
 * One e-mail: a template of libs/mail with its typed data, and the key that makes it one of a kind (the
 * same template and key are sent once: an alert's change and user, a report's id). A mail cannot be
 * rebuilt from ids alone (a reset link's token exists only here), so this payload carries its data.
 */
export type SendMailPayload = {
  [T in MailTemplateName]: {
    template: T;
    key: string;
    to: string;
    data: MailTemplateData[T];
    /** RFC 8058 one-click unsubscribe address (List-Unsubscribe and List-Unsubscribe-Post headers). */
    unsubscribeUrl?: string;
  };
}[MailTemplateName];

export interface JobPayloads {
  /**
   * `mediaReviews`: the game's media reviews changed, so its outlets' figures are refreshed first; a
   * player's rating leaves it out and never touches an outlet (docs/RELIABILITY.md, "A rating").
   */
  [JobName.RecalculateAverage]: { gameId: number; mediaReviews?: true };
  [JobName.ScrapeGame]: { sourceId: number };
  [JobName.ScrapeCatalogue]: { requestedBy: 'admin' | 'schedule' };
  /** Finds the critic-review pages of recent, upcoming and most-followed games, and re-reads recent ones. */
  [JobName.DiscoverReviewSources]: { requestedBy: 'admin' | 'schedule' };
  [JobName.ImportNews]: { url: string; feedId?: number };
  [JobName.PollFeeds]: { feedId?: number };
  [JobName.ReconcileFigures]: Record<string, never>;
  [JobName.TranslateGame]: { gameId: number };
  /** One surrogate key (`game-<igdbID>`, `news-<newID>`, `home`); the worker batches keys into API calls. */
  [JobName.PurgeCdn]: { key: string };
  [JobName.SendMail]: SendMailPayload;
  /** `handled`: the consumers done in an earlier attempt (a retry runs only the others). */
  [JobName.DispatchDomainEvent]: DomainEventEnvelope & { handled?: string[] };
  [JobName.DetectUnusualActivity]: Record<string, never>;
  /** Cuts the followers of the alert's game into ranges of user ids, one notify-followers job each. */
  [JobName.FanOutAlert]: { alertId: string };
  /** One batch of a fan-out: the followers whose ids are in [fromUserId, toUserId]. */
  [JobName.NotifyFollowers]: { alertId: string; fromUserId: number; toUserId: number };
  /** `day` (yyyy-MM-dd) for a run asked by hand; the schedule's run takes today in Madrid. */
  [JobName.ReleaseDayAlerts]: { day?: string };
  [JobName.SendAlertDigests]: { period: 'daily' | 'weekly' };
  [JobName.ComputeSimilarGames]: { igdbId: number };
  /** An uploaded diary file whose rows wait to be matched to the catalogue (diary_imports). */
  [JobName.MatchDiaryImport]: { importId: number };
  /** Walks every catalogue ordering a change marked, a new day moved or nobody walked yet. */
  [JobName.RefreshCatalogueOrderings]: Record<string, never>;
  /** Walks one ordering the API has no anchors for (a combination asked for the first time). */
  [JobName.WalkCatalogueOrdering]: CatalogueOrderingPayload;
  /** Asks every store for the prices of the games it sells (off unless PRICES_POLL=on). */
  [JobName.PollPrices]: { requestedBy: 'admin' | 'schedule' };
  /** A game's players' times from its completed statuses (a status or a session of it changed). */
  [JobName.ComputePlayerTimes]: { gameId: number };
}

export interface JobResults {
  /** `igdbId`: the API's processes drop that game's cached reads when they hear it completed. */
  [JobName.RecalculateAverage]: {
    gameId: number;
    igdbId: number;
    avRatings: number | null;
    criticReviewCount: number;
    avUserRatings: number | null;
    userRatingCount: number;
  } | null;
  [JobName.ScrapeGame]: { sourceId: number; reviewsImported: number; via: 'http' | 'browser' };
  [JobName.ScrapeCatalogue]: { sources: number; gamesImported: number };
  /** `enabled`: false when REVIEW_DISCOVERY is off (nothing is fetched). */
  [JobName.DiscoverReviewSources]: {
    enabled: boolean;
    games: number;
    added: number;
    refused: number;
    rereads: number;
  };
  [JobName.ImportNews]: { newsId: number; created: boolean; via: 'http' | 'browser' };
  [JobName.PollFeeds]: { feeds: number; enqueued: number };
  [JobName.ReconcileFigures]: { checked: number; fixed: number; gameIds: number[] };
  /** `source` is null when nothing was stored (no English text, or a Spanish one already there). */
  [JobName.TranslateGame]: { gameId: number; source: 'libretranslate' | 'deepl' | null };
  [JobName.PurgeCdn]: { key: string; provider: 'none' | 'cloudflare' | 'fastly' };
  /** `file` is the .eml written without SMTP; null when sent by SMTP or already written for this key. */
  /** `skipped`: the mail's key was sent already (a retried job), nothing sent this time. */
  [JobName.SendMail]: {
    template: MailTemplateName;
    messageId: string;
    file: string | null;
    skipped?: boolean;
  };
  /**
   * Every consumer of the event that has handled it, this attempt or an earlier one, and the game the
   * event is about (what the API processes drop from their read caches on its completion).
   */
  [JobName.DispatchDomainEvent]: { id: string; name: DomainEventName; igdbId: number; consumers: string[] };
  /** Games looked at, windows flagged on them, ratings whose exclusion changed. */
  [JobName.DetectUnusualActivity]: { games: number; flagged: number; changed: number };
  [JobName.FanOutAlert]: { alertId: string; followers: number; batches: number };
  [JobName.NotifyFollowers]: { alertId: string; notified: number; mailed: number };
  [JobName.ReleaseDayAlerts]: { day: string; games: number };
  [JobName.SendAlertDigests]: { period: 'daily' | 'weekly'; users: number; notifications: number };
  /** `found`: false when the game no longer exists. */
  [JobName.ComputeSimilarGames]: { igdbId: number; found: boolean };
  [JobName.MatchDiaryImport]: { importId: number; matched: number; ambiguous: number; unmatched: number };
  /** Orderings walked, added to the precomputed list, and dropped for nobody asking for them. */
  [JobName.RefreshCatalogueOrderings]: { walked: number; added: number; dropped: number };
  [JobName.WalkCatalogueOrdering]: { sort: string; filterKey: string; total: number };
  /** `enabled`: false when PRICES_POLL is off (no store called); one line per store asked. */
  [JobName.PollPrices]: {
    enabled: boolean;
    stores: { store: string; games: number; changed: number; failed: number; requests: number }[];
  };
  /** Platforms with a figure (every platform together counts as one), and whether the main story moved. */
  [JobName.ComputePlayerTimes]: { gameId: number; platforms: number; lengthChanged: boolean };
}

export const QUEUE_OF: { readonly [J in JobName]: QueueName } = {
  [JobName.RecalculateAverage]: QueueName.Averages,
  [JobName.ScrapeGame]: QueueName.Scraping,
  [JobName.ScrapeCatalogue]: QueueName.Scraping,
  // It fetches pages through the scraping family's one fetcher (robots.txt, per-domain spacing).
  [JobName.DiscoverReviewSources]: QueueName.Scraping,
  [JobName.ImportNews]: QueueName.News,
  [JobName.PollFeeds]: QueueName.News,
  [JobName.ReconcileFigures]: QueueName.Averages,
  [JobName.TranslateGame]: QueueName.Translation,
  // Short and frequent like the recalculations that trigger most purges.
  [JobName.PurgeCdn]: QueueName.Averages,
  [JobName.SendMail]: QueueName.Events,
  [JobName.DispatchDomainEvent]: QueueName.Events,
  [JobName.DetectUnusualActivity]: QueueName.Averages,
  [JobName.FanOutAlert]: QueueName.Alerts,
  [JobName.NotifyFollowers]: QueueName.Alerts,
  [JobName.ReleaseDayAlerts]: QueueName.Alerts,
  [JobName.SendAlertDigests]: QueueName.Alerts,
  // One query per game, like a recalculation.
  [JobName.ComputeSimilarGames]: QueueName.Averages,
  // Short and awaited by a person on the import screen, like the mails of this queue.
  [JobName.MatchDiaryImport]: QueueName.Events,
  // Side effects of the catalogue's domain events, like their dispatch; a walk is one statement.
  [JobName.RefreshCatalogueOrderings]: QueueName.Events,
  [JobName.WalkCatalogueOrdering]: QueueName.Events,
  [JobName.PollPrices]: QueueName.Prices,
  // One query per game, like a recalculation; its completion clears the API's read cache the same way.
  [JobName.ComputePlayerTimes]: QueueName.Averages,
};

export const ALL_QUEUES = Object.values(QueueName);

export const jobsOfQueue = (queue: QueueName): JobName[] =>
  Object.values(JobName).filter((job) => QUEUE_OF[job] === queue);

/** What each job shows as progress while it runs (read by the admin screen). */
export interface JobProgress {
  percent: number;
  message: string;
}
