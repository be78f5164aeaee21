import { EntityRepository } from '@mikro-orm/postgresql';
import type { Game, GameVideo, ReleaseDatePrecision, SpanishTextSource } from './game.entity.js';
import { normalizeSearchText } from './search-text.js';

export type GameSort = 'releaseDate' | 'avRatings' | 'avUserRatings';

export interface GameSummaryRow {
  id: number;
  igdbId: number;
  slug: string;
  title: string;
  imageCover: string | null;
  platforms: string[];
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
  avRatings: number | null;
  avUserRatings: number | null;
  criticReviewCount: number;
  userRatingCount: number;
}

/** What a game page shows beyond a catalogue card; imported from the sources as it is. */
export interface GameMediaFields {
  imageArt: string | null;
  summary: string | null;
  genres: string[];
  developers: string[];
  publishers: string[];
  screenshots: string[];
  bigScreenshots: string[];
  videos: GameVideo[];
}

/** The Spanish text of a game: from the seed file or a translation job (see `summaryEsSource`). */
export interface GameSpanishFields {
  titleEs: string | null;
  summaryEs: string | null;
  summaryEsSource: SpanishTextSource | null;
  genresEs: string[];
}

/** Everything the game page shows of a game (game.presenter.ts turns it into the API's shape). */
export interface GameDetailRow extends GameSummaryRow, GameMediaFields, GameSpanishFields {}

/** One line of the Spanish seed file (`summaries-es.jsonl.gz`). */
export interface SpanishContentRow {
  igdbId: number;
  titleEs: string | null;
  summaryEs: string | null;
  genresEs: string[];
}

/** How long a game whose translation failed is left out of the translation sweep. */
const TRANSLATION_RETRY_DAYS = 7;

export interface GamePageQuery {
  page: number;
  size: number;
  platform?: string;
  sortBy: GameSort;
}

export interface AverageResult {
  avRatings: number | null;
  criticReviewCount: number;
  avUserRatings: number | null;
  userRatingCount: number;
}

const SUMMARY_COLUMNS = `g.id, g.igdb_id, g.slug, g.title, g.image_cover, g.platforms,
  to_char(g.release_date, 'YYYY-MM-DD') as release_date, g.release_date_precision, g.av_ratings, g.av_user_ratings,
  g.critic_review_count, g.user_rating_count`;

// Each sort matches one index of the games table (see game.entity.ts), with id as the tie-breaker.
const ORDER_BY: Record<GameSort, string> = {
  releaseDate: 'g.release_date desc nulls last, g.id desc',
  avRatings: 'g.av_ratings desc nulls last, g.id desc',
  avUserRatings: 'g.av_user_ratings desc nulls last, g.id desc',
};

type Row = Record<string, unknown>;

/** A game from an outside source (seed file, IGDB), already mapped to our columns. */
export interface GameUpsertRow extends GameMediaFields {
  igdbId: number;
  title: string;
  slug: string;
  searchName: string;
  platforms: string[];
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
  imageCover: string | null;
  igdbRating: number | null;
  /** Seed reference scores (Metacritic); sources without them leave the stored ones alone. */
  metascore?: number | null;
  externalUserScore?: number | null;
}

export function toSummaryRow(row: Row): GameSummaryRow {
  return {
    id: Number(row.id),
    igdbId: Number(row.igdb_id),
    slug: String(row.slug),
    title: String(row.title),
    imageCover: (row.image_cover as string | null) ?? null,
    platforms: (row.platforms as string[]) ?? [],
    releaseDate: (row.release_date as string | null) ?? null,
    releaseDatePrecision: (row.release_date_precision as ReleaseDatePrecision | null) ?? null,
    avRatings: row.av_ratings === null ? null : Number(row.av_ratings),
    avUserRatings: row.av_user_ratings === null ? null : Number(row.av_user_ratings),
    criticReviewCount: Number(row.critic_review_count),
    userRatingCount: Number(row.user_rating_count),
  };
}

