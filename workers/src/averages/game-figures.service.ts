import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { GameFiguresRepository, Outlet, OutletGameScore, repository, type ShownFigures } from '@veredicto/db';
import { type DomainEventOf, OutboxRelay } from '@veredicto/jobs';

/** The figures players move; every other shown figure is the critics' (media reviews). */
const PLAYER_FIGURES = new Set<keyof ShownFigures>([
  'avUserRatings',
  'userRatingCount',
  'playerHistogram',
  'playerRankScore',
]);

/** What a recalculation changed, as the event the consumers (CDN, alerts, feeds) receive; null if nothing. */
export function figuresChanged(
  before: ShownFigures,
  after: ShownFigures | null,
): DomainEventOf<'game.figures-changed'> | null {
  if (!after || JSON.stringify(before) === JSON.stringify(after)) return null;
  const changed = (Object.keys(after) as (keyof ShownFigures)[]).filter(
    (figure) => JSON.stringify(before[figure]) !== JSON.stringify(after[figure]),
  );
  return {
    name: 'game.figures-changed',
    igdbId: after.igdbId,
    ...(changed.every((figure) => PLAYER_FIGURES.has(figure)) ? { playersOnly: true } : {}),
    ...(before.avRatings === null && after.avRatings !== null ? { firstCritic: true } : {}),
    ...(before.spanishPressAverage === null && after.spanishPressAverage !== null
      ? { firstSpanishPress: true }
      : {}),
  };
}

/**
 * A game's figures recomputed from its source rows, the one path of the per-game job and of the
 * reconciliation. The new figures and, when they differ, the `game.figures-changed` event commit in one
 * transaction (outbox), and the event is sent after the commit. Only when the game's media reviews changed
 * (`mediaReviews`) do new outlets join the registry and its outlets' medians and pages' figures get
 * refreshed first (the game's figures read them): a player's rating cannot move an outlet, so its
 * recalculation never touches one (docs/RELIABILITY.md, "A rating").
 */
@Injectable()
export class GameFiguresService {
  constructor(
    private readonly orm: MikroORM,
    private readonly outbox: OutboxRelay,
  ) {}

  /** Null when the game no longer exists. */
  async recompute(gameId: number, { mediaReviews = false } = {}) {
    const em = this.orm.em.fork();
    if (mediaReviews) {
      // Outside the game's transaction: outlets are shared by many games, whose recalculations run at once.
      const outlets = em.getRepository(Outlet);
      await outlets.registerOutletsOfGame(gameId);
      await outlets.refreshMedians(gameId);
      await em.getRepository(OutletGameScore).refreshGame(gameId);
    }
    const { result, recorded } = await em.transactional(async (tx) => {
      const games = repository(tx, GameFiguresRepository);
      const before = await games.lockShownFigures(gameId);
      if (!before) return { result: null, recorded: null };
      const figures = await games.recalculateAverages(gameId);
      const result = figures && { igdbId: before.igdbId, ...figures };
      const event = figuresChanged(before, await games.lockShownFigures(gameId));
      return { result, recorded: event ? await this.outbox.recordEvents(tx, [event]) : null };
    });
    if (recorded) await this.outbox.publishRecorded(recorded);
    return result;
  }
}
