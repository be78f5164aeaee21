import { EntityRepository, type SqlEntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { compactSearchText, normalizeSearchText } from '../games/search-text.js';
import { jsonRecordset } from '../json-recordset.js';
import { typedSql, type TypedSql } from '../typed-sql.js';
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
  private get db(): TypedSql {
    return typedSql(this.getEntityManager());
  }

  replaceAliases(games: GameAliasReplacement[]): Promise<void> {
    return replaceGameAliases(this.getEntityManager(), games);
  }

  async findForGame(gameId: number): Promise<GameAliasRow[]> {
    const rows = await this.db
      .selectFrom('GameAlias')
      .select(['id', 'kind', 'alias'])
      .where('game', '=', gameId)
      .orderBy('kind')
      .orderBy('alias')
      .execute();
    return rows.map((row) => ({ id: Number(row.id), kind: row.kind, alias: row.alias }));
  }

  /** Adds an operator's alias; null when the game already has it. */
  async addAdminAlias(gameId: number, alias: string): Promise<GameAliasRow | null> {
    const row = await this.db
      .insertInto('GameAlias')
      .values({
        game: gameId,
        kind: 'admin',
        alias: alias.slice(0, 300),
        term: aliasTerm('admin', alias).slice(0, 300),
      })
      .onConflict((conflict) => conflict.columns(['game', 'kind', 'term']).doNothing())
      .returning(['id', 'kind', 'alias'])
      .executeTakeFirst();
    return row ? { id: Number(row.id), kind: row.kind, alias: row.alias } : null;
  }

  /** Deletes one of the operator's aliases of a game; generated ones come back on the next import. */
  async deleteAdminAlias(gameId: number, aliasId: number): Promise<boolean> {
    const rows = await this.db
      .deleteFrom('GameAlias')
      .where('id', '=', aliasId)
      .where('game', '=', gameId)
      .where('kind', '=', 'admin')
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  renormalizeTerms(batchSize = 5000): Promise<number> {
    return renormalizeAliasTerms(this.getEntityManager(), batchSize);
  }
}

/** The alias rows of these games as stored: names and terms cut to the columns, empty terms left out. */
export function aliasRows(
  games: GameAliasReplacement[],
): { igdbId: number; kind: AliasKind; alias: string; term: string }[] {
  return games.flatMap((game) =>
    game.aliases
      .map((entry) => ({
        igdbId: game.igdbId,
        kind: entry.kind,
        alias: entry.alias.slice(0, 300),
        term: aliasTerm(entry.kind, entry.alias).slice(0, 300),
      }))
      .filter((row) => row.term),
  );
}

/**
 * Replaces the aliases of the given kinds of each game (by IGDB id) with the ones listed, in two
 * statements for any number of games: an import refreshes what it generated without touching the
 * aliases of other kinds (the operator's, for one).
 */
export async function replaceGameAliases(em: SqlEntityManager, games: GameAliasReplacement[]): Promise<void> {
  if (games.length === 0) return;
  const db = typedSql(em);
  const scopes = jsonRecordset(
    'x',
    games.flatMap((game) => game.kinds.map((kind) => ({ igdbId: game.igdbId, kind }))),
    { igdbId: 'int', kind: 'text' },
  );
  // The scopes are materialised first and the delete joins them by index: read inline, the planner takes the
  // JSON for 100 rows and rescans it for every alias (minutes for the demo catalogue's 2,000-game chunks).
  await db
    .with(
      (cte) => cte('scope').materialized(),
      (db) =>
        db
          .selectFrom(scopes.table)
          .innerJoin('Game as g', (join) =>
            join.on((on) => on(on.ref('g.igdbId'), '=', scopes.column('igdbId'))),
          )
          .select((select) => [
            select.ref('g.id').as('id'),
            sql<AliasKind>`${scopes.column('kind')}`.as('kind'),
          ]),
    )
    .deleteFrom('GameAlias')
    .using('scope')
    .whereRef('GameAlias.game', '=', 'scope.id')
    .whereRef('GameAlias.kind', '=', 'scope.kind')
    .execute();
  const rows = aliasRows(games);
  if (rows.length === 0) return;
  const batch = jsonRecordset('x', rows, { igdbId: 'int', kind: 'text', alias: 'text', term: 'text' });
  await db
    .insertInto('GameAlias')
    .columns(['game', 'kind', 'alias', 'term'])
    .expression((insert) =>
      insert
        .selectFrom(batch.table)
        .innerJoin('Game as g', (join) =>
          join.on((eb) => eb(eb.ref('g.igdbId'), '=', batch.column('igdbId'))),
        )
        .select((eb) => [
          eb.ref('g.id').as('game'),
          sql<AliasKind>`${batch.column('kind')}`.as('kind'),
          ...batch.select('alias', 'term'),
        ]),
    )
    .onConflict((conflict) => conflict.columns(['game', 'kind', 'term']).doNothing())
    .execute();
}

/** Re-normalises every stored term (after the normalisation changed); returns how many changed. */
export async function renormalizeAliasTerms(em: SqlEntityManager, batchSize = 5000): Promise<number> {
  const db = typedSql(em);
  let changed = 0;
  let lastId = 0;
  for (;;) {
    const rows = await db
      .selectFrom('GameAlias')
      .select(['id', 'kind', 'alias', 'term'])
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(batchSize)
      .execute();
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
      const batch = jsonRecordset(
        'x',
        updates.map(({ id, term }) => ({ id, term })),
        { id: 'int', term: 'text' },
      );
      await db
        .updateTable('GameAlias')
        .from(batch.table)
        .set({ term: batch.column('term') })
        .where((eb) =>
          eb.and([
            eb(eb.ref('GameAlias.id'), '=', batch.column('id')),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('GameAlias as b')
                  .select(sql<number>`1`.as('one'))
                  .whereRef('b.game', '=', 'GameAlias.game')
                  .whereRef('b.kind', '=', 'GameAlias.kind')
                  .where((inner) => inner(inner.ref('b.term'), '=', batch.column('term'))),
              ),
            ),
          ]),
        )
        .execute();
      changed += updates.length;
    }
  }
}