export class GameRepository extends EntityRepository<Game> {
  private sql<T = Row>(query: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(query, params, 'all');
  }

  /**
   * The game page's reads run on every visit to any of ~200k games, most of them rarely seen and so not in
   * a cache: one indexed lookup each, no entity hydration.
   */
  async findDetail(key: { igdbId: number } | { id: number }): Promise<GameDetailRow | null> {
    const [row] = await this.sql(
      `select ${SUMMARY_COLUMNS}, g.image_art, g.summary, g.genres, g.developers, g.publishers,
         g.screenshots, g.big_screenshots, g.videos, g.title_es, g.summary_es, g.summary_es_source, g.genres_es
       from games g where ${'id' in key ? 'g.id' : 'g.igdb_id'} = ?`,
      ['id' in key ? key.id : key.igdbId],
    );
    if (!row) return null;
    return {
      ...toSummaryRow(row),
      imageArt: (row.image_art as string | null) ?? null,
      summary: (row.summary as string | null) ?? null,
      genres: (row.genres as string[]) ?? [],
      developers: (row.developers as string[]) ?? [],
      publishers: (row.publishers as string[]) ?? [],
      screenshots: (row.screenshots as string[]) ?? [],
      bigScreenshots: (row.big_screenshots as string[]) ?? [],
      videos: (row.videos as GameVideo[]) ?? [],
      titleEs: (row.title_es as string | null) ?? null,
      summaryEs: (row.summary_es as string | null) ?? null,
      summaryEsSource: (row.summary_es_source as SpanishTextSource | null) ?? null,
      genresEs: (row.genres_es as string[]) ?? [],
    };
  }

  /** The internal id and player average of the game with this IGDB id, or null. */
  async findKey(igdbId: number): Promise<{ id: number; avUserRatings: number | null } | null> {
    const [row] = await this.sql<{ id: number; av_user_ratings: number | null }>(
      'select id, av_user_ratings from games where igdb_id = ?',
      [igdbId],
    );
    if (!row) return null;
    return {
      id: Number(row.id),
      avUserRatings: row.av_user_ratings === null ? null : Number(row.av_user_ratings),
    };
  }

  async findPage(query: GamePageQuery): Promise<GameSummaryRow[]> {
    const where = query.platform ? 'where g.platforms @> array[?]::text[]' : '';
    const params: unknown[] = query.platform ? [query.platform] : [];
    const rows = await this.sql(
      `select ${SUMMARY_COLUMNS} from games g ${where} order by ${ORDER_BY[query.sortBy]} limit ? offset ?`,
      [...params, query.size, query.page * query.size],
    );
    return rows.map(toSummaryRow);
  }

  /** The expensive half of a page (a count over the whole catalogue): callers cache it. */
  async countGames(platform?: string): Promise<number> {
    const [row] = await this.sql<{ total: string }>(
      `select count(*) as total from games g ${platform ? 'where g.platforms @> array[?]::text[]' : ''}`,
      platform ? [platform] : [],
    );
    return Number(row.total);
  }

