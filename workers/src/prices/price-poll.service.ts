import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type WorkersConfig } from '@veredicto/config';
import { PRICE_STORE_NAMES, type PriceStore } from '@veredicto/contract';
import {
  Alert,
  GameStoreId,
  GameStoreIdRepository,
  PriceOffer,
  PriceRepository,
  type ObservedPrice,
} from '@veredicto/db';
import { JobGateway, JobName, type JobResults } from '@veredicto/jobs';
import {
  NINTENDO_BATCH,
  NINTENDO_SEARCH_ROWS,
  NintendoStore,
  type NintendoTitle,
} from '@veredicto/scraping/prices/nintendo-store.js';
import { StoreCaller, StoreCallError } from '@veredicto/scraping/prices/store-caller.js';
import type { StorePrice } from '@veredicto/scraping/prices/store-price.js';
import { STEAM_BATCH, SteamStore } from '@veredicto/scraping/prices/steam-store.js';
import { SteamReviews } from '@veredicto/scraping/prices/steam-reviews.js';
import { XBOX_BATCH, XboxStore } from '@veredicto/scraping/prices/xbox-store.js';
import type { ProgressReporter } from '../common/progress-reporter.js';
import { matchNintendo } from './nintendo-matcher.js';
import { priceAlerts } from './price-alerts.js';
import { GamePassPoll } from './game-pass-poll.js';

type PollResult = JobResults[JobName.PollPrices];
type StoreLine = PollResult['stores'][number];

/** A product a store is asked about, for one of our games. */
interface Asked {
  igdbId: number;
  storeId: string;
}

/**
 * The store's products in batches of at most `size`, a game's products in one batch where they fit: the
 * batch's offers keep the cheapest product per game and platform (PriceRepository.recordPrices), which two
 * batches would each write in turn.
 */
