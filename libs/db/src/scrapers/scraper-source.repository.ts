import { EntityRepository } from '@mikro-orm/postgresql';
import { typedSql } from '../typed-sql.js';
import type { ScraperSource } from './scraper-source.entity.js';

export class ScraperSourceRepository extends EntityRepository<ScraperSource> {
  /** Registers the game's review page, or finds it when it is already registered; answers its id. */
  async upsertForGame(gameId: number, url: string): Promise<number> {
    const row = await typedSql(this.getEntityManager())
      .insertInto('ScraperSource')
      .values({ game: gameId, url })
      .onConflict((conflict) =>
        conflict.columns(['game', 'url']).doUpdateSet((update) => ({ url: update.ref('excluded.url') })),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** The game's title and search aliases: a review page about none of them is about another game. */
  async gameNames(gameId: number): Promise<string[]> {
    const db = typedSql(this.getEntityManager());
    const [game, aliases] = await Promise.all([
      db.selectFrom('Game').select('title').where('id', '=', gameId).executeTakeFirst(),
      db.selectFrom('GameAlias').select('alias').where('game', '=', gameId).execute(),
    ]);
    return [...(game ? [game.title] : []), ...aliases.map((row) => row.alias)];
  }
}
