import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type ExpressionBuilder } from 'kysely';
import { typedSql, type Database } from '../typed-sql.js';

type Nullable<Row> = { [Key in keyof Row]: Row[Key] | null };
import type { ProfileVisibility } from '@veredicto/contract';

export interface ProfileOwner {
  id: number;
  username: string;
  createdAt: Date;
  profileVisibility: ProfileVisibility;
}

export interface RecentActivity {
  kind: 'rating' | 'review';
  igdbId: number;
  title: string;
  slug: string;
  score: number | null;
  review: string | null;
  createdAt: Date;
}

/** One of the user's lists as the profile shows it: its name, its size and its first games. */
export interface ProfileList {
  name: string;
  count: number;
  games: { igdbId: number; title: string; slug: string }[];
}

type OnRatingsAndReviews = ExpressionBuilder<
  { r: Database['Rating']; w: Nullable<Database['UserReview']> },
  'r' | 'w'
>;

/** When a rating or its review last changed, whichever is later. */
const latest = (eb: OnRatingsAndReviews) =>
  sql<Date>`greatest(${eb.ref('r.updatedAt')}, coalesce(${eb.ref('w.updatedAt')}, ${eb.ref('r.updatedAt')}))`;

/** What a public profile shows beyond the statuses: ratings, reviews and their spread. */
export class ProfileRepository {
  constructor(private readonly em: EntityManager) {}

  private get db() {
    return typedSql(this.em);
  }

  /** The account by its name, whatever its case. */
  findOwner(username: string): Promise<ProfileOwner | undefined> {
    return this.db
      .selectFrom('User')
      .select(['id', 'username', 'createdAt', 'profileVisibility'])
      .where('usernameKey', '=', username.toLowerCase())
      .executeTakeFirst();
  }

  async setVisibility(userId: number, visibility: ProfileVisibility): Promise<void> {
    await this.db
      .updateTable('User')
      .set({ profileVisibility: visibility })
      .where('id', '=', userId)
      .execute();
  }

  async countRatingsAndReviews(userId: number): Promise<{ ratings: number; reviews: number }> {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('Rating')
          .select(sql<number>`count(*)::int`.as('total'))
          .where('user', '=', userId)
          .as('ratings'),
        eb
          .selectFrom('UserReview')
          .select(sql<number>`count(*)::int`.as('total'))
          .where('user', '=', userId)
          .where('hiddenAt', 'is', null)
          .as('reviews'),
      ])
      .executeTakeFirstOrThrow();
    return { ratings: Number(row.ratings ?? 0), reviews: Number(row.reviews ?? 0) };
  }

  /** How many of the user's scores fall in each tenth: index 0 is 0-9, index 9 is 90-100. */
  async scoreHistogram(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('Rating')
      .select((eb) => [
        sql<number>`least(${eb.ref('score')} / 10, 9)::int`.as('bucket'),
        sql<number>`count(*)::int`.as('total'),
      ])
      .where('user', '=', userId)
      .groupBy(sql`1`)
      .execute();
    const histogram = Array.from({ length: 10 }, () => 0);
    for (const row of rows) histogram[Number(row.bucket)] = Number(row.total);
    return histogram;
  }

  /** The user's latest ratings and reviews (a review carries its score; hidden ones count as none), newest first. */
  async recent(userId: number, limit: number): Promise<RecentActivity[]> {
    const rows = await this.db
      .selectFrom('Rating as r')
      .innerJoin('Game as g', 'g.id', 'r.game')
      // A review hidden by moderation leaves the profile; its rating stays.
      .leftJoin('UserReview as w', (join) =>
        join.onRef('w.user', '=', 'r.user').onRef('w.game', '=', 'r.game').on('w.hiddenAt', 'is', null),
      )
      .select((eb) => [
        'g.igdbId',
        'g.title',
        'g.slug',
        eb.ref('r.score').as('score'),
        eb.ref('w.content').as('review'),
        latest(eb).as('latestAt'),
      ])
      .where('r.user', '=', userId)
      .orderBy((eb) => latest(eb), 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      kind: row.review ? 'review' : 'rating',
      igdbId: Number(row.igdbId),
      title: row.title,
      slug: row.slug,
      score: Number(row.score),
      review: row.review ?? null,
      createdAt: new Date(row.latestAt),
    }));
  }

  /** The user's lists that hold games, oldest list first, each with its first `perList` games. */
  async lists(userId: number, perList: number): Promise<ProfileList[]> {
    const rows = await this.db
      .selectFrom('GameList as l')
      .innerJoin('GameListEntry as e', 'e.list', 'l.id')
      .innerJoin('Game as g', 'g.id', 'e.game')
      .select(['l.id', 'l.name', 'g.igdbId', 'g.title', 'g.slug'])
      .where('l.user', '=', userId)
      .orderBy('l.createdAt')
      .orderBy('l.id')
      .orderBy('e.addedAt')
      .orderBy('e.id')
      .execute();
    const lists = new Map<number, ProfileList>();
    for (const row of rows) {
      const list = lists.get(row.id) ?? { name: row.name, count: 0, games: [] };
      lists.set(row.id, list);
      list.count += 1;
      if (list.games.length < perList)
        list.games.push({ igdbId: Number(row.igdbId), title: row.title, slug: row.slug });
    }
    return [...lists.values()];
  }
}
