import type { JobsOptions, WorkerOptions } from 'bullmq';
import {
  domainEventDeduplicationId,
  importNewsJobId,
  purgeCdnDeduplicationId,
  recalculateAverageDeduplicationId,
  scrapeGameDeduplicationId,
  sendMailDeduplicationId,
  translateGameDeduplicationId,
  computeSimilarGamesDeduplicationId,
  computePlayerTimesDeduplicationId,
  walkCatalogueOrderingDeduplicationId,
} from './job-ids.js';
import { JobName, type JobPayloads, QueueName } from './job-names.js';

/** How long a sent (or failed) mail's template and key are remembered: the same mail is not sent again. */
export const SEND_MAIL_ONCE_MS = 30 * 24 * 3600 * 1000;

/** How long a purge waits, so the keys of changes close together leave in one CDN API call. */
export const PURGE_CDN_DELAY_MS = 1000;

/**
 * How long a refresh of the catalogue's orderings waits after the change that asked for it: the changes of
 * a burst (a wave of ratings, an import) mark their orderings meanwhile and one walk of each serves them all.
 */
export const CATALOGUE_REFRESH_DELAY_MS = 2000;

const RETRIED: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 2000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/**
 * Every job's options in one table (immich's getJobOptions): attempts, backoff, deduplication, job ids and
 * removal. Nothing outside `libs/jobs` passes options to BullMQ; a new job type adds one line here.
 */