  /**
   * Accent- and case-insensitive search that tolerates word order and typos: every word must appear
   * (as a substring, or fuzzily by trigram word similarity), ranked exact > prefix > similarity, then
   * better-known games (more reviews and ratings) first.
   */
  async search(text: string, limit: number): Promise<GameSummaryRow[]> {
    const normalized = normalizeSearchText(text);
    if (!normalized) return [];
    const allTokens = [...new Set(normalized.split(' ').filter(Boolean))].slice(0, 8);
    // Words under 3 characters have no trigram to look up: they only rank.
    const long = allTokens.filter((word) => word.length >= 3);
    const words = long.length ? long : allTokens;
    // Candidates come only from conditions the trigram GIN index answers cheaply (LIKE on every word,
    // in any order; word similarity for typos), so the ranking never scans the table. Whole-text
    // similarity (%) is left to the ranking: as a filter it costs ~10x more on the large catalogue.
    const escapeLike = (word: string) => word.replace(/[\\%_]/g, (char) => `\\${char}`);
    const allWords = words.map(() => `g.search_name like ?`).join(' and ');
    const rows = await this.sql(
      `select ${SUMMARY_COLUMNS},
         (case when g.search_name = ? then 4 when g.search_name like ? then 2.5 else 0 end)
         + word_similarity(?, g.search_name) * 2
         + similarity(?, g.search_name)
         + least(ln(1 + g.critic_review_count + g.user_rating_count) / 4, 1)
         + (case when g.metascore is not null or g.igdb_rating is not null then 0.3 else 0 end) as rank
       from games g
       where (${allWords}) or (? <% g.search_name)
       order by rank desc, g.id
       limit ?`,
      [
        normalized,
        `${escapeLike(normalized)}%`,
        normalized,
        normalized,
        ...words.map((word) => `%${escapeLike(word)}%`),
        normalized,
        limit,
      ],
    );
    return rows.map(toSummaryRow);
  }

  async findBest(limit: number, sinceDate: string): Promise<GameSummaryRow[]> {
    const recent = await this.sql(
      `select ${SUMMARY_COLUMNS} from games g
       where g.critic_review_count >= 3 and g.av_ratings is not null and g.release_date >= ?::date
         and g.release_date <= current_date
       order by g.av_ratings desc, g.critic_review_count desc, g.id desc limit ?`,
      [sinceDate, limit],
    );
    if (recent.length >= limit) return recent.map(toSummaryRow);
    // Too few recent games with enough reviews: fall back to the best of all time.
    const allTime = await this.sql(
      `select ${SUMMARY_COLUMNS} from games g
       where g.critic_review_count >= 3 and g.av_ratings is not null
       order by g.av_ratings desc, g.critic_review_count desc, g.id desc limit ?`,
      [limit],
    );
    const seen = new Set(recent.map((row) => Number(row.id)));
    return [...recent, ...allTime.filter((row) => !seen.has(Number(row.id)))]
      .slice(0, limit)
      .map(toSummaryRow);
  }

  async findLatest(limit: number): Promise<GameSummaryRow[]> {
    const rows = await this.sql(
      `select ${SUMMARY_COLUMNS} from games g
       where g.release_date <= current_date
       order by g.release_date desc nulls last, g.id desc limit ?`,
      [limit],
    );
    return rows.map(toSummaryRow);
  }

  async findUpcoming(limit: number): Promise<GameSummaryRow[]> {
    const rows = await this.sql(
      `select ${SUMMARY_COLUMNS} from games g
       where g.release_date > current_date
       order by g.release_date asc, g.id asc limit ?`,
      [limit],
    );
    return rows.map(toSummaryRow);
  }

  /**
   * Recomputes a game's critic and player averages and counts from the source rows (never by adding
   * deltas), in one statement, so running it twice or concurrently gives the same result.
   */
  async recalculateAverages(gameId: number): Promise<AverageResult | null> {
    const rows = await this.sql(
      `update games g set
         av_user_ratings = r.average, user_rating_count = r.total,
         av_ratings = m.average, critic_review_count = m.total, updated_at = now()
       from (select round(avg(score))::int as average, count(*)::int as total
               from ratings where game_id = ?) r,
            (select round(avg(rating))::int as average, count(rating)::int as total
               from media_reviews where game_id = ?) m
       where g.id = ?
       returning g.av_ratings, g.critic_review_count, g.av_user_ratings, g.user_rating_count`,
      [gameId, gameId, gameId],
    );
    if (rows.length === 0) return null;
    const [row] = rows;
    return {
      avRatings: row.av_ratings === null ? null : Number(row.av_ratings),
      criticReviewCount: Number(row.critic_review_count),
      avUserRatings: row.av_user_ratings === null ? null : Number(row.av_user_ratings),
      userRatingCount: Number(row.user_rating_count),
    };
  }

