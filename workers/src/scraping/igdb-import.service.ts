import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CatalogueOrderingRepository,
  diffGameFacts,
  GameChange,
  GameImportRepository,
  GameLanguage,
  GameStoreId,
  igdbDatePrecision,
  igdbImageUrl,
  isAddonGameType,
  knownReleaseDate,
  MATURE_IGDB_THEME,
  normalizeSearchText,
  repository,
  slugify,
  TimeToBeatRepository,
  type GameUpsertRow,
  type IgdbTimeToBeat,
  type LanguageStatement,
  type StoreIdLink,
} from '@veredicto/db';
import { APP_CONFIG, type WorkersConfig } from '@veredicto/config';
import { IGDB_PLATFORMS } from '@veredicto/contract';
import { JobGateway, JobName, languagesChanged, OutboxRelay } from '@veredicto/jobs';
import type { ProgressReporter } from '../common/progress-reporter.js';
import { igdbLanguageStatements, type IgdbLanguageSupport } from './igdb-language-supports.js';
import { RequestSpacing } from './request-spacing.js';

const FIELDS = [
  'name',
  'first_release_date',
  'release_dates.date',
  'release_dates.date_format',
  'release_dates.category',
  'platforms',
  'cover.image_id',
  'artworks.image_id',
  'screenshots.image_id',
  'videos.video_id',
  'videos.name',
  'summary',
  'genres.name',
  'themes.name',
  'game_type',
  'category',
  'involved_companies.company.name',
  'involved_companies.developer',
  'involved_companies.publisher',
  'aggregated_rating',
  'alternative_names.name',
  'alternative_names.comment',
  'game_localizations.name',
  'game_localizations.region.name',
  'language_supports.language.locale',
  'language_supports.language.name',
  'language_supports.language.native_name',
  'language_supports.language_support_type.name',
  'language_supports.updated_at',
].join(',');

/** Alternative names and localised titles kept per game: enough for every real one, not a flood. */
const MAX_IGDB_ALIASES = 20;

const PAGE_SIZE = 500;
const MAX_PAGES = 6;
const RECENT_DAYS = 90;
/** IGDB allows 4 requests per second per client. */
const MIN_REQUEST_INTERVAL_MS = 250;

interface IgdbImage {
  id?: number;
  image_id?: string;
}

/** The shape of an IGDB /games answer with the fields asked for above (expanded objects). */
export interface IgdbGame {
  id: number;
  name?: string;
  first_release_date?: number;
  platforms?: (number | { id: number })[];
  cover?: IgdbImage;
  artworks?: IgdbImage[];
  screenshots?: IgdbImage[];
  videos?: { id?: number; name?: string; video_id?: string }[];
  summary?: string;
  genres?: { id?: number; name?: string }[];
  themes?: { id?: number; name?: string }[];
  /** Main game, DLC, bundle, pack... (IGDB's game_types; `category` is its deprecated twin, same numbers). */
  game_type?: number | { id?: number };
  category?: number;
  involved_companies?: {
    id?: number;
    company?: { id?: number; name?: string };
    developer?: boolean;
    publisher?: boolean;
  }[];
  aggregated_rating?: number;
  /** Other names: abbreviations, Spanish or other regional titles ('comment' says which). */
  alternative_names?: { id?: number; name?: string; comment?: string }[];
  /** Official titles per region ('Europe', 'Japan'...). */
  game_localizations?: { id?: number; name?: string; region?: number | { id?: number; name?: string } }[];
  /** `date_format` (IGDB's current field) or `category` (its deprecated twin) give the date's precision. */
  release_dates?: { id?: number; date?: number; date_format?: number | { id?: number }; category?: number }[];
  /** Languages per kind of support (voices, subtitles, interface), for every platform. */
  language_supports?: IgdbLanguageSupport[];
}

