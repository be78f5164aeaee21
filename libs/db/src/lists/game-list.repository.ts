import { EntityRepository } from '@mikro-orm/postgresql';
import type { GameList } from './game-list.entity.js';
import { RESERVED_LIST_NAMES } from './game-list.entity.js';

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

type Row = Record<string, unknown>;

/** Lists are always looked up with their owner: another user's list id answers nothing. */
export class GameListRepository extends EntityRepository<GameList> {
  private sql<T = Row>(query: string, params: unknown[] = []): Promise<T[]> {
    return this.em.execute<T[]>(query, params, 'all');
  }

  /** Creates the reserved lists the user lacks (accounts made before they existed, or by hand). */
  async ensureReservedLists(userId: number): Promise<void> {
    await this.sql(
      `insert into game_lists (user_id, name, name_key, reserved)
       select ?, name, lower(name), true from jsonb_array_elements_text(?::jsonb) as name
       on conflict (user_id, name_key) do nothing`,
      [userId, JSON.stringify(RESERVED_LIST_NAMES)],
    );
  }

  async findForUser(userId: number): Promise<GameListRow[]> {
    const rows = await this.sql(
      `select l.id, l.name, l.reserved,
         coalesce(array_agg(g.igdb_id order by e.added_at, e.id) filter (where g.id is not null), '{}') as igdb_ids
       from game_lists l
       left join game_list_entries e on e.list_id = l.id
       left join games g on g.id = e.game_id
       where l.user_id = ?
       group by l.id
       order by l.reserved desc, l.created_at, l.id`,
      [userId],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      name: String(row.name),
      reserved: Boolean(row.reserved),
      gameIgdbIds: ((row.igdb_ids as unknown[]) ?? []).map(Number),
    }));
  }

  async findOwnedByName(userId: number, name: string): Promise<{ id: number; reserved: boolean } | null> {
    const [row] = await this.sql(
      'select id, reserved from game_lists where user_id = ? and name_key = lower(?)',
      [userId, name],
    );
    return row ? { id: Number(row.id), reserved: Boolean(row.reserved) } : null;
  }

  async findOwnedById(userId: number, listId: number): Promise<{ id: number; reserved: boolean } | null> {
    const [row] = await this.sql('select id, reserved from game_lists where user_id = ? and id = ?', [
      userId,
      listId,
    ]);
    return row ? { id: Number(row.id), reserved: Boolean(row.reserved) } : null;
  }

  /** Creates the list; null when the user already has one with that name (any case). */
  async createList(userId: number, name: string): Promise<number | null> {
    const [row] = await this.sql(
      `insert into game_lists (user_id, name, name_key, reserved) values (?, ?, lower(?), false)
       on conflict (user_id, name_key) do nothing returning id`,
      [userId, name, name],
    );
    return row ? Number(row.id) : null;
  }

  async deleteList(listId: number): Promise<void> {
    await this.sql('delete from game_lists where id = ?', [listId]);
  }

  /** Adds the games with these external ids (unknown ids and games already in the list are skipped). */
  async addGames(listId: number, igdbIds: number[]): Promise<number> {
    if (igdbIds.length === 0) return 0;
    const rows = await this.sql(
      `insert into game_list_entries (list_id, game_id)
       select ?, g.id from games g
       where g.igdb_id in (select (value)::int from jsonb_array_elements_text(?::jsonb))
       on conflict (list_id, game_id) do nothing returning id`,
      [listId, JSON.stringify(igdbIds)],
    );
    return rows.length;
  }

  async removeGame(listId: number, igdbId: number): Promise<boolean> {
    const rows = await this.sql(
      `delete from game_list_entries e using games g
       where e.list_id = ? and e.game_id = g.id and g.igdb_id = ? returning e.id`,
      [listId, igdbId],
    );
    return rows.length > 0;
  }

  async findGames(listId: number): Promise<ListGameRow[]> {
    const rows = await this.sql(
      `select g.id, g.title, g.igdb_id, g.image_cover, g.slug
       from game_list_entries e join games g on g.id = e.game_id
       where e.list_id = ? order by e.added_at, e.id`,
      [listId],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      title: String(row.title),
      igdbId: Number(row.igdb_id),
      imageCover: (row.image_cover as string | null) ?? null,
      slug: String(row.slug),
    }));
  }
}
