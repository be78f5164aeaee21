import { EntityRepository } from '@mikro-orm/postgresql';
import type { UserReview } from './user-review.entity.js';

export interface UserReviewRow {
  id: number;
  userId: number;
  author: string;
  rating: number | null;
  content: string;
  gameId: number;
  gameIgdbId: number;
  gameTitle: string;
  gameSlug: string;
  imageCover: string | null;
  authorReviewCount: number;
  createdAt: string;
  updatedAt: string;
}

const SELECT = `select r.id, r.user_id, u.username, ra.score, r.content, g.id as game_id, g.igdb_id, g.title,
    g.slug, g.image_cover, r.created_at, r.updated_at,
    (select count(*) from user_reviews c where c.user_id = r.user_id)::int as author_review_count
  from user_reviews r
  join users u on u.id = r.user_id
  join games g on g.id = r.game_id
  left join ratings ra on ra.user_id = r.user_id and ra.game_id = r.game_id`;

function toRow(row: Record<string, unknown>): UserReviewRow {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    author: String(row.username),
    rating: row.score === null || row.score === undefined ? null : Number(row.score),
    content: String(row.content),
    gameId: Number(row.game_id),
    gameIgdbId: Number(row.igdb_id),
    gameTitle: String(row.title),
    gameSlug: String(row.slug),
    imageCover: (row.image_cover as string | null) ?? null,
    authorReviewCount: Number(row.author_review_count),
    createdAt: new Date(row.created_at as string).toISOString(),
    updatedAt: new Date(row.updated_at as string).toISOString(),
  };
}

export class UserReviewRepository extends EntityRepository<UserReview> {
  private async query(where: string, params: unknown[]): Promise<UserReviewRow[]> {
    const rows = await this.em
      .getConnection()
      .execute<Record<string, unknown>[]>(`${SELECT} ${where}`, params, 'all');
    return rows.map(toRow);
  }

  findForGame(gameId: number, limit = 200): Promise<UserReviewRow[]> {
    return this.query('where r.game_id = ? order by r.created_at desc, r.id desc limit ?', [gameId, limit]);
  }

  findForUser(userId: number): Promise<UserReviewRow[]> {
    return this.query('where r.user_id = ? order by r.updated_at desc, r.id desc', [userId]);
  }

  async findOneRow(reviewId: number): Promise<UserReviewRow | null> {
    const [row] = await this.query('where r.id = ?', [reviewId]);
    return row ?? null;
  }

  countForUser(userId: number): Promise<number> {
    return this.em
      .execute<{ total: number }[]>(
        'select count(*)::int as total from user_reviews where user_id = ?',
        [userId],
        'all',
      )
      .then(([row]) => Number(row?.total ?? 0));
  }

  /** One review per user and game: publishing again replaces the text (`created` false then). */
  async saveForUser(
    userId: number,
    gameId: number,
    content: string,
  ): Promise<{ id: number; created: boolean }> {
    // xmax is 0 only on a freshly inserted row: an ON CONFLICT update leaves the old row's transaction id.
    const [row] = await this.em.execute<{ id: number; created: boolean }[]>(
      `insert into user_reviews (user_id, game_id, content) values (?, ?, ?)
       on conflict (user_id, game_id) do update set content = excluded.content, updated_at = now()
       returning id, (xmax = 0) as created`,
      [userId, gameId, content],
      'all',
    );
    return { id: Number(row.id), created: Boolean(row.created) };
  }

  /** Changes the text of the user's own review; false when it is not theirs or does not exist. */
  async updateContentOwned(userId: number, reviewId: number, content: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: number }[]>(
      'update user_reviews set content = ?, updated_at = now() where id = ? and user_id = ? returning id',
      [content, reviewId, userId],
      'all',
    );
    return rows.length > 0;
  }

  async deleteOwned(userId: number, reviewId: number): Promise<boolean> {
    const rows = await this.em.execute<{ id: number }[]>(
      'delete from user_reviews where id = ? and user_id = ? returning id',
      [reviewId, userId],
      'all',
    );
    return rows.length > 0;
  }
}
