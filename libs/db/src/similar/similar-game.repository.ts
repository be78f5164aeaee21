import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { suggestionMarks, type SuggestionMark } from '@veredicto/contract';
import { releaseDateText, summaryColumns, toSummary, type OnGames } from '../games/game-card.js';
import type { GameSummaryRow } from '../games/game-rows.js';
import { spanishGenres } from '../games/spanish-genres.js';
import { currentReadRoute } from '../replication/read-routing.js';
import { typedSql } from '../typed-sql.js';
import { seriesKeys } from './series-key.js';

/** How many similar games a game keeps (section 15: up to 12). */
export const SIMILAR_GAMES = 12;
/** Candidates scored in SQL before the reasons are written. */
const CANDIDATES = 40;
/**
 * Add-ons (DLC, packs: games.addon) a list keeps at most, after its base games: a reader looks for games
 * to play, and a game's own DLC share its series, studio and genres, so they would fill the list.
 */
export const SIMILAR_ADDONS = 3;

/** Weights of the similarity score: a series outweighs a studio, a studio outweighs shared genres. */
const WEIGHTS = {
  series: 6,
  looseSeries: 3,
  developer: 3,
  publisher: 1,
  genres: 2.5,
  platform: 0.5,
  reviews: 1,
};

/**
 * An add-on for the similar lists: games.addon (IGDB's type or the title: addon.ts), or a summary whose
 * first sentence says it is a DLC or expansion, not a standalone one. The seed has no IGDB type and names
 * many expansions as games ('Elden Ring: Shadow of the Erdtree', 'Dark Souls III: The Ringed City'), which
 * filled their games' lists; the summaries tell ('… is a fully-fledged expansion that …'). Kept to this
 * list: the catalogue's own flag hides add-ons from listings, a wider change than this one.
 */
const addonLike = (game: 'c' | 'g') =>
  sql<boolean>`(${sql.ref(`${game}.addon`)} or coalesce(
    ${sql.ref(`${game}.summary`)} ~* ${EXPANSION_SUMMARY}
    and not ${sql.ref(`${game}.summary`)} ~* ${STANDALONE_SUMMARY}, false))`;
/** '<title> is a/an/the (up to three words) DLC/expansion/downloadable content', in the first sentence. */
const EXPANSION_SUMMARY =
  '^[^.]*[^a-z]is (a|an|the)( [a-z-]+){0,3} (dlc|expansion|downloadable content)([^a-z]|$)';
const STANDALONE_SUMMARY = '^[^.]*stand-?alone';

export interface SimilarGameRow extends GameSummaryRow {
  reason: string;
  /** 'dlc' an add-on, 'edition' a later release of the game's title (marked as suggestions are). */
  mark: SuggestionMark | null;
}

interface Candidate {
  id: number;
  title: string;
  releaseDate: string | null;
  addon: boolean;
  series: boolean;
  looseSeries: boolean;
  developers: string[];
  publishers: string[];
  genres: string[];
  genresEs: string[];
  score: number;
}

/** Similar games (section 15): computed by the similar-games job from the catalogue's own facts. */
export class SimilarGameRepository {
  constructor(private readonly em: SqlEntityManager) {}

  private get db() {
    return typedSql(this.em);
  }

  /**
   * Recomputes a game's similar games from its series (read from titles), studio, publisher, genres and
   * platforms, more-reviewed games first among equals; replaces the stored list. False: no such game.
   */
  async recompute(igdbId: number): Promise<boolean> {
    const game = await this.db
      .selectFrom('Game as g')
      .select(['g.id', 'g.title', 'g.searchName', 'g.genres', 'g.developers', 'g.publishers', 'g.platforms'])
      .select((eb: OnGames) => releaseDateText(eb))
      .where('g.igdbId', '=', igdbId)
      .executeTakeFirst();
    if (!game) return false;
    const { series, loose } = seriesKeys(game.title);
    const prefix = (key: string | null) =>
      key === null
        ? sql<boolean>`false`
        : sql<boolean>`(${sql.ref('c.searchName')} = ${key} or ${sql.ref('c.searchName')} like ${`${key} %`})`;
    const genres = sql.val(game.genres);
    const developers = sql.val(game.developers);
    const publishers = sql.val(game.publishers);
    const platforms = sql.val(game.platforms);
    const rows = await this.db
      .selectFrom('Game as c')
      .select((select) => [
        'c.id',
        'c.title',
        sql<string | null>`to_char(${select.ref('c.releaseDate')}, 'YYYY-MM-DD')`.as('releaseDate'),
        addonLike('c').as('addon'),
        'c.developers',
        'c.publishers',
        'c.genres',
        'c.genresEs',
        prefix(series).as('series'),
        prefix(loose).as('looseSeries'),
        sql<number>`(
          ${sql.lit(WEIGHTS.series)} * (${prefix(series)})::int
          + ${sql.lit(WEIGHTS.looseSeries)} * (${prefix(loose)} and not ${prefix(series)})::int
          + ${sql.lit(WEIGHTS.developer)} * (${select.ref('c.developers')} && ${developers}::text[])::int
          + ${sql.lit(WEIGHTS.publisher)} * (${select.ref('c.publishers')} && ${publishers}::text[])::int
          + ${sql.lit(WEIGHTS.genres)} * (select count(*) from unnest(${select.ref('c.genres')}) as shared
              where shared = any(${genres}::text[]))::float8 / greatest(cardinality(${genres}::text[]), 1)
          + ${sql.lit(WEIGHTS.platform)} * (${select.ref('c.platforms')} && ${platforms}::text[])::int
          + ${sql.lit(WEIGHTS.reviews)} * ln(1 + ${select.ref('c.criticReviewCount')}) / ln(60)
        )::float8`.as('score'),
      ])
      .where('c.id', '!=', game.id)
      .where((where) =>
        where.or([
          prefix(series),
          prefix(loose),
          sql<boolean>`${where.ref('c.developers')} && ${developers}::text[]`,
          sql<boolean>`${where.ref('c.genres')} && ${genres}::text[]`,
        ]),
      )
      .orderBy('score', 'desc')
      .orderBy('c.id')
      .limit(CANDIDATES)
      .execute();
    const candidates = rows.map((row) => ({ ...row, id: Number(row.id) }) as Candidate);
    // An add-on too: '<the game's title> - <subtitle>', released after it (suggestionMarks' own rule).
    const marks = markedAfter(game, candidates);
    const chosen = baseGamesFirst(
      candidates.map((row, index) => ({ ...row, addon: marks[index] === 'dlc' })),
    );
    await this.em.transactional(async (em) => {
      const db = typedSql(em);
      await db.deleteFrom('SimilarGame').where('game', '=', game.id).execute();
      if (chosen.length === 0) return;
      await db
        .insertInto('SimilarGame')
        .values(
          chosen.map((candidate, index) => ({
            game: game.id,
            similar: candidate.id,
            rank: index + 1,
            score: candidate.score,
            reason: reasonFor(candidate, game),
          })),
        )
        .execute();
    });
    return true;
  }

