import { CatalogueOrderingRepository } from '../games/catalogue-ordering.repository.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import { createReadStream, readFileSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { fromRoot } from '@veredicto/config/project-root.js';
import { GameFiguresRepository } from '../games/game-figures.repository.js';
import { GameImportRepository } from '../games/game-import.repository.js';
import type { GameUpsertRow, SpanishContentRow } from '../games/game-rows.js';
import { knownReleaseDate } from '../games/release-date.js';
import { demoReleaseDate } from './demo-dates.js';
import { normalizeSearchText, slugify } from '../games/search-text.js';
import { jsonRecordset } from '../json-recordset.js';
import { GameLanguage } from '../languages/game-language.entity.js';
import { languageFileStatements, type LanguageFileRecord } from '../languages/steam-language-file.js';
import { AppMeta } from '../meta/app-meta.entity.js';
import { OutletGameScore } from '../outlets/outlet-game-score.entity.js';
import { Outlet } from '../outlets/outlet.entity.js';
import type { OutletRegistryRow } from '../outlets/outlet.repository.js';
import { typedSql } from '../typed-sql.js';
import { inBulkSession } from '../bulk-copy.js';
import { MediaReview } from '../reviews/media-review.entity.js';
import { SimilarGameRepository } from '../similar/similar-game.repository.js';
import type { Database } from '../typed-sql.js';
import { repository } from '../repository.js';

export const DEMO_DATA_DIR = fromRoot('libs/db/seed-data') + '/';
export const DEMO_SEED_KEY = 'demo_catalogue_version';
/** Bump when the demo data or its mapping changes: the next start re-imports (idempotently). */
export const DEMO_SEED_VERSION = '5';

const IGDB_IMAGE = 'https://images.igdb.com/igdb/image/upload';
const CHUNK_SIZE = 2000;
/** The columns a seeded critic review writes besides its game (upserted by chunk, or copied). */
const REVIEW_COLUMNS = [
  'outlet',
  'author',
  'rawScore',
  'scale',
  'rating',
  'platform',
  'publishedAt',
  'dedupeKey',
] as const;

interface GameRecord {
  igdbId: number;
  title: string;
  platforms: string[];
  releaseDate: string | null;
  coverImageId: string | null;
  summary?: string | null;
  genres?: string[];
  developers?: string[];
  publishers?: string[];
  metascore?: number | null;
  userScore?: number | null;
  igdbRating?: number | null;
}

/** The Spanish file (summaries-es.jsonl.gz): here only its official Spanish titles are read. */
interface SpanishRecord {
  igdbId: number;
  titleEs: string | null;
}

interface ReviewRecord {
  igdbId: number;
  outlet: string;
  score: number;
  platform: string | null;
  author: string | null;
  date: string | null;
  source: 'metacritic-outlets' | 'ign';
}

interface ShowcaseRecord {
  igdbId: number;
  coverImageId: string;
  artworkImageIds: string[];
  screenshotImageIds: string[];
  videos: { videoId: string; title: string }[];
}

export interface ImportReport {
  games: number;
  reviews: number;
  outlets: number;
  /** Games whose language entries the import added or changed. */
  languagesChanged: number;
  averagesUpdated: number;
  milliseconds: number;
  /** Milliseconds of each step, in the order they ran. */
  steps: Record<string, number>;
}

export const igdbImageUrl = (size: string, imageId: string) => `${IGDB_IMAGE}/t_${size}/${imageId}.jpg`;

export async function* readJsonLines<T>(path: string): AsyncGenerator<T> {
  // Split on '\n' only: readline would also break lines at U+2028, which real summaries contain.
  let rest = '';
  const decoder = new TextDecoder();
  for await (const chunk of createReadStream(path).pipe(createGunzip())) {
    rest += decoder.decode(chunk as Buffer, { stream: true });
    let newline = rest.indexOf('\n');
    while (newline >= 0) {
      const line = rest.slice(0, newline);
      rest = rest.slice(newline + 1);
      if (line.trim()) yield JSON.parse(line) as T;
      newline = rest.indexOf('\n');
    }
  }
  if (rest.trim()) yield JSON.parse(rest) as T;
}

