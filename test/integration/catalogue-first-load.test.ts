import 'reflect-metadata';
import pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  CatalogueImporter,
  GameImportRepository,
  migrateDatabase,
  openDatabase,
  type GameUpsertRow,
} from '@veredicto/db';
import { testEnv, withDatabase } from '../support/test-env.js';

// Issue 28: a first start loads the demo catalogue into empty tables with COPY instead of the upserts. The
// catalogue must end the same either way: the demo is loaded into two fresh databases, one by the upserts
// (bulkCopy off, as before), one by COPY, and the tables it writes are compared row by row (a checksum of
// every column but the moments of writing and the search_version counter). A second import over the
// copied catalogue then takes the upserts and must change nothing.

/** Each table's rows as text, in a fixed order, without the columns that hold when a row was written. */
const CHECKED: Record<string, string> = {
  games: `select (to_jsonb(t) - 'created_at' - 'updated_at' - 'search_version')::text as row from games t order by id`,
  aliases: `select concat_ws('|', g.igdb_id, t.kind, t.alias, t.term) as row
              from game_aliases t join games g on g.id = t.game_id order by g.igdb_id, t.kind, t.term`,
  reviews: `select (to_jsonb(t) - 'created_at' - 'updated_at')::text as row from media_reviews t order by id`,
  // Their figures are sums of floats, whose last digits follow the order PostgreSQL adds the rows in.
  outlets: `select concat_ws('|', id, name, slug, domain, country, language, median_score, review_count,
                     round(average_score::numeric, 9), round(deviation_mean::numeric, 9), deviation_games,
                     round(deviation_stdev::numeric, 9)) as row
               from outlets order by name`,
  searchWords: `select word || ':' || frequency as row from search_words order by word`,
  languages: `select (to_jsonb(t) - 'id' - 'updated_at')::text as row from game_languages t
               order by game_id, platform, locale, source`,
  outletScores: `select concat_ws('|', outlet_id, game_id, round(score::numeric, 9), others_count,
                          round(others_mean::numeric, 9), round(difference::numeric, 9)) as row
                    from outlet_game_scores order by outlet_id, game_id`,
};

async function checksums(databaseUrl: string): Promise<Record<string, { rows: number; md5: string }>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const sums: Record<string, { rows: number; md5: string }> = {};
    for (const [table, query] of Object.entries(CHECKED)) {
      const { rows } = await client.query<{ rows: number; md5: string }>(
        `select count(*)::int as rows, md5(coalesce(string_agg(row, E'\\n'), '')) as md5 from (${query}) t`,
      );
      sums[table] = rows[0];
    }
    return sums;
  } finally {
    await client.end();
  }
}

async function scalar<T>(databaseUrl: string, query: string): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return Object.values((await client.query(query)).rows[0] as Record<string, T>)[0];
  } finally {
    await client.end();
  }
}

