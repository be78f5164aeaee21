import type { ConnectionType, SqlEntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { reusableQuery, typedRows } from '../typed-sql.js';
import { cardJson } from './game-card.js';

/** A game as the catalogue in an API process's memory holds it (CatalogueMemory). */
export interface CatalogueSourceGame {
  id: number;
  /** Its games.search_version. */
  version: number;
  /** Its card's JSON text, as a catalogue page sends it (cardJson). */
  card: string;
  /** YYYY-MM-DD, or null when unknown. */
  releaseDate: string | null;
  avRatings: number | null;
  /** The players' order (player_rank_score: a real, as its shortest text), null when unranked. */
  playerRankScore: number | null;
  /** The main story's hours (games.length_hours, one decimal), null when unknown. */
  lengthHours: number | null;
  platforms: string[];
  genres: string[];
  mature: boolean;
  addon: boolean;
  spanishAudio: boolean;
  spanishText: boolean;
}

/** What the catalogue in memory (the API's CatalogueMemory) is read from. */
export class CatalogueSourceRepository {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly route: ConnectionType,
  ) {}

  /**
   * The games above games.search_version `since` (all of them from 0), lowest version first, the first
   * `limit` of them (all with null).
   */
  async gamesSince(since: number, limit: number | null): Promise<CatalogueSourceGame[]> {
    const rows = await typedRows(this.em, gamesQuery(this.em, { since: String(since), limit }), this.route);
    return rows.map((row) => ({
      id: Number(row.id),
      version: Number(row.version),
      card: row.card,
      releaseDate: row.releaseDate,
      avRatings: row.avRatings === null ? null : Number(row.avRatings),
      playerRankScore: row.playerRankScore === null ? null : Math.fround(Number(row.playerRankScore)),
      lengthHours: row.lengthHours === null ? null : Number(row.lengthHours),
      platforms: row.platforms ?? [],
      genres: row.genres ?? [],
      mature: row.mature === true,
      addon: row.addon === true,
      spanishAudio: row.spanishAudio === 'yes',
      spanishText: row.spanishText === 'yes',
    }));
  }

  /** How many games there are (what the memory makes room for before it reads them). */
  async countGames(): Promise<number> {
    const [row] = await typedRows(this.em, countQuery(this.em, {}), this.route);
    return Number(row.count);
  }

  /** The games removed above version `since`, and the database's current date (the catalogue's 'released'). */
  async removedSince(since: number): Promise<{ today: string; removed: { id: number; version: number }[] }> {
    const [row] = await typedRows(this.em, removedQuery(this.em, { since: String(since) }), this.route);
    return {
      today: row.today,
      removed: (JSON.parse(row.removed ?? '[]') as [number, string][]).map(([id, version]) => ({
        id: Number(id),
        version: Number(version),
      })),
    };
  }
}

const gamesQuery = reusableQuery((db, { since, limit }: { since: string; limit: number | null }) => {
  const query = db
    .selectFrom('Game as g')
    .select((eb) => [
      'g.id as id',
      sql<string>`${eb.ref('g.searchVersion')}::text`.as('version'),
      cardJson(eb).as('card'),
      sql<string | null>`to_char(${eb.ref('g.releaseDate')}, 'YYYY-MM-DD')`.as('releaseDate'),
      'g.avRatings as avRatings',
      sql<string | null>`${eb.ref('g.playerRankScore')}::text`.as('playerRankScore'),
      sql<string | null>`${eb.ref('g.lengthHours')}::text`.as('lengthHours'),
      'g.platforms as platforms',
      'g.genres as genres',
      'g.mature as mature',
      'g.addon as addon',
      'g.spanishAudio as spanishAudio',
      'g.spanishText as spanishText',
    ])
    .where('g.searchVersion', '>', since)
    .orderBy('g.searchVersion');
  return limit === null ? query : query.limit(limit);
});

const countQuery = reusableQuery((db) =>
  db.selectFrom('Game as g').select((eb) => eb.fn.countAll<string>().as('count')),
);

const removedQuery = reusableQuery((db, { since }: { since: string }) =>
  db.selectNoFrom((eb) => [
    sql<string>`current_date::text`.as('today'),
    eb
      .selectFrom('RemovedGame as r')
      .select((inner) =>
        sql<string>`coalesce(json_agg(json_build_array(${inner.ref('r.gameId')}, ${inner.ref('r.version')}::text))::text, '[]')`.as(
          'removed',
        ),
      )
      .where('r.version', '>', since)
      .as('removed'),
  ]),
);