async function* chunks<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let chunk: T[] = [];
  for await (const item of items) {
    chunk.push(item);
    if (chunk.length >= size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}

/** Writes the `game.languages-changed` events of these games in the import's transaction (libs/jobs). */
export type RecordLanguagesChanged = (tx: EntityManager, igdbIds: number[]) => Promise<unknown>;

/** A seed review as stored (the entity's properties), its game by external id. */
type SeedReviewRow = { gameIgdbId: number } & Pick<
  Selectable<Database['MediaReview']>,
  'outlet' | 'author' | 'rawScore' | 'scale' | 'rating' | 'platform' | 'publishedAt' | 'dedupeKey'
>;

const dedupeKey = (review: ReviewRecord) => `seed:${review.source}:${review.outlet}:${review.platform ?? ''}`;

/**
 * The reviews as stored. Two Metacritic pages merged into one IGDB game can list the same outlet twice:
 * the last one's figures, in the place of the first.
 */
function seedReviewRows(records: ReviewRecord[]): SeedReviewRow[] {
  const unique = new Map(records.map((review) => [`${review.igdbId}|${dedupeKey(review)}`, review]));
  return [...unique.values()].map((review) => ({
    gameIgdbId: review.igdbId,
    outlet: review.outlet,
    author: review.author,
    rawScore: review.source === 'ign' ? `${review.score / 10}/10` : `${review.score}/100`,
    scale: review.source === 'ign' ? '10' : '100',
    rating: review.score,
    platform: review.platform,
    publishedAt: review.date,
    dedupeKey: dedupeKey(review),
  }));
}

function toGameRow(
  record: GameRecord,
  showcase?: ShowcaseRecord,
  titleEs?: string | null,
  releaseDate: string | null = record.releaseDate,
): GameUpsertRow {
  const cover = showcase?.coverImageId ?? record.coverImageId;
  return {
    igdbId: record.igdbId,
    slug: slugify(record.title),
    title: record.title,
    searchName: normalizeSearchText(record.title),
    platforms: record.platforms,
    ...knownReleaseDate(releaseDate),
    imageCover: cover ? igdbImageUrl('cover_big', cover) : null,
    imageArt: showcase?.artworkImageIds[0] ? igdbImageUrl('1080p', showcase.artworkImageIds[0]) : null,
    summary: record.summary ?? null,
    genres: record.genres ?? [],
    developers: record.developers ?? [],
    publishers: record.publishers ?? [],
    screenshots: (showcase?.screenshotImageIds ?? []).map((id) => igdbImageUrl('screenshot_med', id)),
    bigScreenshots: (showcase?.screenshotImageIds ?? []).map((id) => igdbImageUrl('1080p', id)),
    videos: (showcase?.videos ?? []).map((video, index) => ({
      id: index + 1,
      title: video.title,
      videoID: video.videoId,
    })),
    igdbRating: record.igdbRating ?? null,
    metascore: record.metascore ?? null,
    externalUserScore: record.userScore ?? null,
    // With the Spanish file at hand, a game without a Spanish title in it has none (an old one goes).
    ...(titleEs === undefined ? {} : { aliases: { spanish: titleEs ? [titleEs] : [] } }),
  };
}

/** Runs a step of an import and writes how long it took into `steps`. */
const timedStep =
  (steps: Record<string, number>) =>
  async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const from = performance.now();
    const result = await work();
    steps[name] = Math.round(performance.now() - from);
    return result;
  };

/**
 * Bulk, idempotent import of a game catalogue and its media review scores: each chunk of rows goes to
 * PostgreSQL as one JSON parameter and lands with one INSERT ... ON CONFLICT, so running it again
 * updates instead of duplicating. Into empty tables (a first start) the games, their aliases and the
 * reviews go in with one COPY each instead, ending as the upserts would have left them.
 */