export function productBatches(asked: readonly Asked[], size: number): string[][] {
  const productsOf = new Map<number, string[]>();
  for (const { igdbId, storeId } of asked)
    productsOf.set(igdbId, [...(productsOf.get(igdbId) ?? []), storeId]);
  const scheduled = new Set<string>();
  const batches: string[][] = [];
  let current: string[] = [];
  for (const products of productsOf.values()) {
    const fresh = [...new Set(products)].filter((product) => !scheduled.has(product));
    if (current.length > 0 && current.length + fresh.length > size) {
      batches.push(current);
      current = [];
    }
    for (const product of fresh) {
      scheduled.add(product);
      current.push(product);
      if (current.length === size) {
        batches.push(current);
        current = [];
      }
    }
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** Pages of Nintendo's search one poll reads at most (1,000 titles a page; the Switch has about 15,000). */
const MAX_NINTENDO_SEARCH_PAGES = 40;

/**
 * The price poll (docs/CONTRACT.md §20): asks each store in turn (Steam, Nintendo's eShop, the Microsoft Store)
 * for the games it sells, in batches as large as the store allows, spaced per host and retried with backoff
 * (each store its own StoreCaller), and stores every change as a snapshot, with one `price_runs` row per
 * store. A store whose first call fails after its retries is unreachable: nothing more is asked of it, and
 * the other stores are polled all the same.
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
    const storeIds = this.orm.em.fork().getRepository(GameStoreId);
    const spacing = { intervalMs: this.config.PRICES_REQUEST_INTERVAL_MS };

    const steamCaller = new StoreCaller(spacing);
    const steam = new SteamStore(this.config.STEAM_API_URL, steamCaller);
    const apps = await prices.steamApps();
    const steamLine = await this.pollStore(
      prices,
      'steam',
      apps.map((app) => ({ igdbId: app.igdbId, storeId: app.appId })),
      STEAM_BATCH,
      async (ids) =>
        (await steam.prices(ids, signal)).map(({ appId, ...price }) => ({
          ...price,
          storeId: appId,
          platform: 'pc',
        })),
      steamCaller,
      progress,
    );
    const pricesRequests = steamCaller.requests;
    const reviews = await this.steamSpanish(prices, steamCaller, progress, signal);
    const reviewsLine = {
      store: 'steam-reviews',
      ...reviews,
      requests: steamCaller.requests - pricesRequests,
    };

    const nintendoCaller = new StoreCaller(spacing);
    const nintendo = new NintendoStore(
      this.config.NINTENDO_PRICE_URL,
      this.config.NINTENDO_SEARCH_URL,
      nintendoCaller,
    );
    const linksLine = await this.linkNintendo(storeIds, nintendo, nintendoCaller, signal);
    const nintendoLine = await this.pollStore(
      prices,
      'nintendo',
      await storeIds.storeIds('nintendo'),
      NINTENDO_BATCH,
      (ids) => nintendo.prices(ids, signal),
      nintendoCaller,
      progress,
    );

    const xboxCaller = new StoreCaller(spacing);
    const xbox = new XboxStore(this.config.XBOX_CATALOG_URL, xboxCaller);
    const xboxLine = await this.pollStore(
      prices,
      'xbox',
      await storeIds.storeIds('xbox'),
      XBOX_BATCH,
      (ids) => xbox.prices(ids, signal),
      xboxCaller,
      progress,
    );
    const gamePassLine = await new GamePassPoll(this.orm, this.config, this.jobs).run(progress, signal);
    return {
      enabled: true,
      stores: [steamLine, reviewsLine, linksLine, nintendoLine, xboxLine, gamePassLine],
    };
  }

  /**
   * One store's part of the poll, with its own `price_runs` row: the games' products in batches of the
   * store's size, each batch's prices stored and its alerts raised. A game may have several products in one
   * store (editions): each product is asked once, and the game's offer is the cheapest of them.
   */
  private async pollStore(
    prices: PriceRepository,
    store: PriceStore,
    asked: Asked[],
    batchSize: number,
    ask: (storeIds: string[]) => Promise<StorePrice[]>,
    caller: StoreCaller,
    progress: ProgressReporter,
  ): Promise<StoreLine> {
    const name = PRICE_STORE_NAMES[store];
    const gamesOf = new Map<string, number[]>();
    for (const { igdbId, storeId } of asked) gamesOf.set(storeId, [...(gamesOf.get(storeId) ?? []), igdbId]);
    const batches = productBatches(asked, batchSize);
    const games = new Set(asked.map((row) => row.igdbId)).size;
    const requestsBefore = caller.requests;
    const runId = await prices.startRun(store, new Date());
    const counts = { games, changed: 0, failed: 0 };
    const failedGames = new Set<number>();
    let done = 0;
    for (const [index, batch] of batches.entries()) {
      try {
        const answered = await ask(batch);
        const observed: ObservedPrice[] = answered.flatMap((price) =>
          (gamesOf.get(price.storeId) ?? []).map((gameIgdbId) => ({ ...price, gameIgdbId, store })),
        );
        counts.changed += (await this.record(prices, observed)).length;
      } catch (error) {
        if (!(error instanceof StoreCallError)) throw error;
        for (const storeId of batch) for (const igdbId of gamesOf.get(storeId) ?? []) failedGames.add(igdbId);
        // Unreachable from the start: every other batch would fail alike.
        if (index === 0 && error.status === null) {
          for (const igdbId of asked.map((row) => row.igdbId)) failedGames.add(igdbId);
          this.logger.warn(`${name} no responde; precios sin consultar: ${error.message}`);
          break;
        }
      }
      done += batch.length;
      await progress({
        percent: Math.round((done / Math.max(gamesOf.size, 1)) * 100),
        message: `${name}: ${done} de ${gamesOf.size} productos`,
      });
    }
    counts.failed = failedGames.size;
    await prices.finishRun(runId, counts);
    return { store, ...counts, requests: caller.requests - requestsBefore };
  }

  /**
   * Links catalogue games to Nintendo's nsuids (docs/PRICES.md): the Switch games of the European search,
   * page by page, matched by normalised title and release date. Asked only while some Switch game of ours has
   * no nsuid; an unreachable search links nothing and the prices of the games already linked are polled.
   */
  private async linkNintendo(
    storeIds: GameStoreIdRepository,
    nintendo: NintendoStore,
    caller: StoreCaller,
    signal?: AbortSignal,
  ): Promise<StoreLine> {
    const candidates = await storeIds.nintendoCandidates();
    const line = { store: 'nintendo-links', games: candidates.length, changed: 0, failed: 0, requests: 0 };
    if (candidates.length === 0) return line;
    const titles: NintendoTitle[] = [];
    try {
      let found = Infinity;
      for (let page = 0; page < MAX_NINTENDO_SEARCH_PAGES && page * NINTENDO_SEARCH_ROWS < found; page++) {
        const answer = await nintendo.searchPage(page * NINTENDO_SEARCH_ROWS, signal);
        titles.push(...answer.titles);
        found = answer.found;
      }
    } catch (error) {
      if (!(error instanceof StoreCallError)) throw error;
      this.logger.warn(`La búsqueda de Nintendo no responde; juegos sin enlazar: ${error.message}`);
      return { ...line, failed: candidates.length, requests: caller.requests };
    }
    const links = matchNintendo(candidates, titles).map(({ igdbId, nsuid }) => ({
      igdbId,
      store: 'nintendo' as const,
      storeId: nsuid,
      source: 'matched' as const,
    }));
    return { ...line, changed: await storeIds.link(links, new Date()), requests: caller.requests };
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
  private async record(prices: PriceRepository, observed: ObservedPrice[]) {
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
