import { EntityRepository } from '@mikro-orm/postgresql';
import type { Game } from './game.entity.js';
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
  avRatings: number | null;
  avUserRatings: number | null;
  criticReviewCount: number;
  userRatingCount: number;
}

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
  to_char(g.release_date, 'YYYY-MM-DD') as release_date, g.av_ratings, g.av_user_ratings,
  g.critic_review_count, g.user_rating_count`;

// Each sort matches one index of the games table (see game.entity.ts), with id as the tie-breaker.
const ORDER_BY: Record<GameSort, string> = {
  releaseDate: 'g.release_date desc nulls last, g.id desc',
  avRatings: 'g.av_ratings desc nulls last, g.id desc',
  avUserRatings: 'g.av_user_ratings desc nulls last, g.id desc',
};

type Row = Record<string, unknown>;

export function toSummaryRow(row: Row): GameSummaryRow {
  return {
    id: Number(row.id),
    igdbId: Number(row.igdb_id),
    slug: String(row.slug),
    title: String(row.title),
    imageCover: (row.image_cover as string | null) ?? null,
    platforms: (row.platforms as string[]) ?? [],
    releaseDate: (row.release_date as string | null) ?? null,
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

  async findPage(query: GamePageQuery): Promise<{ rows: GameSummaryRow[]; total: number }> {
    const params: unknown[] = [];
    let where = '';
    if (query.platform) {
      params.push(query.platform);
      where = `where g.platforms @> array[?]::text[]`;
    }
    const [countRow] = await this.sql<{ total: string }>(
      `select count(*) as total from games g ${where}`,
      params,
    );
    params.push(query.size, query.page * query.size);
    const rows = await this.sql(
      `select ${SUMMARY_COLUMNS} from games g ${where} order by ${ORDER_BY[query.sortBy]}
       limit ? offset ?`,
      params,
    );
    return { rows: rows.map(toSummaryRow), total: Number(countRow.total) };
  }

  /**
   * Accent- and case-insensitive search that tolerates word order and typos: every word must appear
   * (as a substring, or fuzzily by trigram word similarity), ranked exact > prefix > similarity, then
   * better-known games (more reviews and ratings) first.
   */
  async search(text: string, limit: number): Promise<GameSummaryRow[]> {
    const normalized = normalizeSearchText(text);
    if (!normalized) return [];
    const words = normalized.split(' ').filter(Boolean).slice(0, 8);
    const rows = await this.sql(
      `with q as (select ?::text as text, array(select jsonb_array_elements_text(?::jsonb)) as words)
       select ${SUMMARY_COLUMNS},
         (case when g.search_name = q.text then 4 when g.search_name like q.text || '%' then 2.5 else 0 end)
         + word_similarity(q.text, g.search_name) * 2
         + similarity(q.text, g.search_name)
         + least(ln(1 + g.critic_review_count + g.user_rating_count) / 4, 1)
         + (case when g.metascore is not null or g.igdb_rating is not null then 0.3 else 0 end) as rank
       from games g, q
       where (g.search_name like '%' || q.text || '%')
          or (g.search_name % q.text)
          or (q.text <% g.search_name)
          or (select bool_and(g.search_name like '%' || w || '%' or w <% g.search_name) from unnest(q.words) w)
       order by rank desc, g.id
       limit ?`,
      [normalized, JSON.stringify(words), limit],
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
}
