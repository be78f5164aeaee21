import type pg from 'pg';

const DAY_MS = 86_400_000;

/** The UTC day `daysAgo` days before `now`, yyyy-MM-dd. */
export const dayBefore = (now: Date, daysAgo: number) =>
  new Date(now.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);

/** A rating given `daysAgo` days before now by an account created `accountDaysAgo` days before now. */
export interface PastRating {
  daysAgo: number;
  accountDaysAgo: number;
  score: number;
  /** Other games the same account rates the same day (an account with a history, not single-purpose). */
  alsoRates?: number[];
}

/**
 * Ratings with their accounts written straight into the tables at past dates built from the run's date
 * (noon UTC of each day), as a game's history would have left them.
 */
export async function insertRatingHistory(
  db: pg.Pool | pg.Client,
  gameId: number,
  ratings: PastRating[],
  now = new Date(),
): Promise<void> {
  const noon = (daysAgo: number) => `${dayBefore(now, daysAgo)}T12:00:00Z`;
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const { rows } = await db.query<{ id: number }>(
    `insert into users (username, username_key, email, password_hash, confirmed_at, created_at)
     select 'h' || $1::text || n, 'h' || $1::text || n, 'h' || $1::text || n || '@example.com', 'not-a-real-hash',
            created, created
       from unnest($2::timestamptz[]) with ordinality as t(created, n)
     order by n
     returning id`,
    [tag, ratings.map((rating) => noon(rating.accountDaysAgo))],
  );
  const userIds: number[] = [];
  const gameIds: number[] = [];
  const scores: number[] = [];
  const dates: string[] = [];
  ratings.forEach((rating, index) => {
    for (const game of [gameId, ...(rating.alsoRates ?? [])]) {
      userIds.push(Number(rows[index].id));
      gameIds.push(game);
      scores.push(rating.score);
      dates.push(noon(rating.daysAgo));
    }
  });
  await db.query(
    `insert into ratings (user_id, game_id, score, created_at, updated_at)
     select u, g, s, d, d from unnest($1::int[], $2::int[], $3::int[], $4::timestamptz[]) as t(u, g, s, d)`,
    [userIds, gameIds, scores, dates],
  );
}

/**
 * An ordinary history of `days` days: a launch day of real players (15 ratings from accounts months
 * old), then 0 to 3 ratings a day from accounts with other ratings, scores 55-94.
 */
export function ordinaryHistory(days: number, alsoRates: number[] = []): PastRating[] {
  const history: PastRating[] = Array.from({ length: 15 }, (_, index) => ({
    daysAgo: days,
    accountDaysAgo: days + 120,
    score: 60 + ((index * 11) % 35),
    alsoRates,
  }));
  for (let daysAgo = days - 1; daysAgo >= 1; daysAgo -= 1) {
    for (let index = 0; index < (daysAgo * 7) % 4; index += 1)
      history.push({
        daysAgo,
        accountDaysAgo: days + 200,
        score: 55 + ((daysAgo * 13 + index * 17) % 40),
        alsoRates,
      });
  }
  return history;
}