const JOB_OPTIONS: { readonly [J in JobName]: (payload: JobPayloads[J]) => JobsOptions } = {
  // One pending recalculation per game; while one runs, the newest request waits behind it
  // (keepLastIfActive), so a rating committed during a run is never missed. A short job: fast retries.
  [JobName.RecalculateAverage]: ({ gameId, mediaReviews }) => ({
    ...RETRIED,
    // 8 tries, 250 ms to 16 s apart: they outlast ~30 s of lost database connections.
    attempts: 8,
    backoff: { type: 'exponential', delay: 250 },
    removeOnComplete: { age: 3600, count: 1000 },
    deduplication: { id: recalculateAverageDeduplicationId(gameId, mediaReviews), keepLastIfActive: true },
  }),
  [JobName.ScrapeGame]: ({ sourceId }) => ({
    ...RETRIED,
    deduplication: { id: scrapeGameDeduplicationId(sourceId) },
  }),
  // One general scraper at a time (asking again while it runs returns the same job), never retried: the
  // next day's run does it again.
  [JobName.ScrapeCatalogue]: () => ({ ...RETRIED, attempts: 1, deduplication: { id: 'scrape-catalogue' } }),
  // The id derived from the URL makes a double click and a feed listing an article already queued land on
  // the same job; a finished one is replaced (see JobGateway.enqueue).
  // One discovery at a time, never retried: the next run (six hours later) looks again.
  [JobName.DiscoverReviewSources]: () => ({
    ...RETRIED,
    attempts: 1,
    deduplication: { id: 'discover-review-sources' },
  }),
  [JobName.ImportNews]: ({ url }) => ({ ...RETRIED, jobId: importNewsJobId(url) }),
  [JobName.PollFeeds]: ({ feedId }) => ({
    ...RETRIED,
    deduplication: { id: `poll-feeds:${feedId ?? 'all'}` },
  }),
  // One pending translation per game.
  // One pending computation per game; a change during a run queues one more behind it.
  [JobName.ComputeSimilarGames]: ({ igdbId }) => ({
    ...RETRIED,
    removeOnComplete: { age: 3600, count: 1000 },
    deduplication: { id: computeSimilarGamesDeduplicationId(igdbId), keepLastIfActive: true },
  }),
  // One pending computation per game; a status changed during a run queues one more behind it.
  [JobName.ComputePlayerTimes]: ({ gameId }) => ({
    ...RETRIED,
    removeOnComplete: { age: 3600, count: 1000 },
    deduplication: { id: computePlayerTimesDeduplicationId(gameId), keepLastIfActive: true },
  }),
  [JobName.TranslateGame]: ({ gameId }) => ({
    ...RETRIED,
    deduplication: { id: translateGameDeduplicationId(gameId) },
  }),
  [JobName.ReconcileFigures]: () => ({
    ...RETRIED,
    attempts: 2,
    removeOnComplete: { age: 7 * 24 * 3600, count: 200 },
    deduplication: { id: 'reconcile-figures' },
  }),
  // One sweep at a time; the next hour's run does again what a failed one missed.
  [JobName.DetectUnusualActivity]: () => ({
    ...RETRIED,
    attempts: 2,
    removeOnComplete: { age: 7 * 24 * 3600, count: 200 },
    deduplication: { id: 'detect-unusual-activity' },
  }),
  // One pending purge per surrogate key, sent after a short delay so the keys of changes close together
  // leave in one CDN API call; a change during a running purge queues one more behind it
  // (keepLastIfActive), so the CDN never keeps an answer older than the last change.
  [JobName.PurgeCdn]: ({ key }) => ({
    ...RETRIED,
    delay: PURGE_CDN_DELAY_MS,
    deduplication: { id: purgeCdnDeduplicationId(key), keepLastIfActive: true },
  }),
  // Once per template and key: the deduplication id outlives the job (BullMQ's ttl mode), so asking again
  // for a mail already sent (a retried fan-out, an event dispatched twice) adds nothing.
  // Once per event: a relay that sends an event again (its mark as sent was lost) adds nothing for a day.
  [JobName.DispatchDomainEvent]: ({ id }) => ({
    ...RETRIED,
    backoff: { type: 'exponential', delay: 500 },
    removeOnComplete: { age: 24 * 3600, count: 5000 },
    deduplication: { id: domainEventDeduplicationId(id), ttl: 24 * 3600 * 1000 },
  }),
  // One pending fan-out per alert and one pending batch per range: asking again while one waits adds
  // nothing, and a batch run twice inserts nothing twice (notifications are unique per user and alert).
  [JobName.FanOutAlert]: ({ alertId }) => ({
    ...RETRIED,
    deduplication: { id: `fan-out-alert:${alertId}` },
  }),
  [JobName.NotifyFollowers]: ({ alertId, fromUserId }) => ({
    ...RETRIED,
    removeOnComplete: { age: 3600, count: 5000 },
    deduplication: { id: `notify-followers:${alertId}:${fromUserId}` },
  }),
  [JobName.ReleaseDayAlerts]: () => ({ ...RETRIED, deduplication: { id: 'release-day-alerts' } }),
  [JobName.SendAlertDigests]: ({ period }) => ({
    ...RETRIED,
    deduplication: { id: `send-alert-digests:${period}` },
  }),
  // One run per import: a retried upload or relay lands on the same job while it waits or runs.
  [JobName.MatchDiaryImport]: ({ importId }) => ({
    ...RETRIED,
    attempts: 3,
    deduplication: { id: `match-diary-import:${importId}` },
  }),
  // One pending refresh, started after a short delay so a burst of changes is walked once; a change during
  // a running refresh queues one more behind it (keepLastIfActive), so no mark waits for the next sweep.
  [JobName.RefreshCatalogueOrderings]: () => ({
    ...RETRIED,
    delay: CATALOGUE_REFRESH_DELAY_MS,
    removeOnComplete: { age: 3600, count: 200 },
    deduplication: { id: 'refresh-catalogue-orderings', keepLastIfActive: true },
  }),
  // One pending walk per ordering, however many API processes ask for it at once.
  [JobName.WalkCatalogueOrdering]: (payload) => ({
    ...RETRIED,
    attempts: 3,
    removeOnComplete: { age: 3600, count: 1000 },
    deduplication: { id: walkCatalogueOrderingDeduplicationId(payload) },
  }),
  // One poll at a time (asking again while one runs returns it), never retried as a whole: each call to a
  // store has its own retries, and the next run (six hours later) asks again.
  [JobName.PollPrices]: () => ({ ...RETRIED, attempts: 1, deduplication: { id: 'poll-prices' } }),
  [JobName.SendMail]: ({ template, key }) => ({
    ...RETRIED,
    removeOnComplete: { age: 7 * 24 * 3600, count: 5000 },
    deduplication: { id: sendMailDeduplicationId(template, key), ttl: SEND_MAIL_ONCE_MS },
  }),
};

export function jobOptions<J extends JobName>(name: J, payload: JobPayloads[J]): JobsOptions {
  return JOB_OPTIONS[name](payload);
}

/**
 * Lock and stall settings per queue. Recalculations last milliseconds: with BullMQ's defaults (30 s lock,
 * 30 s stall check) a job whose worker was killed blocks its game's deduplication for about a minute. A
 * 2 s lock renewed every second and a stall check every second bring such a job back within ~3 s. Scraping
 * and news jobs run for seconds to minutes (a browser page) and keep the defaults.
 */
