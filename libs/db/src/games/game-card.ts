import type { PlatformName } from '@veredicto/contract';
import { sql, type AliasedExpression, type ExpressionBuilder } from 'kysely';
import type { SpanishVerdict } from '@veredicto/contract';
import type { Database } from '../typed-sql.js';
import type { ReleaseDatePrecision } from './game.entity.js';
import type { GameSummaryRow } from './game-rows.js';

/** Expressions over the games table aliased `g`. */
export type OnGames = ExpressionBuilder<{ g: Database['Game'] }, 'g'>;

/** The release date as the API shows it (YYYY-MM-DD text, never a Date in a time zone). */
export const releaseDateText = (eb: OnGames) =>
  sql<string | null>`to_char(${eb.ref('g.releaseDate')}, 'YYYY-MM-DD')`.as('releaseDate');

/**
 * docs/CONTRACT.md §13's `spanish` of a card, `{"audio":…,"text":…}`: a row's to_json writes it compact,
 * as JSON.stringify does, so the card's JSON text stays equal to presentSummary's.
 */
const spanishVerdictJson = (eb: OnGames) =>
  sql<SpanishVerdict>`(select to_json(s) from (select ${sql.join([
    eb.ref('g.spanishAudio').as('audio'),
    eb.ref('g.spanishText').as('text'),
  ])}) as s)`.as('spanish');

/**
 * A catalogue card's thirteen columns, from games aliased `g`: each under its property's name, but for the
 * two the API names otherwise (igdbID, platform), whose names are given.
 */
function cardColumnsAs<IgdbId extends string, Platforms extends string>(
  eb: OnGames,
  igdbId: IgdbId,
  platforms: Platforms,
) {
  return [
    eb.ref('g.id').as('id'),
    eb.ref('g.igdbId').as(igdbId),
    eb.ref('g.slug').as('slug'),
    eb.ref('g.title').as('title'),
    eb.ref('g.imageCover').as('imageCover'),
    eb.ref('g.platforms').as(platforms),
    releaseDateText(eb),
    eb.ref('g.releaseDatePrecision').as('releaseDatePrecision'),
    eb.ref('g.avRatings').as('avRatings'),
    eb.ref('g.avUserRatings').as('avUserRatings'),
    eb.ref('g.criticReviewCount').as('criticReviewCount'),
    eb.ref('g.userRatingCount').as('userRatingCount'),
    spanishVerdictJson(eb),
  ] as const;
}

/**
 * The columns of a catalogue card under the properties' names, read without the plugin's per-row renaming
 * (typedRows) and turned into the API's shape by toSummary.
 */
export const summaryColumns = (eb: OnGames) => cardColumnsAs(eb, 'igdbId', 'platforms');

/**
 * A catalogue card as the API sends it, written by the database: the card's columns under the API's
 * names (GameSummaryDto; api/src/games/game.presenter.ts checks the keys are the same), turned into one
 * compact JSON text per row by to_json. Reading a page of 50 cards as 50 texts instead of 600 values
 * (parsed, one array each for the platforms, then mapped and serialised again) takes a fifth off what a
 * catalogue page allocates and a quarter off the API's CPU for it. test/integration/games-api.test.ts
 * holds these texts byte for byte equal to presentSummary's JSON of the same rows.
 */
const cardFields = (eb: OnGames) => cardColumnsAs(eb, 'igdbID', 'platform');

/** The keys of a card's JSON (cardFields), for the API to check against its GameSummaryDto. */
export type GameCardKey =
  ReturnType<typeof cardFields>[number] extends AliasedExpression<unknown, infer Key> ? Key : never;

/** A card's JSON text, from games aliased `g`: a row of cardFields (no FROM) as to_json writes it. */
export const cardJson = (eb: OnGames) =>
  sql<string>`(select to_json(c)::text from (select ${sql.join(cardFields(eb))}) as c)`;

/** A catalogue card as summaryColumns reads it. */
export interface SummaryColumns {
  id: number;
  igdbId: number;
  slug: string;
  title: string;
  imageCover?: string | null;
  platforms: string[];
  releaseDate: string | null;
  releaseDatePrecision?: ReleaseDatePrecision | null;
  avRatings?: number | null;
  avUserRatings?: number | null;
  criticReviewCount: number;
  userRatingCount: number;
  spanish?: SpanishVerdict | null;
}

export const toNullableNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/** A catalogue card read by summaryColumns in the API's shape. */
export function toSummary(row: SummaryColumns): GameSummaryRow {
  return {
    id: Number(row.id),
    igdbId: Number(row.igdbId),
    slug: String(row.slug),
    title: String(row.title),
    imageCover: row.imageCover ?? null,
    // The stored names are the contract's (every import maps platforms through IGDB_PLATFORMS).
    platforms: (row.platforms ?? []) as PlatformName[],
    releaseDate: row.releaseDate ?? null,
    releaseDatePrecision: row.releaseDatePrecision ?? null,
    avRatings: toNullableNumber(row.avRatings),
    avUserRatings: toNullableNumber(row.avUserRatings),
    criticReviewCount: Number(row.criticReviewCount),
    userRatingCount: Number(row.userRatingCount),
    spanish: row.spanish ?? { audio: 'unknown', text: 'unknown' },
  };
}
