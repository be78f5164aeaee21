import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { GamePricesBody, PriceStore } from '@veredicto/contract';
import { PriceOffer } from '@veredicto/db';
import { JobGateway, JobName } from '@veredicto/jobs';
import { findGameOr404 } from '../games/game-lookup.js';

/** Prices as the poll stored them (docs/CONTRACT.md §20); the API never calls a store. */
@Injectable()
export class PricesService {
  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobGateway,
  ) {}

  private get prices() {
    return this.em.getRepository(PriceOffer);
  }

  async forGame(igdbId: number): Promise<GamePricesBody> {
    await findGameOr404(this.em, igdbId);
    return this.prices.gamePrices(igdbId);
  }

  async history(igdbId: number, store?: PriceStore) {
    await findGameOr404(this.em, igdbId);
    return this.prices.history(igdbId, store);
  }

  async refresh(): Promise<{ jobId: string }> {
    const { jobId } = await this.jobs.enqueue(JobName.PollPrices, { requestedBy: 'admin' });
    return { jobId };
  }

  status() {
    return this.prices.lastRuns();
  }
}