/** How many of the demo catalogue's best-known games have their similar games computed as it loads. */
export const DEMO_SIMILAR_LISTS = 300;

export class CatalogueImporter {
  /**
   * `bulkCopy`: a first load into empty tables goes in with COPY (see GameImportRepository.copyIntoEmpty);
   * false keeps to the upserts (the equivalence test compares the two).
   */
  constructor(
    private readonly em: EntityManager,
    private readonly bulkCopy = true,
  ) {}

  /**
   * With `demo`'s files, a game's artwork and Spanish title come along, and its release date is the
   * demo's as of today (demoReleaseDate: what was upcoming stays upcoming).
   */
  async importGames(
    path: string,
    demo?: { showcasePath: string; spanishPath: string; today?: Date },
  ): Promise<number> {
    const { showcasePath, spanishPath } = demo ?? {};
    const showcase = new Map<number, ShowcaseRecord>();
    if (showcasePath) {
      for await (const record of readJsonLines<ShowcaseRecord>(showcasePath))
        showcase.set(record.igdbId, record);
    }
    const spanishTitles = spanishPath ? new Map<number, string | null>() : undefined;
    if (spanishPath && spanishTitles) {
      for await (const record of readJsonLines<SpanishRecord>(spanishPath))
        spanishTitles.set(record.igdbId, record.titleEs);
    }
    const rows: GameUpsertRow[] = [];
    for await (const record of readJsonLines<GameRecord>(path)) {
      rows.push(
        toGameRow(
          record,
          showcase.get(record.igdbId),
          spanishTitles ? (spanishTitles.get(record.igdbId) ?? null) : undefined,
          demo ? demoReleaseDate(record.releaseDate, demo.today) : record.releaseDate,
        ),
      );
    }
    const games = repository(this.em, GameImportRepository);
    // Into an empty catalogue (a first start), one COPY; otherwise upserts by chunk.
    let total = this.bulkCopy ? await games.copyIntoEmpty(rows) : undefined;
    if (total === undefined) {
      for (let from = 0; from < rows.length; from += CHUNK_SIZE) {
        await games.upsertGames(rows.slice(from, from + CHUNK_SIZE));
      }
      total = rows.length;
    }
    // A bulk import raises no domain event: every stored ordering of the catalogue is walked again.
    await repository(this.em, CatalogueOrderingRepository).markAllChanged();
    return total;
  }

  /** The Spanish titles, synopses and genres of `summaries-es.jsonl.gz`, onto games already imported. */
  async importSpanishContent(path: string): Promise<number> {
    let total = 0;
    for await (const chunk of chunks(readJsonLines<SpanishContentRow>(path), CHUNK_SIZE)) {
      total += await repository(this.em, GameImportRepository).applySpanishContent(chunk);
    }
    return total;
  }

  async importMediaReviews(path: string): Promise<number> {
    const records: ReviewRecord[] = [];
    for await (const record of readJsonLines<ReviewRecord>(path)) records.push(record);
    if (this.bulkCopy) {
      const copied = await this.copyReviewsIntoEmpty(records);
      if (copied !== undefined) return copied;
    }
    let total = 0;
    for (let from = 0; from < records.length; from += CHUNK_SIZE) {
      const rows = seedReviewRows(records.slice(from, from + CHUNK_SIZE));
      const batch = jsonRecordset('x', rows, {
        gameIgdbId: 'int',
        outlet: 'text',
        author: 'text',
        rawScore: 'text',
        scale: 'text',
        rating: 'smallint',
        platform: 'text',
        publishedAt: 'date',
        dedupeKey: 'text',
      });
      const columns = REVIEW_COLUMNS;
      await typedSql(this.em)
        .insertInto('MediaReview')
        .columns(['game', ...columns])
        .expression((insert) =>
          insert
            .selectFrom(batch.table)
            .innerJoin('Game as g', (join) => join.on('g.igdbId', '=', batch.column('gameIgdbId')))
            .select(['g.id', ...batch.select(...columns)]),
        )
        .onConflict((conflict) =>
          conflict.columns(['game', 'dedupeKey']).doUpdateSet((update) => ({
            outlet: update.ref('excluded.outlet'),
            author: update.ref('excluded.author'),
            rawScore: update.ref('excluded.rawScore'),
            scale: update.ref('excluded.scale'),
            rating: update.ref('excluded.rating'),
            platform: update.ref('excluded.platform'),
            publishedAt: update.ref('excluded.publishedAt'),
            updatedAt: sql<Date>`now()`,
          })),
        )
        .execute();
      total += rows.length;
    }
    return total;
  }