  /**
   * Games with no similar list yet, the best known first (critics' reviews, then our players' ratings):
   * what a first start computes before anyone asks, so the pages most visited are not empty.
   */
  async uncomputed(limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('Game as g')
      .select('g.igdbId')
      .where('g.addon', '=', false)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('SimilarGame as s').select('s.game').whereRef('s.game', '=', 'g.id'))),
      )
      .orderBy('g.criticReviewCount', 'desc')
      .orderBy('g.userRatingCount', 'desc')
      .orderBy('g.id')
      .limit(limit)
      .execute();
    return rows.map((row) => Number(row.igdbId));
  }

  /** Computes the lists of up to `limit` uncomputed games, best known first (uncomputed); how many. */
  async computeBestKnown(limit: number): Promise<number> {
    const igdbIds = await this.uncomputed(limit);
    for (const igdbId of igdbIds) await this.recompute(igdbId);
    return igdbIds.length;
  }

  /** The stored list, best first, as game cards with their reasons. */
  async findFor(igdbId: number): Promise<SimilarGameRow[] | null> {
    const db = typedSql(this.em, currentReadRoute());
    const game = await db
      .selectFrom('Game as g')
      .select(['g.id', 'g.title'])
      .select((eb: OnGames) => releaseDateText(eb))
      .where('g.igdbId', '=', igdbId)
      .executeTakeFirst();
    if (!game) return null;
    const rows = await db
      .selectFrom('SimilarGame as s')
      .innerJoin('Game as g', 'g.id', 's.similar')
      .select((select: OnGames) => summaryColumns(select))
      .select(['s.reason'])
      .select(addonLike('g').as('addon'))
      .where('s.game', '=', game.id)
      .orderBy('s.rank')
      .execute();
    const marks = markedAfter(game, rows);
    return rows.map((row, index) => ({ ...toSummary(row), reason: row.reason, mark: marks[index] }));
  }
}

/**
 * The list from candidates best first: the base games, then at most SIMILAR_ADDONS add-ons among those
 * that scored a place in it, never above a base game (docs/CONTRACT.md §15).
 */
export function baseGamesFirst<Scored extends { addon: boolean }>(candidates: readonly Scored[]): Scored[] {
  const top = candidates.slice(0, SIMILAR_GAMES);
  const addons = top.filter((candidate) => candidate.addon).slice(0, SIMILAR_ADDONS);
  const bases = candidates.filter((candidate) => !candidate.addon);
  return [...bases.slice(0, SIMILAR_GAMES - addons.length), ...addons];
}

type Marked = { title: string; releaseDate: string | null; addon: boolean };

/** An add-on of the list: games.addon, an expansion's summary, or '<the game's title> - <subtitle>' after it. */
const addonOf = (game: Omit<Marked, 'addon'>, similar: Marked): boolean =>
  suggestionMarks([{ ...game, addon: false }, similar])[1] === 'dlc';

/**
 * The marks of a game's similar games, as the job ranked them: 'dlc' its add-ons (addonOf, one by one, so
 * the mark and the place agree), 'edition' a later release of a title the list or the game already has.
 */
function markedAfter(game: Omit<Marked, 'addon'>, similar: readonly Marked[]): (SuggestionMark | null)[] {
  const addons = similar.map((candidate) => addonOf(game, candidate));
  const marks = suggestionMarks([
    { ...game, addon: false },
    ...similar.map((candidate, index) => ({ ...candidate, addon: addons[index] })),
  ]).slice(1);
  return marks.map((mark, index) => (addons[index] ? 'dlc' : mark === 'edition' ? 'edition' : null));
}

/** The Spanish reason shown beside a similar game: its strongest tie. */
function reasonFor(
  candidate: Candidate,
  game: { developers: string[]; publishers: string[]; genres: string[] },
): string {
  if (candidate.series || candidate.looseSeries) return 'Misma saga';
  const studio = candidate.developers.find((developer) => game.developers.includes(developer));
  if (studio) return `Mismo estudio (${studio})`;
  const shared = candidate.genres.filter((genre) => game.genres.includes(genre));
  if (shared.length > 0) return `Géneros: ${spanishGenres([], shared).join(', ')}`;
  const publisher = candidate.publishers.find((name) => game.publishers.includes(name));
  return publisher ? `Misma editora (${publisher})` : 'Parecido';
}
