/**
 * The bare baseline of the catalogue benchmark: plain node:http answering catalogue pages with plain OFFSET
 * SQL on pg, and game reads and searches with the API's own repositories, with no framework, validation,
 * logging or cache. Run as its own process.
 */
import { createServer } from 'node:http';
import pg from 'pg';
import {
  BestOfRepository,
  GENRES_BY_SLUG,
  Game,
  MediaReview,
  openDatabase,
  OutletPagesRepository,
  platformName,
  repository,
  UserReview,
} from '@veredicto/db';
import { searchGames } from '@veredicto/search';

// As many connections as the API's pool (DATABASE_POOL_SIZE, ten by default).
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE ?? 10);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE });
const port = Number(process.env.PORT ?? 3201);
const PLATFORM_NAMES: Record<string, string> = {
  pc: 'PC',
  ps5: 'PlayStation 5',
  ps2: 'PlayStation 2',
  switch: 'Nintendo Switch',
};
const ORDER: Record<string, string> = {
  releaseDate: 'g.release_date desc nulls last, g.id desc',
  avRatings: 'g.av_ratings desc nulls last, g.id desc',
  avUserRatings: 'g.av_user_ratings desc nulls last, g.id desc',
};
const COLUMNS = `g.id, g.igdb_id, g.slug, g.title, g.image_cover, g.platforms,
  to_char(g.release_date, 'YYYY-MM-DD') as release_date, g.av_ratings, g.av_user_ratings,
  g.critic_review_count, g.user_rating_count`;

// The repositories' own typed SQL, on MikroORM's connection (their queries need its Kysely and entity
// metadata), each read on a fresh EntityManager as the API does: no cache, no validation, no presenters.
const orm = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: POOL_SIZE });
const games = () => orm.em.fork().getRepository(Game);
const mediaReviews = () => orm.em.fork().getRepository(MediaReview);
const userReviews = () => orm.em.fork().getRepository(UserReview);
const GAME_READ = /^\/api\/games\/(avRating\/|reviews\/pro\/|reviews\/users\/)?(\d+)$/;
const OUTLET_READ = /^\/api\/outlets\/([a-z0-9-]+)(\/reviews|\/differences)?$/;

/** An outlet page's reads (section 15) with the API's repository SQL, without its framework or cache. */
async function outletRead(slug: string, part: string | undefined, url: URL): Promise<unknown> {
  const pages = repository(orm.em.fork(), OutletPagesRepository);
  if (!part) return pages.findBySlug(slug);
  if (part === '/reviews')
    return pages.reviewsPageBySlug(
      slug,
      Number(url.searchParams.get('page') ?? 0),
      Number(url.searchParams.get('size') ?? 50),
    );
  return pages.differencesBySlug(slug, 5);
}

/** A best-of page (section 15) with the API's repository SQL. */
function bestOfRead(url: URL): Promise<unknown> {
  const platform = url.searchParams.get('platform');
  const genre = url.searchParams.get('genre');
  const year = url.searchParams.get('year');
  return repository(orm.em.fork(), BestOfRepository).findPage(
    {
      year: year ? Number(year) : undefined,
      platform: platform ? platformName(platform) : undefined,
      genre: genre ? GENRES_BY_SLUG.get(genre) : undefined,
    },
    Number(url.searchParams.get('page') ?? 0),
    Number(url.searchParams.get('size') ?? 50),
  );
}

/** The game page's reads, with the API's SQL and without its framework, cache or presenters. */
async function gameRead(kind: string | undefined, igdbId: number): Promise<unknown> {
  if (!kind) return games().findDetail({ igdbId });
  const key = await games().findKey(igdbId);
  if (!key) return null;
  if (kind === 'avRating/') return key.avUserRatings;
  return kind === 'reviews/pro/' ? mediaReviews().findForGame(key.id) : userReviews().findForGame(key.id);
}

createServer(async (request, response) => {
  try {
    const url = new URL(request.url ?? '/', 'http://x');
    let body: unknown;
    if (url.pathname === '/api/games/all') {
      const page = Number(url.searchParams.get('page') ?? 0);
      const size = Number(url.searchParams.get('size') ?? 50);
      const platform = PLATFORM_NAMES[url.searchParams.get('platform') ?? ''];
      const order = ORDER[url.searchParams.get('sortBy') ?? 'releaseDate'];
      const where = platform ? 'where g.platforms @> array[$1]::text[]' : '';
      const params: unknown[] = platform ? [platform] : [];
      const [count, rows] = await Promise.all([
        pool.query(`select count(*) as total from games g ${where}`, params),
        pool.query(
          `select ${COLUMNS} from games g ${where} order by ${order} limit $${params.length + 1} offset $${params.length + 2}`,
          [...params, size, page * size],
        ),
      ]);
      body = { content: rows.rows, totalElements: Number(count.rows[0].total), page, size };
    } else if (url.pathname === '/api/games/search') {
      body = (await searchGames(orm.em.fork(), url.searchParams.get('name') ?? '', { page: 0, size: 20 }))
        .rows;
    } else if (url.pathname === '/api/games/best-of') {
      body = await bestOfRead(url);
    } else if (OUTLET_READ.test(url.pathname)) {
      const [, slug, part] = OUTLET_READ.exec(url.pathname) ?? [];
      body = await outletRead(slug, part, url);
    } else if (GAME_READ.test(url.pathname)) {
      const [, kind, igdbId] = GAME_READ.exec(url.pathname) ?? [];
      body = await gameRead(kind, Number(igdbId));
    } else {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
}).listen(port, '127.0.0.1', () => process.send?.({ type: 'ready', process: 'baseline' }));