export const WORKER_OPTIONS: { readonly [Q in QueueName]: Partial<WorkerOptions> } = {
  // A recalculation is idempotent: one that stalls (its worker died, or its lock's renewals were lost with
  // their connections) is taken again up to 10 times, so a sweep of every connection for ~10 s does not fail
  // it for good (3 did: an average then waited for the 10-minute reconciliation).
  [QueueName.Averages]: { lockDuration: 2000, stalledInterval: 1000, maxStalledCount: 10 },
  [QueueName.Scraping]: { concurrency: 2 },
  [QueueName.News]: { concurrency: 2 },
  // Two at a time: translation services limit requests per client, and a page never waits for them.
  [QueueName.Translation]: { concurrency: 2 },
  // Short jobs (a dispatch enqueues, a mail is one SMTP exchange); SMTP servers throttle bursts.
  [QueueName.Events]: { concurrency: 4 },
  // Batches are one INSERT … SELECT each (about a second at most): a short lock brings the batch of a
  // killed worker back within seconds, and its retry inserts only what is missing.
  [QueueName.Alerts]: { concurrency: 2, lockDuration: 5000, stalledInterval: 2000, maxStalledCount: 5 },
  // One poll at a time: the spacing per store host holds within one run.
  [QueueName.Prices]: { concurrency: 1 },
};

/**
 * The end of a worker's grace period (WORKER_SHUTDOWN_GRACE_MS) kept for what follows its jobs on SIGTERM:
 * handing back the ones still running and closing queues, relay and database, so that the whole stop stays
 * within the grace. Running jobs get the grace minus this.
 */
export const WORKER_SHUTDOWN_RESERVE_MS = 4000;

/** Repeated jobs: every worker process declares them (idempotent) at start, on reconnect and periodically. */
export const SCHEDULES: readonly {
  name: JobName;
  pattern: string;
  /** The time zone of the pattern (server time when absent). */
  tz?: string;
  /** The scheduler's id when one job has several schedules (the job's name otherwise). */
  id?: string;
  data: JobPayloads[JobName];
}[] = [
  // Every 30 minutes on the clock (a cron pattern, so a worker start does not trigger a poll at once).
  { name: JobName.PollFeeds, pattern: '*/30 * * * *', data: {} },
  // Every day at 05:00 (server time), when the outlets are quiet.
  { name: JobName.ScrapeCatalogue, pattern: '0 5 * * *', data: { requestedBy: 'schedule' } },
  // Every six hours: critic-review pages of recent games (off unless REVIEW_DISCOVERY=on).
  { name: JobName.DiscoverReviewSources, pattern: '20 */6 * * *', data: { requestedBy: 'schedule' } },
  // Every six hours: the stores' prices (off unless PRICES_POLL=on; budget in docs/PRICES.md).
  { name: JobName.PollPrices, pattern: '40 */6 * * *', data: { requestedBy: 'schedule' } },
  // Every 10 minutes: repairs figures whose recalculation was lost (zero in a healthy system).
  { name: JobName.ReconcileFigures, pattern: '*/10 * * * *', data: {} },
  // Every 10 minutes: the catalogue's orderings a new day moved (games released today enter it) or no
  // event marked (the domain events mark the rest at once).
  { name: JobName.RefreshCatalogueOrderings, pattern: '3-59/10 * * * *', data: {} },
  // Every hour: unusual rating activity on the games rated in the last two days (a rating's own
  // recalculation already looks at its game; this catches windows that only stand out afterwards).
  { name: JobName.DetectUnusualActivity, pattern: '17 * * * *', data: {} },
  // 'Sale hoy' at 09:00 Spain's time on the day, summer or winter.
  { name: JobName.ReleaseDayAlerts, pattern: '0 9 * * *', tz: 'Europe/Madrid', data: {} },
  // Digests: every evening, and on Monday evenings for the weekly one.
  { name: JobName.SendAlertDigests, pattern: '0 19 * * *', tz: 'Europe/Madrid', data: { period: 'daily' } },
  {
    name: JobName.SendAlertDigests,
    id: 'send-alert-digests-weekly',
    pattern: '0 19 * * 1',
    tz: 'Europe/Madrid',
    data: { period: 'weekly' },
  },
];

export const scheduleId = (schedule: (typeof SCHEDULES)[number]): string => schedule.id ?? schedule.name;
