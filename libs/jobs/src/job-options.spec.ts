import { jobOptions, scheduleId, SCHEDULES, WORKER_OPTIONS } from './job-options.js';
import { JobName, QUEUE_OF, QueueName } from './job-names.js';

describe('the job options table', () => {
  it('keeps one pending recalculation per game, queued behind a running one', () => {
    expect(jobOptions(JobName.RecalculateAverage, { gameId: 7 }).deduplication).toEqual({
      id: 'recalculate-average:7',
      keepLastIfActive: true,
    });
    expect(jobOptions(JobName.RecalculateAverage, { gameId: 8 }).deduplication?.id).toBe(
      'recalculate-average:8',
    );
  });

  it('gives an article import a job id derived from its URL (no ":" allowed by BullMQ)', () => {
    const one = jobOptions(JobName.ImportNews, { url: 'https://example.com/a' }).jobId;
    expect(one).toMatch(/^import-news-[0-9a-f]{40}$/);
    expect(jobOptions(JobName.ImportNews, { url: 'https://example.com/a', feedId: 3 }).jobId).toBe(one);
    expect(jobOptions(JobName.ImportNews, { url: 'https://example.com/b' }).jobId).not.toBe(one);
  });

  it('never retries the general scraper and deduplicates it', () => {
    expect(jobOptions(JobName.ScrapeCatalogue, { requestedBy: 'admin' })).toMatchObject({
      attempts: 1,
      deduplication: { id: 'scrape-catalogue' },
    });
  });

  it('purges a surrogate key once per short window, queued behind a running purge', () => {
    const home = jobOptions(JobName.PurgeCdn, { key: 'home' });
    expect(home.delay).toBeGreaterThan(0);
    expect(home.delay).toBeLessThanOrEqual(5000);
    expect(home.deduplication).toEqual({ id: 'purge-cdn:home', keepLastIfActive: true });
    expect(jobOptions(JobName.PurgeCdn, { key: 'game-7' }).deduplication?.id).toBe('purge-cdn:game-7');
  });

  it('sends a mail once per template and key, remembered after the job is gone', () => {
    const mail = (template: 'email-changed' | 'email-change-requested', key: string) =>
      jobOptions(JobName.SendMail, {
        template,
        key,
        to: 'ana@example.com',
        data: { username: 'ana', newEmail: 'ana@example.org' },
      }).deduplication;
    expect(mail('email-changed', 'a')?.ttl).toBeGreaterThanOrEqual(7 * 24 * 3600 * 1000);
    expect(mail('email-changed', 'a')?.id).toBe(mail('email-changed', 'a')?.id);
    expect(mail('email-changed', 'a')?.id).not.toBe(mail('email-changed', 'b')?.id);
    expect(mail('email-changed', 'a')?.id).not.toBe(mail('email-change-requested', 'a')?.id);
  });

  it('walks a burst of changes to the catalogue once, and one ordering once however it is asked for', () => {
    const refresh = jobOptions(JobName.RefreshCatalogueOrderings, {});
    expect(refresh.delay).toBeGreaterThan(0);
    expect(refresh.deduplication).toEqual({ id: 'refresh-catalogue-orderings', keepLastIfActive: true });
    const walk = (filters: Record<string, unknown>) =>
      jobOptions(JobName.WalkCatalogueOrdering, { sort: 'avRatings', filters }).deduplication?.id;
    expect(walk({ platform: 'PC', genres: ['b', 'a'] })).toBe(
      walk({ genres: ['a', 'b'], scored: false, platform: 'PC', year: undefined }),
    );
    expect(walk({ platform: 'PC' })).not.toBe(walk({ platform: 'PC', scored: true }));
  });

  it('sets attempts, backoff and removal for every job', () => {
    const samples: { [J in JobName]: Parameters<typeof jobOptions<J>>[1] } = {
      [JobName.RecalculateAverage]: { gameId: 1 },
      [JobName.ScrapeGame]: { sourceId: 1 },
      [JobName.ScrapeCatalogue]: { requestedBy: 'schedule' },
      [JobName.DiscoverReviewSources]: { requestedBy: 'schedule' },
      [JobName.ImportNews]: { url: 'https://example.com' },
      [JobName.PollFeeds]: {},
      [JobName.ReconcileFigures]: {},
      [JobName.TranslateGame]: { gameId: 1 },
      [JobName.PurgeCdn]: { key: 'home' },
      [JobName.SendMail]: {
        template: 'email-changed',
        key: 'change-1',
        to: 'ana@example.com',
        data: { username: 'ana', newEmail: 'ana@example.org' },
      },
      [JobName.DispatchDomainEvent]: { id: 'e1', event: { name: 'game.figures-changed', igdbId: 1 } },
      [JobName.DetectUnusualActivity]: {},
      [JobName.FanOutAlert]: { alertId: '1' },
      [JobName.NotifyFollowers]: { alertId: '1', fromUserId: 1, toUserId: 1000 },
      [JobName.ReleaseDayAlerts]: {},
      [JobName.SendAlertDigests]: { period: 'daily' },
      [JobName.ComputeSimilarGames]: { igdbId: 1 },
      [JobName.ComputePlayerTimes]: { gameId: 1 },
      [JobName.MatchDiaryImport]: { importId: 1 },
      [JobName.RefreshCatalogueOrderings]: {},
      [JobName.WalkCatalogueOrdering]: { sort: 'avRatings', filters: { platform: 'PC' } },
      [JobName.PollPrices]: { requestedBy: 'schedule' },
    };
    for (const name of Object.values(JobName)) {
      const options = jobOptions(name, samples[name] as never);
      expect([name, options.attempts! >= 1, options.backoff, options.removeOnComplete]).toEqual([
        name,
        true,
        expect.anything(),
        expect.anything(),
      ]);
    }
  });

  it('recovers a dead recalculation within seconds (short lock and stall check)', () => {
    const averages = WORKER_OPTIONS[QueueName.Averages];
    expect(averages.lockDuration! + averages.stalledInterval!).toBeLessThanOrEqual(5000);
  });

  it('schedules only jobs of the contract, each scheduler once', () => {
    const ids = SCHEDULES.map(scheduleId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { name } of SCHEDULES) expect(Object.values(QueueName)).toContain(QUEUE_OF[name]);
  });
});