  /**
   * The first load of the critics' reviews: with none stored, one COPY of them all (each game's by its
   * id), in a transaction that keeps other writers out. The rows end as the chunked upserts would write
   * them (the last of a game's equal reviews, in the place of the first). Answers undefined, writing
   * nothing, when reviews are stored.
   */
  private async copyReviewsIntoEmpty(records: ReviewRecord[]): Promise<number | undefined> {
    const db = typedSql(this.em);
    return inBulkSession(this.em, async (session) => {
      const reviewMeta = this.em.getMetadata(MediaReview);
      await session.lockAgainstWriters(reviewMeta);
      if ((await session.run(db.selectFrom('MediaReview').select('id').limit(1))).length) return undefined;
      const ids = new Map(
        (
          await session.run(
            db.selectFrom('Game').select((eb) => [eb.ref('id').as('id'), eb.ref('igdbId').as('igdb_id')]),
          )
        ).map((row) => [Number(row.igdb_id), Number(row.id)]),
      );
      // As the chunked upserts (two Metacritic pages merged into one IGDB game can list the same outlet
      // twice): a review of a game not in the catalogue is left out.
      const rows = seedReviewRows(records).flatMap(({ gameIgdbId, ...review }) => {
        const game = ids.get(gameIgdbId);
        return game === undefined ? [] : [{ game, ...review }];
      });
      return session.copy(reviewMeta, ['game', ...REVIEW_COLUMNS] as const, rows);
    });
  }

  /**
   * Steam's language lists (languages.jsonl.gz) as `steam` entries: an unchanged line changes nothing, a
   * changed one keeps its old version in the history. Entries of other sources are never touched, so
   * reports accepted by the operator survive a re-import. Answers the IGDB ids of the games that changed;
   * `recordChanged` writes their `game.languages-changed` events in each chunk's transaction.
   */
  async importLanguages(path: string, recordChanged?: RecordLanguagesChanged): Promise<number[]> {
    const changed: number[] = [];
    for await (const chunk of chunks(readJsonLines<LanguageFileRecord>(path), CHUNK_SIZE)) {
      const statements = chunk.flatMap(languageFileStatements);
      changed.push(
        ...(await this.em.transactional(async (tx) => {
          const games = await tx.getRepository(GameLanguage).state(statements);
          if (games.length && recordChanged) await recordChanged(tx, games);
          return games;
        })),
      );
    }
    if (changed.length) await repository(this.em, CatalogueOrderingRepository).markAllChanged();
    return changed;
  }

  /** The outlet registry (outlets.tsv: name, country, language, domain; '#' comments, empty = unknown). */
  async importOutlets(path: string): Promise<number> {
    const rows: OutletRegistryRow[] = readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'))
      .map((line) => {
        const [name, country, language, domain] = line.split('\t');
        return { name, country: country || null, language: language || null, domain: domain?.trim() || null };
      });
    const outlets = this.em.getRepository(Outlet);
    const total = await outlets.upsertRegistry(rows);
    await outlets.refreshMedians();
    return total;
  }

