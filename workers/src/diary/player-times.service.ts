import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { playerTimes, repository, TimeToBeatRepository } from '@veredicto/db';
import { type JobName, type JobResults, OutboxRelay } from '@veredicto/jobs';

/**
 * compute-player-times: a game's median and quartiles of the hours of the players who completed it, per
 * platform and for all (docs/CONTRACT.md §19), from its statuses as they are now (idempotent). When its main
 * story's hours move, a game.length-changed event in the same transaction moves it in the catalogue's
 * length orders and filters.
 */
@Injectable()
export class PlayerTimesService {
  constructor(
    private readonly orm: MikroORM,
    private readonly outbox: OutboxRelay,
  ) {}

  async compute(gameId: number): Promise<JobResults[JobName.ComputePlayerTimes]> {
    const { result, recorded } = await this.orm.em.fork().transactional(async (tx) => {
      const times = repository(tx, TimeToBeatRepository);
      const rows = playerTimes(await times.completedHours(gameId));
      const changed = await times.replacePlayerTimes(gameId, rows);
      return {
        result: { gameId, platforms: rows.length, lengthChanged: changed !== null },
        recorded: await this.outbox.recordEvents(
          tx,
          changed === null ? [] : [{ name: 'game.length-changed', igdbId: changed }],
        ),
      };
    });
    await this.outbox.publishRecorded(recorded);
    return result;
  }
}