/** A game's other names from IGDB, without its own title or duplicates, for the search's aliases. */
export function igdbAliases(game: IgdbGame, title: string): string[] {
  const names = [
    ...(game.alternative_names ?? []).map((alternative) => alternative.name),
    ...(game.game_localizations ?? []).map((localization) => localization.name),
  ];
  const seen = new Set([normalizeSearchText(title)]);
  const aliases: string[] = [];
  for (const name of names) {
    const trimmed = name?.trim();
    const key = trimmed ? normalizeSearchText(trimmed) : '';
    // Names in other scripts normalise to nothing (or bare numbers): not searchable in the Latin alphabet.
    if (!trimmed || !/[a-z]/.test(key) || seen.has(key)) continue;
    seen.add(key);
    aliases.push(trimmed);
  }
  return aliases.slice(0, MAX_IGDB_ALIASES);
}

/**
 * The game's first release date with IGDB's precision: the release date entry that gave
 * `first_release_date` says whether it is a day, a month, a quarter, a year or "to be determined".
 */
function igdbReleaseDate(game: IgdbGame) {
  if (!game.first_release_date) return knownReleaseDate(null);
  const first = (game.release_dates ?? []).find((release) => release.date === game.first_release_date);
  const format =
    typeof first?.date_format === 'object' ? first.date_format.id : (first?.date_format ?? first?.category);
  return knownReleaseDate(
    new Date(game.first_release_date * 1000).toISOString().slice(0, 10),
    // Without the entry the date is taken as IGDB states it, a day, not guessed from its shape.
    first ? igdbDatePrecision(format) : 'day',
  );
}

/** Maps an IGDB game to our columns; null when it has no name or none of the site's platforms. */
export function mapIgdbGame(game: IgdbGame): GameUpsertRow | null {
  const title = game.name?.trim();
  const platforms = [
    ...new Set(
      (game.platforms ?? [])
        .map((platform) => IGDB_PLATFORMS[typeof platform === 'number' ? platform : platform.id])
        .filter((name) => name !== undefined),
    ),
  ];
  if (!title || platforms.length === 0 || !Number.isInteger(game.id)) return null;
  const imageIds = (images: IgdbImage[] | undefined) =>
    (images ?? []).map((image) => image.image_id).filter((id): id is string => Boolean(id));
  const screenshots = imageIds(game.screenshots);
  const artwork = imageIds(game.artworks)[0] ?? screenshots[0];
  const companies = (role: 'developer' | 'publisher') => [
    ...new Set(
      (game.involved_companies ?? [])
        .filter((involved) => involved[role] && involved.company?.name)
        .map((involved) => involved.company!.name!),
    ),
  ];
  return {
    igdbId: game.id,
    title,
    slug: slugify(title),
    searchName: normalizeSearchText(title),
    platforms,
    ...igdbReleaseDate(game),
    imageCover: game.cover?.image_id ? igdbImageUrl('cover_big', game.cover.image_id) : null,
    imageArt: artwork ? igdbImageUrl('1080p', artwork) : null,
    summary: game.summary?.trim() || null,
    genres: [
      ...new Set(
        (game.genres ?? []).map((genre) => genre.name).filter((name): name is string => Boolean(name)),
      ),
    ],
    developers: companies('developer'),
    publishers: companies('publisher'),
    screenshots: screenshots.map((id) => igdbImageUrl('screenshot_med', id)),
    bigScreenshots: screenshots.map((id) => igdbImageUrl('1080p', id)),
    videos: (game.videos ?? [])
      .filter((video) => video.video_id)
      .map((video, index) => ({ id: index + 1, title: video.name ?? '', videoID: video.video_id! })),
    igdbRating: typeof game.aggregated_rating === 'number' ? game.aggregated_rating : null,
    matureTheme: (game.themes ?? []).some((theme) => theme.name === MATURE_IGDB_THEME),
    addonByType: isAddonGameType(
      typeof game.game_type === 'object' ? game.game_type.id : (game.game_type ?? game.category),
    ),
    aliases: { igdb: igdbAliases(game, title) },
  };
}

/** The IGDB part of scrape-catalogue: recent and upcoming releases on the site's platforms. */
@Injectable()
export class IgdbImportService {
  private readonly logger = new Logger(IgdbImportService.name);
  private readonly spacing = new RequestSpacing(MIN_REQUEST_INTERVAL_MS);

