import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import {
  findRatingBursts,
  isSuspiciousRating,
  judgeRatingBurst,
  UNUSUAL_ACTIVITY,
  type UnusualWindow,
} from '@veredicto/contract';
import { UnusualActivityWindow, type StoredWindow, type UnusualActivityRepository } from '@veredicto/db';
import type { JobName, JobResults } from '@veredicto/jobs';
import { GameFiguresService } from './game-figures.service.js';

const DAY_MS = 86_400_000;
/** How far back the hourly sweep looks for rated games. */
const SWEEP_DAYS = 2;

const overlaps = (a: { from: string; to: string }, b: { from: string; to: string }) =>
  a.from <= b.to && b.from <= a.to;

/**
 * The detector of unusual rating activity (docs/CONTRACT.md §14), run before every recalculation of a
 * game's figures and hourly over the games rated lately. It reads the game's ratings of the last 180 days,
 * finds the busy windows and judges them with the contract's rule (libs/contract/src/unusual-activity.ts)
 * against the game's critics and the site's share of new accounts of the weeks before,
 * keeps the flagged ones (never flagging again days an operator dismissed), and marks which ratings each
 * flagged window leaves out of the average: those of new or single-purpose accounts inside it.
 */
@Injectable()
export class UnusualActivityService {
  private readonly logger = new Logger(UnusualActivityService.name);

  constructor(
    private readonly orm: MikroORM,
    private readonly figures: GameFiguresService,
  ) {}

  /** Answers the game's flagged windows and how many ratings changed exclusion. */
  async detect(gameId: number, now = new Date()): Promise<{ flagged: number; changed: number }> {
    const since = new Date(now.getTime() - UNUSUAL_ACTIVITY.lookbackDays * DAY_MS).toISOString().slice(0, 10);
    return this.orm.em.fork().transactional(async (tx) => {
      const windows = tx.getRepository(UnusualActivityWindow);
      if (!(await windows.lockGame(gameId))) return { flagged: 0, changed: 0 };
      const ratings = await windows.findObservations(gameId, since);
      const stored = await windows.findWindows(gameId);
      const criticScore = await windows.findCriticScore(gameId);
      for (const burst of findRatingBursts(ratings)) {
        // Days an operator dismissed are not judged again.
        if (stored.some((window) => window.status === 'dismissed' && overlaps(window, burst))) continue;
        const siteNewShare = await windows.findSiteNewShare(
          gameId,
          burst.from,
          UNUSUAL_ACTIVITY.baselineDays,
          UNUSUAL_ACTIVITY.newAccountDays,
        );
        const found = judgeRatingBurst(burst, siteNewShare, criticScore);
        if (found) await this.keep(windows, gameId, stored, found);
      }
      const flagged = stored.filter((window) => window.status === 'flagged');
      const excluded = new Map<number, number>();
      for (const rating of ratings) {
        if (!isSuspiciousRating(rating)) continue;
        const window = flagged.find(
          (candidate) => candidate.from <= rating.day && rating.day <= candidate.to,
        );
        if (window) excluded.set(rating.id, window.id);
      }
      const changed = await windows.applyExclusions(gameId, since, excluded);
      if (changed > 0)
        this.logger.warn(`actividad inusual en el juego ${gameId}: ${changed} puntuaciones cambian`);
      return { flagged: flagged.length, changed };
    });
  }

  /** The hourly sweep: every game rated in the last two days, recalculated when its exclusions moved. */
  async sweep(now = new Date()): Promise<JobResults[JobName.DetectUnusualActivity]> {
    const games = await this.orm.em
      .fork()
      .getRepository(UnusualActivityWindow)
      .findGamesRatedSince(new Date(now.getTime() - SWEEP_DAYS * DAY_MS));
    let flagged = 0;
    let changed = 0;
    for (const gameId of games) {
      // One game's failure is logged and the sweep goes on with the others.
      const result = await this.detect(gameId, now).catch((error: unknown) => {
        this.logger.error(
          `el detector de actividad inusual falló en el juego ${gameId}`,
          error instanceof Error ? error.stack : String(error),
        );
        return { flagged: 0, changed: 0 };
      });
      flagged += result.flagged;
      changed += result.changed;
      if (result.changed > 0) await this.figures.recompute(gameId);
    }
    return { games: games.length, flagged, changed };
  }

  /** Stores a flagged window: the stored flagged one it overlaps grows to it, or a new one is added. */
  private async keep(
    windows: UnusualActivityRepository,
    gameId: number,
    stored: StoredWindow[],
    found: UnusualWindow,
  ): Promise<void> {
    const same = stored.find((window) => window.status === 'flagged' && overlaps(window, found));
    if (same) {
      same.from = found.from < same.from ? found.from : same.from;
      same.to = found.to > same.to ? found.to : same.to;
      await windows.updateWindow(same.id, { ...found, from: same.from, to: same.to });
      return;
    }
    stored.push({
      id: await windows.insertWindow(gameId, found),
      from: found.from,
      to: found.to,
      status: 'flagged',
    });
  }
}
