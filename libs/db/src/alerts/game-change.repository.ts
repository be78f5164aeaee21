import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type { GameChange, GameChangeAuthor, GameFacts } from './game-change.entity.js';
import type { GameFactsDiff } from './game-facts.js';

export interface RecordedGameChange {
  id: string;
  igdbId: number;
}

/**
 * game_changes and the facts they are about. Meant for the writer's transaction: `lockFacts` takes the
 * games' rows (so two writers of one game see each other's change), `updateFacts` and `record` write.
 */
export class GameChangeRepository extends EntityRepository<GameChange> {
  /** The facts of these games, their rows locked until the transaction ends. */
  async lockFacts(igdbIds: number[]): Promise<Map<number, GameFacts>> {
    if (igdbIds.length === 0) return new Map();
    const rows = await typedSql(this.getEntityManager())
      .selectFrom('Game')
      .select((eb) => [
        'igdbId',
        'platforms',
        'releaseDatePrecision',
        sql<string | null>`to_char(${eb.ref('releaseDate')}, 'YYYY-MM-DD')`.as('releaseDate'),
      ])
      .where('igdbId', 'in', igdbIds)
      .orderBy('igdbId')
      .forNoKeyUpdate()
      .execute();
    return new Map(
      rows.map((row) => [
        row.igdbId,
        {
          releaseDate: row.releaseDate,
          releaseDatePrecision: row.releaseDatePrecision ?? null,
          platforms: row.platforms,
        },
      ]),
    );
  }

  async updateFacts(igdbId: number, facts: GameFacts): Promise<void> {
    await typedSql(this.getEntityManager())
      .updateTable('Game')
      .set({
        releaseDate: facts.releaseDate,
        releaseDatePrecision: facts.releaseDatePrecision,
        platforms: facts.platforms,
      })
      .where('igdbId', '=', igdbId)
      .execute();
  }

  /** Writes the changes; answers their ids in the order given. */
  async record(
    changes: (GameFactsDiff & { igdbId: number })[],
    changedBy: GameChangeAuthor,
  ): Promise<RecordedGameChange[]> {
    if (changes.length === 0) return [];
    const rows = await typedSql(this.getEntityManager())
      .insertInto('GameChange')
      .values(
        changes.map((change) => ({
          gameIgdbId: change.igdbId,
          what: change.what,
          before: sql<GameFacts>`${JSON.stringify(change.before)}::jsonb`,
          after: sql<GameFacts>`${JSON.stringify(change.after)}::jsonb`,
          changedBy,
        })),
      )
      .returning(['id', 'gameIgdbId'])
      .execute();
    return rows.map((row) => ({ id: String(row.id), igdbId: row.gameIgdbId }));
  }
}