  constructor(
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: WorkersConfig,
    private readonly outbox: OutboxRelay,
    private readonly jobs: JobGateway,
  ) {}

  get enabled(): boolean {
    return Boolean(this.config.IGDB_CLIENT_ID && this.config.IGDB_CLIENT_SECRET);
  }

  /** The IGDB ids of the games imported (inserted or refreshed). */
  async importReleases(progress: ProgressReporter, signal?: AbortSignal): Promise<number[]> {
    if (!this.enabled) return [];
    const token = await this.accessToken(signal);
    const now = Math.floor(Date.now() / 1000);
    const platforms = Object.keys(IGDB_PLATFORMS).join(',');
    const queries = [
      `where first_release_date >= ${now - RECENT_DAYS * 86_400} & first_release_date <= ${now} & platforms = (${platforms}); sort first_release_date desc;`,
      `where first_release_date > ${now} & platforms = (${platforms}); sort first_release_date asc;`,
    ];
    const games = new Map<number, GameUpsertRow>();
    const languages = new Map<number, LanguageStatement[]>();
    const today = new Date().toISOString().slice(0, 10);
    for (const [index, where] of queries.entries()) {
      for (let page = 0; page < MAX_PAGES; page++) {
        const batch = await this.query(
          token,
          `fields ${FIELDS}; ${where} limit ${PAGE_SIZE}; offset ${page * PAGE_SIZE};`,
          signal,
        );
        for (const game of batch) {
          const row = mapIgdbGame(game);
          if (!row) continue;
          games.set(row.igdbId, row);
          languages.set(row.igdbId, igdbLanguageStatements(row.igdbId, game.language_supports, today));
        }
        if (batch.length < PAGE_SIZE) break;
      }
      await progress({ percent: 50 + (index + 1) * 20, message: `juegos leídos de IGDB: ${games.size}` });
    }
    const imported = await this.upsertRecordingChanges([...games.values()], [...languages.values()].flat());
    this.logger.log(`IGDB: ${imported} juegos importados`);
    // The figures are an extra: the games stay imported when IGDB refuses them.
    await this.importTimesToBeat(token, [...games.keys()], signal).catch((error: unknown) =>
      this.logger.warn(
        `IGDB: tiempos no importados: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
    // The stores' ids are an extra too: the price poll reads them (docs/CONTRACT.md §20).
    await this.importStoreIds(token, [...games.keys()], signal).catch((error: unknown) =>
      this.logger.warn(
        `IGDB: ids de tiendas no importados: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
    // New games raise no event (only known games' changes do): every ordering of the catalogue is walked
    // again once the import is done.
    if (imported > 0) {
      await repository(this.orm.em.fork(), CatalogueOrderingRepository).markAllChanged();
      await this.jobs.enqueue(JobName.RefreshCatalogueOrderings, {});
    }
    return [...games.keys()];
  }

  /** The websites IGDB lists for these games (official site, stores, wikis, sometimes a review page). */
  async websites(igdbIds: readonly number[], signal?: AbortSignal): Promise<Map<number, string[]>> {
    const byGame = new Map<number, string[]>();
    if (!this.enabled || igdbIds.length === 0) return byGame;
    const token = await this.accessToken(signal);
    for (let start = 0; start < igdbIds.length; start += PAGE_SIZE) {
      const ids = igdbIds.slice(start, start + PAGE_SIZE);
      const rows = (await this.query(
        token,
        `fields game,url; where game = (${ids.join(',')}); limit ${PAGE_SIZE};`,
        signal,
        'websites',
      )) as unknown as { game?: number; url?: string }[];
      for (const row of rows) {
        if (typeof row.game !== 'number' || typeof row.url !== 'string') continue;
        byGame.set(row.game, [...(byGame.get(row.game) ?? []), row.url]);
      }
    }
    return byGame;
  }

  /**
   * IGDB's time to beat of these games (docs/CONTRACT.md §19), stored with its date; a game whose main
   * story's hours moved raises game.length-changed (its catalogue orderings move), in the same transaction.
   */
  private async importTimesToBeat(token: string, igdbIds: number[], signal?: AbortSignal): Promise<void> {
    const figures: IgdbTimeToBeat[] = [];
    for (let start = 0; start < igdbIds.length; start += PAGE_SIZE) {
      const ids = igdbIds.slice(start, start + PAGE_SIZE);
      const rows = (await this.query(
        token,
        `fields game_id,hastily,normally,completely,count,updated_at; where game_id = (${ids.join(',')}); limit ${PAGE_SIZE};`,
        signal,
        'game_time_to_beats',
      )) as unknown as IgdbTimeToBeatAnswer[];
      figures.push(...rows.flatMap(igdbTimeToBeat));
    }
    const recorded = await this.orm.em.fork().transactional(async (tx) => {
      const changed = await repository(tx, TimeToBeatRepository).saveIgdb(figures);
      return this.outbox.recordEvents(
        tx,
        changed.map((igdbId) => ({ name: 'game.length-changed' as const, igdbId })),
      );
    });
    await this.outbox.publishRecorded(recorded);
  }

  /**
   * The games' ids in the stores the price poll asks (docs/CONTRACT.md §20), from IGDB's external games:
   * Steam app ids (source 1) and Microsoft Store product ids (source 11, the store 'xbox'). IGDB renamed the
   * external game's `category` to `external_game_source` (same numbers); the answer is read under either name.
   */
  private async importStoreIds(token: string, igdbIds: number[], signal?: AbortSignal): Promise<void> {
    const links: StoreIdLink[] = [];
    for (let start = 0; start < igdbIds.length; start += PAGE_SIZE) {
      const ids = igdbIds.slice(start, start + PAGE_SIZE);
      // A game has several external games (editions, platforms): page until a short page.
      for (let offset = 0; ; offset += PAGE_SIZE) {
        const rows = (await this.query(
          token,
          `fields game,uid,external_game_source; where game = (${ids.join(',')}) & external_game_source = (${[...IGDB_STORE_SOURCES.keys()].join(',')}); limit ${PAGE_SIZE}; offset ${offset};`,
          signal,
          'external_games',
        )) as unknown as IgdbExternalGame[];
        links.push(...rows.flatMap(igdbStoreIdLink));
        if (rows.length < PAGE_SIZE) break;
      }
    }
    await this.orm.em.fork().getRepository(GameStoreId).link(links, new Date());
  }

  /**
   * The upsert, and for the games already known a game_changes row and a `game.facts-changed` event per
   * game whose date, precision or platforms IGDB changed, in the upsert's transaction (docs/CONTRACT.md §11).
   * IGDB's language supports become `igdb` entries in the same transaction (never another source's entry:
   * entries are per source), with their history and a `game.languages-changed` event per game whose
   * entries, and so possibly its Spanish verdict, changed (docs/CONTRACT.md §13).
   */
  private async upsertRecordingChanges(
    rows: GameUpsertRow[],
    languages: LanguageStatement[],
  ): Promise<number> {
    const { imported, recorded } = await this.orm.em.fork().transactional(async (tx) => {
      const changes = tx.getRepository(GameChange);
      const before = await changes.lockFacts(rows.map((row) => row.igdbId));
      const diffs = rows.flatMap((row) => {
        const current = before.get(row.igdbId);
        const diff = current && diffGameFacts(current, row);
        return diff ? [{ igdbId: row.igdbId, ...diff }] : [];
      });
      const count = await repository(tx, GameImportRepository).upsertGames(rows);
      const events = (await changes.record(diffs, 'igdb')).map((change) => ({
        name: 'game.facts-changed' as const,
        igdbId: change.igdbId,
        changeId: Number(change.id),
      }));
      const languagesOf = await tx.getRepository(GameLanguage).state(languages);
      return {
        imported: count,
        recorded: await this.outbox.recordEvents(tx, [...events, ...languagesOf.map(languagesChanged)]),
      };
    });
    await this.outbox.publishRecorded(recorded);
    return imported;
  }

  private async accessToken(signal?: AbortSignal): Promise<string> {
    const response = await fetch(this.config.TWITCH_TOKEN_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: this.config.IGDB_CLIENT_ID!,
        client_secret: this.config.IGDB_CLIENT_SECRET!,
        grant_type: 'client_credentials',
      }),
      signal: withTimeout(15_000, signal),
    });
    if (!response.ok) throw new Error(`IGDB: el servidor de tokens respondió ${response.status}`);
    const body = (await response.json()) as { access_token?: string };
    if (!body.access_token) throw new Error('IGDB: respuesta de token sin access_token');
    return body.access_token;
  }

  private async query(
    token: string,
    body: string,
    signal?: AbortSignal,
    endpoint = 'games',
  ): Promise<IgdbGame[]> {
    await this.spacing.take(signal);
    const response = await fetch(`${this.config.IGDB_API_URL.replace(/\/+$/, '')}/${endpoint}`, {
      method: 'POST',
      headers: {
        'Client-ID': this.config.IGDB_CLIENT_ID!,
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        'Content-Type': 'text/plain',
      },
      body,
      signal: withTimeout(30_000, signal),
    });
    if (!response.ok) throw new Error(`IGDB respondió ${response.status} a /${endpoint}`);
    const games = (await response.json()) as unknown;
    if (!Array.isArray(games)) throw new Error(`IGDB: respuesta inesperada de /${endpoint}`);
    return games as IgdbGame[];
  }
}

