import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type WorkersConfig } from '@veredicto/config';
import { Alert, PriceRepository, PriceOffer, type ObservedPrice } from '@veredicto/db';
import { JobGateway, JobName, type JobResults } from '@veredicto/jobs';
import { StoreCaller, StoreCallError } from '@veredicto/scraping/prices/store-caller.js';
import { STEAM_BATCH, SteamStore } from '@veredicto/scraping/prices/steam-store.js';
import { SteamReviews } from '@veredicto/scraping/prices/steam-reviews.js';
import type { ProgressReporter } from '../common/progress-reporter.js';
import { priceAlerts } from './price-alerts.js';
import { GamePassPoll } from './game-pass-poll.js';

type PollResult = JobResults[JobName.PollPrices];

/**
 * The price poll (docs/CONTRACT.md §20): asks each store for the games it sells, in batches as large as the
 * store allows, spaced per host and retried with backoff (StoreCaller), and stores every change as a
 * snapshot. A store whose first call fails after its retries is unreachable: nothing more is asked of it.
 */
@Injectable()
export class PricePollService {
  private readonly logger = new Logger(PricePollService.name);

  constructor(
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: WorkersConfig,
    private readonly jobs: JobGateway,
  ) {}

  async run(progress: ProgressReporter, signal?: AbortSignal): Promise<PollResult> {
    if (this.config.PRICES_POLL !== 'on') return { enabled: false, stores: [] };
    const prices = this.orm.em.fork().getRepository(PriceOffer);
    const caller = new StoreCaller({ intervalMs: this.config.PRICES_REQUEST_INTERVAL_MS });
    const steam = new SteamStore(this.config.STEAM_API_URL, caller);
    const apps = await prices.steamApps();
    const runId = await prices.startRun('steam', new Date());
    const counts = { games: apps.length, changed: 0, failed: 0 };
    for (let start = 0; start < apps.length; start += STEAM_BATCH) {
      const batch = apps.slice(start, start + STEAM_BATCH);
      try {
        const answered = await steam.prices(
          batch.map((app) => app.appId),
          signal,
        );
        counts.changed += (await this.record(prices, batch, answered)).length;
      } catch (error) {
        if (!(error instanceof StoreCallError)) throw error;
        counts.failed += batch.length;
        // Unreachable from the start: every other batch would fail alike.
        if (start === 0 && error.status === null) {
          counts.failed = apps.length;
          this.logger.warn(`Steam no responde; precios sin consultar: ${error.message}`);
          break;
        }
      }
      await progress({
        percent: Math.round(((start + batch.length) / Math.max(apps.length, 1)) * 100),
        message: `Steam: ${start + batch.length} de ${apps.length} juegos`,
      });
    }
    await prices.finishRun(runId, counts);
    const pricesRequests = caller.requests;
    const reviews = await this.steamSpanish(prices, caller, progress, signal);
    const gamePass = await new GamePassPoll(this.orm, this.config, this.jobs).run(progress, signal);
    return {
      enabled: true,
      stores: [
        { store: 'steam', ...counts, requests: pricesRequests },
        { store: 'steam-reviews', ...reviews, requests: caller.requests - pricesRequests },
        gamePass,
      ],
    };
  }

  /**
   * 'En Steam, en español' (docs/CONTRACT.md §20): the store's review summary in `spanish` and `latam` of the
   * games read longest ago, within the run's budget (STEAM_REVIEWS_PER_RUN). Stored per game with its date,
   * so the game page never asks Steam. The store's host has its own spacing in the caller.
   */
  private async steamSpanish(
    prices: PriceRepository,
    caller: StoreCaller,
    progress: ProgressReporter,
    signal?: AbortSignal,
  ) {
    const reviews = new SteamReviews(this.config.STEAM_STORE_URL, caller);
    const apps = await prices.steamSpanishDue(this.config.STEAM_REVIEWS_PER_RUN);
    const counts = { games: apps.length, changed: 0, failed: 0 };
    for (const [index, app] of apps.entries()) {
      try {
        const spanish = await reviews.spanish(app.appId, signal);
        await prices.recordSteamSpanish(
          [
            {
              gameIgdbId: app.igdbId,
              appId: app.appId,
              positive: spanish?.positive ?? 0,
              total: spanish?.total ?? 0,
            },
          ],
          new Date(),
        );
        counts.changed++;
      } catch (error) {
        if (!(error instanceof StoreCallError)) throw error;
        counts.failed++;
        // Unreachable from the start: every other app would fail alike.
        if (index === 0 && error.status === null) {
          counts.failed = apps.length;
          this.logger.warn(
            `La tienda de Steam no responde; reseñas en español sin consultar: ${error.message}`,
          );
          break;
        }
      }
      if ((index + 1) % 50 === 0 || index + 1 === apps.length)
        await progress({
          percent: Math.round(((index + 1) / apps.length) * 100),
          message: `Steam, reseñas en español: ${index + 1} de ${apps.length} juegos`,
        });
    }
    return counts;
  }

  /** Stores a batch's prices, then raises the alerts of its changes and queues their fan-out. */
  private async record(
    prices: PriceRepository,
    batch: { igdbId: number; appId: string }[],
    answered: Awaited<ReturnType<SteamStore['prices']>>,
  ) {
    const gamesOf = new Map<string, number[]>();
    for (const app of batch) gamesOf.set(app.appId, [...(gamesOf.get(app.appId) ?? []), app.igdbId]);
    const observed: ObservedPrice[] = answered.flatMap((price) =>
      (gamesOf.get(price.appId) ?? []).map((gameIgdbId) => ({
        gameIgdbId,
        store: 'steam' as const,
        platform: 'pc',
        storeId: price.appId,
        url: price.url,
        regular: price.regular,
        final: price.final,
        discountPct: price.discountPct,
        lowest30d: price.lowest30d,
        endsAt: price.endsAt,
      })),
    );
    const changed = await prices.recordPrices(observed, new Date());
    const thresholds = await prices.thresholds([...new Set(changed.map((change) => change.gameIgdbId))]);
    const recorded = await this.orm.em.fork().getRepository(Alert).record(priceAlerts(changed, thresholds));
    await this.jobs.enqueueMany(
      JobName.FanOutAlert,
      recorded.map(({ id }) => ({ alertId: id })),
    );
    return changed;
  }
}
