import 'reflect-metadata';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { GameAlias, openDatabase } from '@veredicto/db';
import { searchGames } from '@veredicto/search';
import { createGame } from '../support/factories.js';
import { testEnv } from '../support/test-env.js';

// The word list the search corrects typos with (search_words) is kept up to date by triggers on games and
// game_aliases: whatever writes a title or an alias (importer, IGDB import, admin), its words are there
// and a typo of them finds the game.
describe('search word list', () => {
  let orm: MikroORM;
  let db: pg.Pool;
  // Made-up words no other game has, so the corrections can only point at this test's games.
  const suffix = Date.now().toString(36).replace(/[0-9]/g, 'q');
  const word = (stem: string) => `${stem}${suffix}`;
  const search = (text: string) => searchGames(orm.em.fork(), text, { page: 0, size: 5 });
  const frequency = async (text: string) => {
    const { rows } = await db.query('select frequency from search_words where word = $1', [text]);
    return rows.length ? Number(rows[0].frequency) : null;
  };
  /** Two letters of the word's stem swapped: in no title, close to the word. */
  const typo = (text: string) => text[0] + text[2] + text[1] + text.slice(3);

  beforeAll(async () => {
    orm = await openDatabase({ databaseUrl: testEnv().databaseUrl, poolSize: 2 });
    db = new pg.Pool({ connectionString: testEnv().databaseUrl, max: 2 });
  });

  afterAll(async () => {
    await orm.close(true);
    await db.end();
  });

  it('holds the words of a game added, and a typo of them finds it', async () => {
    const name = word('zorblatrix');
    const game = await createGame(db, { title: `Cronicas ${name}` });
    expect(await frequency(name)).toBe(1);
    expect(await frequency('cronicas')).toBeGreaterThanOrEqual(1);
    expect(await frequency(typo(name))).toBeNull();
    const found = await search(`cronicas ${typo(name)}`);
    expect(found.rows[0]?.id).toBe(game.id);
  });

  it('adds the new words of a renamed game once, and counts a word again only when it is new to the row', async () => {
    const first = word('quendravel');
    const second = word('mirtokaxen');
    const game = await createGame(db, { title: first });
    await db.query('update games set title = $1, search_name = $2 where id = $3', [
      `${first} ${second}`,
      `${first} ${second}`,
      game.id,
    ]);
    // An update of other columns adds nothing.
    await db.query('update games set critic_review_count = critic_review_count where id = $1', [game.id]);
    expect(await frequency(first)).toBe(1);
    expect(await frequency(second)).toBe(1);
    expect((await search(`${first} ${typo(second)}`)).rows[0]?.id).toBe(game.id);
  });

  it("holds the words of an alias added by the operator, and a typo of them finds the alias's game", async () => {
    const game = await createGame(db, { title: word('Plain title') });
    const alias = word('vextrumonde');
    const added = await orm.em.fork().getRepository(GameAlias).addAdminAlias(game.id, `La ${alias}`);
    expect(added).not.toBeNull();
    expect(await frequency(alias)).toBe(1);
    expect((await search(typo(alias))).rows[0]?.id).toBe(game.id);
  });
});
