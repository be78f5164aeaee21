import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type { GameList } from './game-list.entity.js';
import { RESERVED_LIST_NAMES } from '@veredicto/contract';

export interface GameListRow {
  id: number;
  name: string;
  reserved: boolean;
  /** External ids (igdbID) of the games in the list, oldest entry first. */
  gameIgdbIds: number[];
}

export interface ListGameRow {
  id: number;
  title: string;
  igdbId: number;
  imageCover: string | null;
  slug: string;
}

/** Lists are always looked up with their owner: another user's list id answers nothing. */
export class GameListRepository extends EntityRepository<GameList> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /** Creates the reserved lists the user lacks (accounts made before they existed, or by hand). */
  async ensureReservedLists(userId: number): Promise<void> {
    await this.db
      .insertInto('GameList')
      .values(
        RESERVED_LIST_NAMES.map((name) => ({
          user: userId,
          name,
          nameKey: sql<string>`lower(${name})`,
          reserved: true,
        })),
      )
      .onConflict((conflict) => conflict.columns(['user', 'nameKey']).doNothing())
      .execute();
  }

  async findForUser(userId: number): Promise<GameListRow[]> {
    const rows = await this.db
      .selectFrom('GameList as l')
      .leftJoin('GameListEntry as e', 'e.list', 'l.id')
      .leftJoin('Game as g', 'g.id', 'e.game')
      .select(['l.id', 'l.name', 'l.reserved'])
      .select((select) =>
        sql<
          number[]
        >`coalesce(array_agg(${select.ref('g.igdbId')} order by ${select.ref('e.addedAt')}, ${select.ref('e.id')}) filter (where ${select.ref('g.id')} is not null), '{}')`.as(
          'gameIgdbIds',
        ),
      )
      .where('l.user', '=', userId)
      .groupBy('l.id')
      .orderBy('l.reserved', 'desc')
      .orderBy('l.createdAt')
      .orderBy('l.id')
      .execute();
    return rows.map((row) => ({ ...row, gameIgdbIds: (row.gameIgdbIds ?? []).map(Number) }));
  }

  async findOwnedByName(userId: number, name: string): Promise<{ id: number; reserved: boolean } | null> {
    const row = await this.db
      .selectFrom('GameList')
      .select(['id', 'reserved'])
      .where('user', '=', userId)
      .where('nameKey', '=', sql<string>`lower(${name})`)
      .executeTakeFirst();
    return row ?? null;
  }

  async findOwnedById(userId: number, listId: number): Promise<{ id: number; reserved: boolean } | null> {
    const row = await this.db
      .selectFrom('GameList')
      .select(['id', 'reserved'])
      .where('user', '=', userId)
      .where('id', '=', listId)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Creates the list; null when the user already has one with that name (any case). */
  async createList(userId: number, name: string): Promise<number | null> {
    const row = await this.db
      .insertInto('GameList')
      .values({ user: userId, name, nameKey: sql<string>`lower(${name})`, reserved: false })
      .onConflict((conflict) => conflict.columns(['user', 'nameKey']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row ? row.id : null;
  }

  async deleteList(listId: number): Promise<void> {
    await this.db.deleteFrom('GameList').where('id', '=', listId).execute();
  }

  /** Adds the games with these external ids (unknown ids and games already in the list are skipped). */
  async addGames(listId: number, igdbIds: number[]): Promise<number> {
    if (igdbIds.length === 0) return 0;
    const rows = await this.db
      .insertInto('GameListEntry')
      .columns(['list', 'game'])
      .expression((insert) =>
        insert
          .selectFrom('Game')
          .select([sql<number>`${listId}::int`.as('list'), 'id'])
          .where('igdbId', 'in', igdbIds),
      )
      .onConflict((conflict) => conflict.columns(['list', 'game']).doNothing())
      .returning('id')
      .execute();
    return rows.length;
  }

  async removeGame(listId: number, igdbId: number): Promise<boolean> {
    // No alias or USING here: MikroORM's Kysely plugin maps the columns of a DELETE on the entity's own name.
    const rows = await this.db
      .deleteFrom('GameListEntry')
      .where('list', '=', listId)
      .where('game', 'in', (select) => select.selectFrom('Game').select('id').where('igdbId', '=', igdbId))
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  /** The names of the user's lists that hold the game with this external id, in the lists' own order. */
  async findNamesHolding(userId: number, igdbId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('GameList as l')
      .innerJoin('GameListEntry as e', 'e.list', 'l.id')
      .innerJoin('Game as g', 'g.id', 'e.game')
      .select('l.name')
      .where('l.user', '=', userId)
      .where('g.igdbId', '=', igdbId)
      .orderBy('l.reserved', 'desc')
      .orderBy('l.createdAt')
      .orderBy('l.id')
      .execute();
    return rows.map((row) => row.name);
  }

  findGames(listId: number): Promise<ListGameRow[]> {
    return this.db
      .selectFrom('GameListEntry as e')
      .innerJoin('Game as g', 'g.id', 'e.game')
      .select(['g.id', 'g.title', 'g.igdbId', 'g.imageCover', 'g.slug'])
      .where('e.list', '=', listId)
      .orderBy('e.addedAt')
      .orderBy('e.id')
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, imageCover: row.imageCover ?? null })));
  }
}
