import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { EnqueuedJob, GamePriceAlertBody, GamePricesBody, PriceStore } from '@veredicto/contract';
import { PriceOffer, SubscriptionMembership } from '@veredicto/db';
import { toJson, type JsonBody } from '@veredicto/catalogue';
import { JobGateway, JobName } from '@veredicto/jobs';
import { MicroCache } from '../common/micro-cache.js';
import { findGameOr404 } from '../games/game-lookup.js';

/** Prices as the poll stored them (docs/CONTRACT.md §20); the API never calls a store. */
@Injectable()
export class PricesService {
  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobGateway,
    private readonly cache: MicroCache,
  ) {}

  private get prices() {
    return this.em.getRepository(PriceOffer);
  }

  /**
   * The offers and historic low of the stores, and the subscriptions that include the game now, as the JSON
   * sent: its statements at once (one round trip), kept in the read cache like the game's other reads (a
   * poll's completion clears it: WorkerChangesListener).
   */
  forGame(igdbId: number): Promise<JsonBody> {
    return this.cache.get(`prices:${igdbId}`, async () => {
      const [, prices, subscriptions] = await Promise.all([
        findGameOr404(this.em, igdbId),
        this.prices.gamePrices(igdbId),
        this.em.getRepository(SubscriptionMembership).forGame(igdbId),
      ]);
      const body: GamePricesBody = { ...prices, subscriptions };
      return toJson(body);
    });
  }

  async history(igdbId: number, store?: PriceStore) {
    await findGameOr404(this.em, igdbId);
    return this.prices.history(igdbId, store);
  }

  async refresh(): Promise<Pick<EnqueuedJob, 'jobId'>> {
    const { jobId } = await this.jobs.enqueue(JobName.PollPrices, { requestedBy: 'admin' });
    return { jobId };
  }

  async alert(userId: number, igdbId: number): Promise<GamePriceAlertBody> {
    await findGameOr404(this.em, igdbId);
    return { priceBelow: await this.prices.threshold(userId, igdbId) };
  }

  /** A threshold per game, for any game: followed or not (docs/CONTRACT.md §20). */
  async setAlert(userId: number, igdbId: number, priceBelow: number | null): Promise<GamePriceAlertBody> {
    await findGameOr404(this.em, igdbId);
    await this.prices.setThreshold(userId, igdbId, priceBelow);
    return { priceBelow };
  }

  status() {
    return this.prices.lastRuns();
  }
}
