import type { MikroORM } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import type { WorkersConfig } from '@veredicto/config';
import { Alert, PriceOffer, SubscriptionMembership } from '@veredicto/db';
import { type JobGateway, JobName, type JobResults } from '@veredicto/jobs';
import { GamePassCatalog } from '@veredicto/scraping/prices/game-pass.js';
import { StoreCaller, StoreCallError } from '@veredicto/scraping/prices/store-caller.js';
import type { ProgressReporter } from '../common/progress-reporter.js';
import { gamePassAlerts } from './game-pass-alerts.js';

type StoreLine = JobResults[JobName.PollPrices]['stores'][number];

/**
 * The Game Pass part of the price poll (docs/CONTRACT.md §20): reads the service's lists for Spain, records
 * which products are in, leaving and gone (its own price_runs row, 'gamepass'), and raises the alerts of the
 * catalogue games that entered or are leaving, through the alert pipeline like the price alerts. A list that
 * fails leaves every membership as it was: half an answer would make games seem to have left. Nothing is
 * asked while no catalogue game has a Microsoft Store id.
 */
export class GamePassPoll {
  private readonly logger = new Logger(GamePassPoll.name);

  constructor(
    private readonly orm: MikroORM,
    private readonly config: WorkersConfig,
    private readonly jobs: JobGateway,
  ) {}

  async run(progress: ProgressReporter, signal?: AbortSignal): Promise<StoreLine> {
    const em = this.orm.em.fork();
    const subscriptions = em.getRepository(SubscriptionMembership);
    const runs = em.getRepository(PriceOffer);
    const caller = new StoreCaller({ intervalMs: this.config.PRICES_REQUEST_INTERVAL_MS });
    const links = await subscriptions.microsoftStoreIds();
    const games = new Set(links.map((link) => link.igdbId)).size;
    const counts = { games, changed: 0, failed: 0 };
    // No catalogue game has a Microsoft Store id yet: the lists could tell us nothing about our games.
    if (games === 0) return { store: 'gamepass', ...counts, requests: 0 };
    const runId = await runs.startRun('gamepass', new Date());
    try {
      const members = await new GamePassCatalog(this.config.GAMEPASS_URL, caller).members(signal);
      // The memberships and their alerts in one transaction: an entry recorded without its alert would never
      // be told, since the next poll sees no change.
      const { changes, recorded } = await em.transactional(async (tx) => {
        const recordedChanges = await tx
          .getRepository(SubscriptionMembership)
          .recordMemberships('gamepass', members, new Date());
        const alerts = await tx.getRepository(Alert).record(gamePassAlerts(recordedChanges, links));
        return { changes: recordedChanges, recorded: alerts };
      });
      counts.changed = changes.entered + changes.leaving + changes.left;
      await this.jobs.enqueueMany(
        JobName.FanOutAlert,
        recorded.map(({ id }) => ({ alertId: id })),
      );
      await progress({
        percent: 100,
        message: `Game Pass: ${members.size} productos, ${changes.entered} entran, ${changes.leaving} salen pronto, ${changes.left} se van`,
      });
    } catch (error) {
      if (!(error instanceof StoreCallError)) throw error;
      counts.failed = games;
      this.logger.warn(`Game Pass no responde; suscripciones sin consultar: ${error.message}`);
    }
    await runs.finishRun(runId, counts);
    return { store: 'gamepass', ...counts, requests: caller.requests };
  }
}