describe('the first load of the demo catalogue (COPY into empty tables)', () => {
  const suffix = `${process.pid}_${Date.now().toString(36)}`;
  const databases = { upserts: `veredicto_load_upserts_${suffix}`, copy: `veredicto_load_copy_${suffix}` };
  const url = (database: string) => withDatabase(testEnv().serverUrl, database);
  const orms: MikroORM[] = [];

  const open = async (database: string) => {
    const orm = await openDatabase({ databaseUrl: url(database), poolSize: 2 });
    orms.push(orm);
    await migrateDatabase(orm, url(database));
    return orm;
  };

  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: withDatabase(testEnv().serverUrl, 'postgres') });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(async (client) => {
      for (const database of Object.values(databases)) await client.query(`create database "${database}"`);
    });
  });

  afterAll(async () => {
    for (const orm of orms) await orm.close(true);
    await admin(async (client) => {
      for (const database of Object.values(databases))
        await client.query(`drop database if exists "${database}" with (force)`);
    });
  });

  it('ends with the same catalogue as the upserts, and a second import changes nothing', async () => {
    const byUpserts = await open(databases.upserts);
    const byCopy = await open(databases.copy);

    const upserted = await new CatalogueImporter(byUpserts.em.fork(), false).importDemoEssentials();
    const copied = await new CatalogueImporter(byCopy.em.fork()).importDemoEssentials();
    expect(copied.games).toBe(upserted.games);
    expect(copied.reviews).toBe(upserted.reviews);
    expect(copied.games).toBeGreaterThan(20_000);
    expect(copied.reviews).toBeGreaterThan(70_000);
    // The aliases' trigger left the copied games alone in the loading transaction (their insert gave them a
    // search_version): the upserts took one more number for every aliased game, nothing else differs.
    const aliased = await scalar<number>(
      url(databases.copy),
      'select count(distinct game_id)::int from game_aliases',
    );
    expect(aliased).toBeGreaterThan(8_000);
    const highest = async (database: string) =>
      Number(await scalar<string>(url(database), 'select max(search_version) from games'));
    expect((await highest(databases.upserts)) - (await highest(databases.copy))).toBe(aliased);

    await new CatalogueImporter(byUpserts.em.fork(), false).completeDemoCatalogue();
    await new CatalogueImporter(byCopy.em.fork()).completeDemoCatalogue();
    const expected = await checksums(url(databases.upserts));
    expect(expected.games.rows).toBe(copied.games);
    expect(expected.languages.rows).toBeGreaterThan(0);
    expect(expected.outletScores.rows).toBeGreaterThan(0);
    expect(await checksums(url(databases.copy))).toEqual(expected);

    // Again over the loaded catalogue: the tables hold rows, so the upserts run (idempotent). The search
    // words' frequencies are left out here: every import counts the aliases' words again (the aliases are
    // replaced, and nothing takes the old ones' words off), by the upserts as before.
    const again = await new CatalogueImporter(byCopy.em.fork()).importDemoCatalogue();
    expect(again.games).toBe(copied.games);
    const { searchWords, ...rest } = await checksums(url(databases.copy));
    const { searchWords: expectedWords, ...expectedRest } = expected;
    expect(rest).toEqual(expectedRest);
    expect(searchWords.rows).toBe(expectedWords.rows);
  }, 600_000);

  it('outside that transaction, a new alias still gives its game a new search_version', async () => {
    const byCopy = orms[1] ?? (await open(databases.copy));
    const before = await scalar<string>(url(databases.copy), 'select search_version from games where id = 1');
    await new GameImportRepository(byCopy.em.fork()).upsertGames([
      {
        ...(await firstGame(url(databases.copy))),
        aliases: { spanish: ['Un título de prueba'] },
      },
    ]);
    const after = await scalar<string>(url(databases.copy), 'select search_version from games where id = 1');
    expect(BigInt(after)).toBeGreaterThan(BigInt(before));
  });

  it('two first loads at once: one copies, the other finds the games and writes nothing', async () => {
    const database = `veredicto_load_race_${suffix}`;
    await admin((client) => client.query(`create database "${database}"`));
    try {
      const orm = await open(database);
      const games: GameUpsertRow[] = [1, 2, 3].map((igdbId) => ({
        igdbId,
        title: `Juego ${igdbId}`,
        slug: `juego-${igdbId}`,
        searchName: `juego ${igdbId}`,
        platforms: ['PC'],
        releaseDate: '2020-01-0' + igdbId,
        releaseDatePrecision: 'day',
        imageCover: null,
        igdbRating: 80,
        imageArt: null,
        summary: 'Tabulador\t, salto\nde línea, barra \\ y "comillas"',
        genres: ['Rol', 'Acción "dura"'],
        developers: [],
        publishers: ['Estudio {llaves}, coma'],
        screenshots: [],
        bigScreenshots: [],
        videos: [{ id: 1, title: 'Tráiler', videoID: 'abc' }],
      }));
      const results = await Promise.all([
        new GameImportRepository(orm.em.fork()).copyIntoEmpty(games),
        new GameImportRepository(orm.em.fork()).copyIntoEmpty(games),
      ]);
      expect(results.filter((result) => result === 3)).toHaveLength(1);
      expect(results.filter((result) => result === undefined)).toHaveLength(1);
      const client = new pg.Client({ connectionString: url(database) });
      await client.connect();
      try {
        const { rows } = await client.query(
          'select igdb_id, summary, genres, publishers, videos from games order by igdb_id',
        );
        expect(rows).toEqual(
          games.map((game) => ({
            igdb_id: game.igdbId,
            summary: game.summary,
            genres: game.genres,
            publishers: game.publishers,
            videos: game.videos,
          })),
        );
      } finally {
        await client.end();
      }
    } finally {
      await admin((client) => client.query(`drop database if exists "${database}" with (force)`));
    }
  });
});

/** The first game of a catalogue as an upsert row (its stored fields). */
async function firstGame(databaseUrl: string): Promise<GameUpsertRow> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select igdb_id, title, slug, search_name, platforms, to_char(release_date, 'YYYY-MM-DD') as release_date,
              release_date_precision, image_cover, igdb_rating, image_art, summary, genres, developers, publishers,
              screenshots, big_screenshots, videos, metascore
         from games where id = 1`,
    );
    const row = rows[0];
    return {
      igdbId: row.igdb_id,
      title: row.title,
      slug: row.slug,
      searchName: row.search_name,
      platforms: row.platforms,
      releaseDate: row.release_date,
      releaseDatePrecision: row.release_date_precision,
      imageCover: row.image_cover,
      igdbRating: row.igdb_rating === null ? null : Number(row.igdb_rating),
      imageArt: row.image_art,
      summary: row.summary,
      genres: row.genres,
      developers: row.developers,
      publishers: row.publishers,
      screenshots: row.screenshots,
      bigScreenshots: row.big_screenshots,
      videos: row.videos,
      metascore: row.metascore,
    };
  } finally {
    await client.end();
  }
}
