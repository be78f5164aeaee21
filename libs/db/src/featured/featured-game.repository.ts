import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type { FeaturedGame } from './featured-game.entity.js';

export class FeaturedGameRepository extends EntityRepository<FeaturedGame> {
  /** Makes the game the home page's featured one (the single row, id 1), with an optional wide image. */
  async setFeatured(gameId: number, imageArt: string | null): Promise<void> {
    await typedSql(this.getEntityManager())
      .insertInto('FeaturedGame')
      .values({ id: 1, game: gameId, imageArt, updatedAt: sql<Date>`now()` })
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet((update) => ({
          game: update.ref('excluded.game'),
          imageArt: update.ref('excluded.imageArt'),
          updatedAt: sql<Date>`now()`,
        })),
      )
      .execute();
  }
}