  /** Same computation for every game at once (after a bulk import). */
  async recalculateAllAverages(): Promise<number> {
    const rows = await this.sql<{ updated: number }>(
      `with r as (select game_id, round(avg(score))::int as average, count(*)::int as total
                    from ratings group by game_id),
            m as (select game_id, round(avg(rating))::int as average, count(rating)::int as total
                    from media_reviews group by game_id),
            updated as (
              update games g set
                av_user_ratings = r.average, user_rating_count = coalesce(r.total, 0),
                av_ratings = m.average, critic_review_count = coalesce(m.total, 0)
              from games g2
                left join r on r.game_id = g2.id
                left join m on m.game_id = g2.id
              where g.id = g2.id
                and (g.av_user_ratings is distinct from r.average
                  or g.user_rating_count is distinct from coalesce(r.total, 0)
                  or g.av_ratings is distinct from m.average
                  or g.critic_review_count is distinct from coalesce(m.total, 0))
              returning 1)
       select count(*)::int as updated from updated`,
    );
    return Number(rows[0]?.updated ?? 0);
  }

  /**
   * Inserts or refreshes games by igdb_id in one statement (idempotent): the one upsert of the seed
   * importer and the IGDB import. Our own averages are left alone; empty media lists and missing
   * reference scores never wipe what is stored.
   */
  async upsertGames(games: GameUpsertRow[]): Promise<number> {
    if (games.length === 0) return 0;
    const rows = games.map((game) => ({
      igdb_id: game.igdbId,
      slug: game.slug,
      title: game.title.slice(0, 300),
      search_name: game.searchName.slice(0, 300),
      platforms: game.platforms,
      release_date: game.releaseDate,
      release_date_precision: game.releaseDatePrecision,
      image_cover: game.imageCover,
      image_art: game.imageArt,
      summary: game.summary,
      genres: game.genres,
      developers: game.developers,
      publishers: game.publishers,
      screenshots: game.screenshots,
      big_screenshots: game.bigScreenshots,
      videos: game.videos,
      igdb_rating: game.igdbRating,
      metascore: game.metascore ?? null,
      external_user_score: game.externalUserScore ?? null,
    }));
    const result = await this.sql<{ total: number }>(
      `with upserted as (
         insert into games (igdb_id, slug, title, search_name, platforms, release_date, release_date_precision,
           image_cover, image_art,
           summary, genres, developers, publishers, screenshots, big_screenshots, videos, igdb_rating,
           metascore, external_user_score)
         select x.igdb_id, x.slug, x.title, x.search_name, x.platforms, x.release_date, x.release_date_precision,
           x.image_cover, x.image_art,
           x.summary, x.genres, x.developers, x.publishers, x.screenshots, x.big_screenshots, x.videos, x.igdb_rating,
           x.metascore, x.external_user_score
         from jsonb_to_recordset(?::jsonb) as x(igdb_id int, slug text, title text, search_name text,
           platforms text[], release_date date, release_date_precision text, image_cover text, image_art text, summary text, genres text[],
           developers text[], publishers text[], screenshots text[], big_screenshots text[], videos jsonb,
           igdb_rating real, metascore smallint, external_user_score smallint)
         on conflict (igdb_id) do update set
           slug = excluded.slug, title = excluded.title, search_name = excluded.search_name,
           platforms = excluded.platforms, release_date = excluded.release_date,
           release_date_precision = excluded.release_date_precision,
           image_cover = coalesce(excluded.image_cover, games.image_cover),
           image_art = coalesce(excluded.image_art, games.image_art),
           summary = coalesce(excluded.summary, games.summary),
           -- A machine translation of an English synopsis that changed is stale: the next sweep redoes it.
           summary_es = case when games.summary_es_source <> 'seed'
             and excluded.summary is distinct from games.summary and excluded.summary is not null
             then null else games.summary_es end,
           summary_es_source = case when games.summary_es_source <> 'seed'
             and excluded.summary is distinct from games.summary and excluded.summary is not null
             then null else games.summary_es_source end,
           genres = excluded.genres, developers = excluded.developers, publishers = excluded.publishers,
           screenshots = case when cardinality(excluded.screenshots) > 0 then excluded.screenshots else games.screenshots end,
           big_screenshots = case when cardinality(excluded.big_screenshots) > 0 then excluded.big_screenshots else games.big_screenshots end,
           videos = case when jsonb_array_length(excluded.videos) > 0 then excluded.videos else games.videos end,
           igdb_rating = coalesce(excluded.igdb_rating, games.igdb_rating),
           metascore = coalesce(excluded.metascore, games.metascore),
           external_user_score = coalesce(excluded.external_user_score, games.external_user_score),
           updated_at = now()
         returning 1)
       select count(*)::int as total from upserted`,
      [JSON.stringify(rows)],
    );
    return Number(result[0]?.total ?? 0);
  }