/**
 * One row of IGDB's /game_time_to_beats (https://api-docs.igdb.com/#game-time-to-beat): seconds to finish
 * the game hastily (main story), normally (with extras) and completely (100 %), from `count` submissions.
 */
interface IgdbTimeToBeatAnswer {
  id?: number;
  game_id?: number;
  hastily?: number;
  normally?: number;
  completely?: number;
  count?: number;
  updated_at?: number;
}

/** IGDB's external game sources the price poll has a store for: Steam (1) and Microsoft (11). */
const IGDB_STORE_SOURCES = new Map<number, StoreIdLink['store']>([
  [1, 'steam'],
  [11, 'xbox'],
]);

/** One row of IGDB's /external_games (https://api-docs.igdb.com/#external-game). */
interface IgdbExternalGame {
  id?: number;
  game?: number | { id?: number };
  uid?: string;
  external_game_source?: number | { id?: number };
  /** The deprecated name of `external_game_source`. */
  category?: number;
}

/** A Steam app id (digits) or a Microsoft Store product id (12 letters and digits), as a link to store. */
export function igdbStoreIdLink(row: IgdbExternalGame): StoreIdLink[] {
  const game = typeof row.game === 'object' ? row.game.id : row.game;
  const source =
    typeof row.external_game_source === 'object'
      ? row.external_game_source.id
      : (row.external_game_source ?? row.category);
  const store = source === undefined ? undefined : IGDB_STORE_SOURCES.get(source);
  const uid = row.uid?.trim();
  if (typeof game !== 'number' || !store || !uid) return [];
  const valid = store === 'steam' ? /^\d{1,10}$/.test(uid) : /^[0-9A-Za-z]{12}$/.test(uid);
  return valid
    ? [{ igdbId: game, store, storeId: store === 'xbox' ? uid.toUpperCase() : uid, source: 'igdb' }]
    : [];
}

const seconds = (value: unknown) => (typeof value === 'number' && value > 0 ? Math.round(value) : null);

/** An answer's row as stored; none without a game or any figure. */
export function igdbTimeToBeat(row: IgdbTimeToBeatAnswer): IgdbTimeToBeat[] {
  const figures = {
    hastily: seconds(row.hastily),
    normally: seconds(row.normally),
    completely: seconds(row.completely),
  };
  if (typeof row.game_id !== 'number' || Object.values(figures).every((value) => value === null)) return [];
  return [
    {
      igdbId: row.game_id,
      ...figures,
      count: typeof row.count === 'number' ? row.count : 0,
      updatedAt: typeof row.updated_at === 'number' ? new Date(row.updated_at * 1000) : null,
    },
  ];
}

/** A request's own deadline, joined with the job's signal (a stopping worker) when there is one. */
const withTimeout = (ms: number, signal?: AbortSignal): AbortSignal =>
  signal ? AbortSignal.any([AbortSignal.timeout(ms), signal]) : AbortSignal.timeout(ms);