  /**
   * `recordLanguagesChanged`: for a catalogue already loaded (a refresh), writes the events of the games
   * whose language entries changed (a first load has nobody to tell).
   */
  async importDemoCatalogue(
    dataDir = DEMO_DATA_DIR,
    recordLanguagesChanged?: RecordLanguagesChanged,
  ): Promise<ImportReport> {
    const started = performance.now();
    const essentials = await this.importDemoEssentials(dataDir);
    const rest = await this.completeDemoCatalogue(dataDir, recordLanguagesChanged);
    return {
      ...essentials,
      languagesChanged: rest.languagesChanged,
      milliseconds: Math.round(performance.now() - started),
      steps: { ...essentials.steps, ...rest.steps },
    };
  }

  /**
   * What the site's pages need: the games with their Spanish texts, the critics' reviews, the outlet
   * registry and the games' averages (which read the reviews and the registry). A first start serves pages
   * after this and completes the catalogue in the background (completeDemoCatalogue); until the demo
   * version is recorded, the next start loads it all again.
   */
  async importDemoEssentials(dataDir = DEMO_DATA_DIR): Promise<Omit<ImportReport, 'languagesChanged'>> {
    const started = performance.now();
    const steps: Record<string, number> = {};
    const step = timedStep(steps);
    const games = await step('games', () =>
      this.importGames(`${dataDir}games.jsonl.gz`, {
        showcasePath: `${dataDir}showcase.jsonl.gz`,
        spanishPath: `${dataDir}summaries-es.jsonl.gz`,
      }),
    );
    await step('spanish', () => this.importSpanishContent(`${dataDir}summaries-es.jsonl.gz`));
    const reviews = await step('reviews', () => this.importMediaReviews(`${dataDir}critic-reviews.jsonl.gz`));
    const outlets = await step('outlets', () => this.importOutlets(`${dataDir}outlets.tsv`));
    const averagesUpdated = await step('averages', () =>
      repository(this.em, GameFiguresRepository).recalculateAllAverages(),
    );
    return {
      games,
      reviews,
      outlets,
      averagesUpdated,
      milliseconds: Math.round(performance.now() - started),
      steps,
    };
  }

  /**
   * The rest, after importDemoEssentials: Steam's language lists (the games' Spanish verdicts, the
   * castellano filters) and each outlet's calls against the others (the outlets' pages); then the demo
   * version is recorded.
   */
  async completeDemoCatalogue(
    dataDir = DEMO_DATA_DIR,
    recordLanguagesChanged?: RecordLanguagesChanged,
  ): Promise<{ languagesChanged: number; milliseconds: number; steps: Record<string, number> }> {
    const started = performance.now();
    const steps: Record<string, number> = {};
    const step = timedStep(steps);
    // The best-known games' similar lists first: the worker computes a list when a page asks for it, behind
    // whatever its queue holds, and a first start's most visited pages should not wait minutes for theirs.
    await step('similar', () =>
      repository(this.em, SimilarGameRepository).computeBestKnown(DEMO_SIMILAR_LISTS),
    );
    const changed = await step('languages', () =>
      this.importLanguages(`${dataDir}languages.jsonl.gz`, recordLanguagesChanged),
    );
    await step('outletScores', () => this.em.getRepository(OutletGameScore).refreshAll());
    await this.em.getRepository(AppMeta).saveValue(DEMO_SEED_KEY, DEMO_SEED_VERSION);
    return { languagesChanged: changed.length, milliseconds: Math.round(performance.now() - started), steps };
  }

  /** True when some version of the demo catalogue was loaded before. */
  async isDemoCatalogueLoaded(): Promise<boolean> {
    return (await this.em.getRepository(AppMeta).findValue(DEMO_SEED_KEY)) !== null;
  }

  /** True when the demo catalogue of this version was already loaded. */
  async isDemoCatalogueCurrent(): Promise<boolean> {
    return (await this.em.getRepository(AppMeta).findValue(DEMO_SEED_KEY)) === DEMO_SEED_VERSION;
  }
}