  /** Loads the Spanish seed file's titles, synopses and genres onto the games it names (idempotent). */
  async applySpanishContent(rows: SpanishContentRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const result = await this.sql<{ total: number }>(
      `with updated as (
         update games g set
           title_es = x.title_es,
           summary_es = coalesce(x.summary_es, g.summary_es),
           summary_es_source = case when x.summary_es is not null then 'seed' else g.summary_es_source end,
           genres_es = coalesce(x.genres_es, '{}'), updated_at = now()
         from jsonb_to_recordset(?::jsonb) as x(igdb_id int, title_es text, summary_es text, genres_es text[])
         where g.igdb_id = x.igdb_id
         returning 1)
       select count(*)::int as total from updated`,
      [
        JSON.stringify(
          rows.map((row) => ({
            igdb_id: row.igdbId,
            title_es: row.titleEs?.slice(0, 300) ?? null,
            summary_es: row.summaryEs,
            genres_es: row.genresEs,
          })),
        ),
      ],
    );
    return Number(result[0]?.total ?? 0);
  }

  /**
   * Games with an English synopsis and no Spanish one, best-known first, leaving out recent failures:
   * the translation sweep takes a bounded batch per run and the next run goes on where it stopped.
   */
  async findUntranslatedIds(limit: number, igdbIds?: number[]): Promise<number[]> {
    const retryAfter = new Date(Date.now() - TRANSLATION_RETRY_DAYS * 86_400_000);
    const games = await this.find(
      {
        summary: { $ne: null },
        summaryEs: null,
        $or: [{ translationFailedAt: null }, { translationFailedAt: { $lt: retryAfter } }],
        ...(igdbIds ? { igdbId: { $in: igdbIds } } : {}),
      },
      {
        fields: ['id'],
        orderBy: { criticReviewCount: 'desc', userRatingCount: 'desc', id: 'asc' },
        limit,
      },
    );
    return games.map((game) => game.id);
  }

  /** The English synopsis to translate and whether a Spanish one is already there. */
  async findTranslationSource(id: number): Promise<{ summary: string | null; hasSpanish: boolean } | null> {
    const game = await this.findOne({ id }, { fields: ['summary', 'summaryEs'], disableIdentityMap: true });
    if (!game) return null;
    return { summary: game.summary ?? null, hasSpanish: Boolean(game.summaryEs) };
  }

  /** Stores a translation unless a Spanish text arrived meanwhile (the seed file's wins). */
  async saveTranslation(id: number, summaryEs: string, source: SpanishTextSource): Promise<boolean> {
    const updated = await this.nativeUpdate(
      { id, summaryEs: null },
      { summaryEs, summaryEsSource: source, translationFailedAt: null },
    );
    return updated > 0;
  }

  async markTranslationFailed(id: number): Promise<void> {
    await this.nativeUpdate({ id }, { translationFailedAt: new Date() });
  }
}
