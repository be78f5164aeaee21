import { EntityRepository, type SqlEntityManager } from '@mikro-orm/postgresql';
import { compactSearchText, normalizeSearchText } from '../games/search-text.js';
import type { AliasKind, GameAlias } from './game-alias.entity.js';

export interface GameAliasRow {
  id: number;
  kind: AliasKind;
  alias: string;
}

/** An alias as the search stores it: acronyms are looked up without spaces ('tlou 2' → 'tlou2'). */
export function aliasTerm(kind: AliasKind, alias: string): string {
  const normalized = normalizeSearchText(alias);
  return kind === 'acronym' ? compactSearchText(normalized) : normalized;
}

/** The aliases an import replaces for one game (by IGDB id): the kinds it owns and their new names. */
export interface GameAliasReplacement {
  igdbId: number;
  kinds: AliasKind[];
  aliases: { kind: AliasKind; alias: string }[];
}

export class GameAliasRepository extends EntityRepository<GameAlias> {
  private sql<T = Record<string, unknown>>(query: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(query, params, 'all');
  }

  replaceAliases(games: GameAliasReplacement[]): Promise<void> {
    return replaceGameAliases(this.em, games);
  }

  async findForGame(gameId: number): Promise<GameAliasRow[]> {
    const rows = await this.sql<{ id: number; kind: AliasKind; alias: string }>(
      `select id, kind, alias from game_aliases where game_id = ? order by kind, alias`,
      [gameId],
    );
    return rows.map((row) => ({ id: Number(row.id), kind: row.kind, alias: row.alias }));
  }

  /** Adds an operator's alias; null when the game already has it. */
  async addAdminAlias(gameId: number, alias: string): Promise<GameAliasRow | null> {
    const [row] = await this.sql<{ id: number; kind: AliasKind; alias: string }>(
      `insert into game_aliases (game_id, kind, alias, term) values (?, 'admin', ?, ?)
       on conflict (game_id, kind, term) do nothing
       returning id, kind, alias`,
      [gameId, alias.slice(0, 300), aliasTerm('admin', alias).slice(0, 300)],
    );
    return row ? { id: Number(row.id), kind: row.kind, alias: row.alias } : null;
  }

  /** Deletes one of the operator's aliases of a game; generated ones come back on the next import. */
  async deleteAdminAlias(gameId: number, aliasId: number): Promise<boolean> {
    const rows = await this.sql(
      `delete from game_aliases where id = ? and game_id = ? and kind = 'admin' returning id`,
      [aliasId, gameId],
    );
    return rows.length > 0;
  }

  renormalizeTerms(batchSize = 5000): Promise<number> {
    return renormalizeAliasTerms(this.em, batchSize);
  }
}

/**
 * Replaces the aliases of the given kinds of each game (by IGDB id) with the ones listed, in two
 * statements for any number of games: an import refreshes what it generated without touching the
 * aliases of other kinds (the operator's, for one).
 */
export async function replaceGameAliases(em: SqlEntityManager, games: GameAliasReplacement[]): Promise<void> {
  const sql = (query: string, params: unknown[]) => em.getConnection().execute(query, params, 'run');
  if (games.length === 0) return;
  const scopes = games.flatMap((game) => game.kinds.map((kind) => ({ igdb_id: game.igdbId, kind })));
  await sql(
    `delete from game_aliases a using games g,
       jsonb_to_recordset(?::jsonb) as x(igdb_id int, kind text)
     where a.game_id = g.id and g.igdb_id = x.igdb_id and a.kind = x.kind`,
    [JSON.stringify(scopes)],
  );
  const rows = games.flatMap((game) =>
    game.aliases
      .map((entry) => ({
        igdb_id: game.igdbId,
        kind: entry.kind,
        alias: entry.alias.slice(0, 300),
        term: aliasTerm(entry.kind, entry.alias).slice(0, 300),
      }))
      .filter((row) => row.term),
  );
  if (rows.length === 0) return;
  await sql(
    `insert into game_aliases (game_id, kind, alias, term)
     select g.id, x.kind, x.alias, x.term
     from jsonb_to_recordset(?::jsonb) as x(igdb_id int, kind text, alias text, term text)
     join games g on g.igdb_id = x.igdb_id
     on conflict (game_id, kind, term) do nothing`,
    [JSON.stringify(rows)],
  );
}

/** Re-normalises every stored term (after the normalisation changed); returns how many changed. */
export async function renormalizeAliasTerms(em: SqlEntityManager, batchSize = 5000): Promise<number> {
  const sql = <T>(query: string, params: unknown[]) => em.getConnection().execute<T[]>(query, params, 'all');
  let changed = 0;
  let lastId = 0;
  for (;;) {
    const rows = await sql<{ id: number; kind: AliasKind; alias: string; term: string }>(
      `select id, kind, alias, term from game_aliases where id > ? order by id limit ?`,
      [lastId, batchSize],
    );
    if (rows.length === 0) return changed;
    lastId = Number(rows.at(-1)!.id);
    const updates = rows
      .map((row) => ({
        id: Number(row.id),
        term: aliasTerm(row.kind, row.alias).slice(0, 300),
        old: row.term,
      }))
      .filter((row) => row.term !== row.old && row.term);
    if (updates.length) {
      await sql(
        `update game_aliases a set term = x.term
         from jsonb_to_recordset(?::jsonb) as x(id int, term text)
         where a.id = x.id
           and not exists (select 1 from game_aliases b
                           where b.game_id = a.game_id and b.kind = a.kind and b.term = x.term)`,
        [JSON.stringify(updates.map(({ id, term }) => ({ id, term })))],
      );
      changed += updates.length;
    }
  }
}
