import { lengthOf, type LengthFilter } from '@veredicto/contract';
import type { ConnectionType, SqlEntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { reusableQuery, typedRows } from '../typed-sql.js';
import type { AliasKind } from './game-alias.entity.js';

/** A game as an index in memory reads it: its search name, aliases and the figures its popularity reads. */
export interface SearchSourceGame {
  id: number;
  searchName: string;
  criticReviewCount: number;
  userRatingCount: number;
  /** The outside critic score (Metacritic's metascore, else IGDB's rating), as a double. */
  score: number | null;
  releaseYear: number | null;
  /** Whether its `spanish` verdict says yes, for voices and for texts (the search's `spanish` filter). */
  spanish: { audio: boolean; text: boolean };
  /** Marked adult: the search finds it only by a whole title or alias as typed, unless asked for. */
  mature: boolean;
  /** How long its main story is (the search's `length` filter); null when unknown. */
  length: LengthFilter | null;
  /** An add-on (DLC, pack...): ranked below its base game. */
  addon: boolean;
  aliases: { term: string; kind: AliasKind }[];
}

/** What an API process's search index in memory (@veredicto/search's SearchIndexStore) is built from. */
export class SearchSourceRepository {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly route: ConnectionType,
  ) {}

  /**
   * The games above games.search_version `since` (all of them from 0), lowest version first, the first
   * `limit` of them (all with null), with their aliases, and the highest version read.
   */
  async gamesSince(
    since: number,
    limit: number | null,
  ): Promise<{ games: SearchSourceGame[]; version: number }> {
    const { em, route } = this;
    const rows = await typedRows(em, gamesQuery(em, { since: String(since), limit }), route);
    const aliases = await typedRows(
      em,
      limit === null
        ? allAliasesQuery(em, {})
        : aliasesQuery(em, { ids: rows.map((row) => row.id).join(',') }),
      route,
    );
    const byGame = new Map<number, { term: string; kind: AliasKind }[]>();
    for (const alias of aliases) {
      const list = byGame.get(Number(alias.game));
      if (list) list.push({ term: alias.term, kind: alias.kind });
      else byGame.set(Number(alias.game), [{ term: alias.term, kind: alias.kind }]);
    }
    let version = since;
    const games = rows.map((row) => {
      version = Math.max(version, Number(row.searchVersion));
      return {
        id: Number(row.id),
        searchName: row.searchName,
        criticReviewCount: Number(row.criticReviewCount),
        userRatingCount: Number(row.userRatingCount),
        score: row.score === null ? null : Number(row.score),
        releaseYear: row.releaseYear === null ? null : Number(row.releaseYear),
        spanish: { audio: row.spanishAudio === 'yes', text: row.spanishText === 'yes' },
        mature: row.mature,
        length: row.lengthHours === null ? null : lengthOf(Number(row.lengthHours)),
        addon: row.addon,
        aliases: byGame.get(Number(row.id)) ?? [],
      };
    });
    return { games, version };
  }

  /** Every word of the word list (search_words) with its frequency. */
  words(): Promise<{ word: string; frequency: number }[]> {
    return typedRows(this.em, wordsQuery(this.em, {}), this.route);
  }
}

/** Games above a version, lowest first, the first `limit` of them (all with null). */
const gamesQuery = reusableQuery((db, { since, limit }: { since: string; limit: number | null }) => {
  const query = db
    .selectFrom('Game as g')
    .select((eb) => [
      'g.id as id',
      'g.searchName as searchName',
      'g.criticReviewCount as criticReviewCount',
      'g.userRatingCount as userRatingCount',
      sql<number | null>`coalesce(${eb.ref('g.metascore')}::float8, ${eb.ref('g.igdbRating')}::float8)`.as(
        'score',
      ),
      'g.spanishAudio as spanishAudio',
      'g.spanishText as spanishText',
      'g.mature as mature',
      'g.lengthHours as lengthHours',
      'g.addon as addon',
      sql<number | null>`extract(year from ${eb.ref('g.releaseDate')})::int`.as('releaseYear'),
      sql<string>`${eb.ref('g.searchVersion')}::text`.as('searchVersion'),
    ])
    .where('g.searchVersion', '>', since)
    .orderBy('g.searchVersion');
  return limit === null ? query : query.limit(limit);
});

const allAliasesQuery = reusableQuery((db) =>
  db.selectFrom('GameAlias as a').select(['a.game as game', 'a.term as term', 'a.kind as kind']),
);

/** The aliases of some games (ids joined by commas: one parameter, one statement for any number). */
const aliasesQuery = reusableQuery((db, { ids }: { ids: string }) =>
  db
    .selectFrom('GameAlias as a')
    .select(['a.game as game', 'a.term as term', 'a.kind as kind'])
    .where((eb) => sql<boolean>`${eb.ref('a.game')} = any(string_to_array(${ids}, ',')::int[])`),
);

const wordsQuery = reusableQuery((db) =>
  db.selectFrom('SearchWord as w').select(['w.word as word', 'w.frequency as frequency']),
);
