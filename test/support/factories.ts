import type pg from 'pg';

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

/** A released game's default date, from the run's date (as every dated fixture). */
const aYearAgo = () => new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);

/** Test data straight into the tables, so tests state exactly what they start from. */
export async function createGame(
  db: pg.Client | pg.Pool,
  overrides: Partial<{ title: string; platforms: string[]; releaseDate: string | null; igdbId: number }> = {},
) {
  const title = overrides.title ?? `Juego de prueba ${next()}`;
  const igdbId = overrides.igdbId ?? 900_000_000 + Math.floor(Math.random() * 99_999_999);
  const { rows } = await db.query(
    `insert into games (igdb_id, slug, title, search_name, platforms, release_date)
     values ($1, $2, $3, $4, $5, $6) returning id, igdb_id`,
    [
      igdbId,
      title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      title,
      title.toLowerCase(),
      overrides.platforms ?? ['PC'],
      overrides.releaseDate === undefined ? aYearAgo() : overrides.releaseDate,
    ],
  );
  return { id: Number(rows[0].id), igdbId: Number(rows[0].igdb_id), title };
}

export async function createUser(
  db: pg.Client | pg.Pool,
  overrides: Partial<{ username: string; email: string }> = {},
) {
  const username = overrides.username ?? `u${next()}`;
  // An account of some standing (made 120 days ago): the unusual-activity detector judges ten or more
  // ratings of one game in a day from accounts under a week old against the site's share of new accounts
  // that day, which depends on what other files wrote. Tests of new accounts set their age themselves
  // (rating-history.ts).
  const { rows } = await db.query(
    `insert into users (username, username_key, email, password_hash, confirmed_at, created_at)
     values ($1::text, lower($1::text), $2, 'not-a-real-hash', now(), now() - interval '120 days') returning id`,
    [username, overrides.email ?? `${username}@example.com`],
  );
  return { id: Number(rows[0].id), username };
}

export async function rate(db: pg.Client | pg.Pool, userId: number, gameId: number, score: number) {
  await db.query(
    `insert into ratings (user_id, game_id, score) values ($1, $2, $3)
     on conflict (user_id, game_id) do update set score = excluded.score, updated_at = now()`,
    [userId, gameId, score],
  );
}
