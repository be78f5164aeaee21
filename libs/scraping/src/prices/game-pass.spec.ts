import { GAME_PASS_LISTS, GamePassCatalog, gamePassMembers, readGamePassList } from './game-pass.js';
import { StoreCaller, StoreCallError } from './store-caller.js';

/**
 * The shape of a list's answer as XboxKit decodes it (github.com/fxp-ai/XboxKit,
 * Sources/XboxKit/GamePass.swift, commit 25562261): a JSON array, the header first with `siglId`, `title`,
 * `description`, `requiresShuffling` (a string) and `imageUrl`, then one `{ id }` per product.
 */
const header = (siglId: string, title: string) => ({
  siglId,
  title,
  description: '',
  requiresShuffling: 'False',
  imageUrl: 'https://assets.xboxservices.com/assets/gamepass.jpg',
});

describe('readGamePassList', () => {
  it('reads the header and the big ids, upper-cased and once each', () => {
    const answer = [
      header(GAME_PASS_LISTS.console, 'Juegos de consola'),
      { id: '9NLDDF97GTJ0' },
      { id: 'bq1w1t1fc14w' },
      { id: '9NLDDF97GTJ0' },
    ];
    expect(readGamePassList(answer)).toEqual({
      siglId: GAME_PASS_LISTS.console,
      title: 'Juegos de consola',
      ids: ['9NLDDF97GTJ0', 'BQ1W1T1FC14W'],
    });
  });

  it('answers an empty list for a header alone (a list with no games is a valid answer)', () => {
    expect(readGamePassList([header(GAME_PASS_LISTS.leavingPc, 'Se va pronto')])).toEqual({
      siglId: GAME_PASS_LISTS.leavingPc,
      title: 'Se va pronto',
      ids: [],
    });
  });

  it('skips what is not a product id and refuses what is not a list', () => {
    expect(
      readGamePassList([
        header('x', 'y'),
        { id: 'no es un id' },
        { id: 42 },
        null,
        'texto',
        { id: 'C3KLDKZBHNCZ' },
      ])?.ids,
    ).toEqual(['C3KLDKZBHNCZ']);
    expect(readGamePassList({ error: 'not found' })).toBeNull();
    expect(readGamePassList(null)).toBeNull();
    expect(readGamePassList([{ id: '9NLDDF97GTJ0' }])).toBeNull();
  });
});

describe('gamePassMembers', () => {
  const list = (ids: string[]) => ({ siglId: 's', title: 't', ids });
  const empty = list([]);

  it('is in when in any list, and leaving when in a leaving-soon list', () => {
    const members = gamePassMembers({
      console: list(['AAAAAAAAAAAA', 'BBBBBBBBBBBB']),
      pc: list(['BBBBBBBBBBBB', 'CCCCCCCCCCCC']),
      eaPlayConsole: list(['DDDDDDDDDDDD']),
      eaPlayPc: empty,
      leavingConsole: list(['BBBBBBBBBBBB']),
      leavingPc: empty,
    });
    expect(Object.fromEntries(members)).toEqual({
      AAAAAAAAAAAA: false,
      BBBBBBBBBBBB: true,
      CCCCCCCCCCCC: false,
      DDDDDDDDDDDD: false,
    });
  });
});

describe('GamePassCatalog', () => {
  /** A caller that answers from a table by list id and records the URLs asked for. */
  const callerAnswering = (answers: Record<string, unknown>) => {
    const asked: URL[] = [];
    const caller = new StoreCaller({ intervalMs: 0 });
    caller.getJson = async (url: URL) => {
      asked.push(url);
      return answers[url.searchParams.get('id') ?? ''] ?? [header(url.searchParams.get('id') ?? '', 'Vacía')];
    };
    return { caller, asked };
  };

  it("asks each list for Spain's market in Spanish", async () => {
    const { caller, asked } = callerAnswering({
      [GAME_PASS_LISTS.console]: [header(GAME_PASS_LISTS.console, 'Consola'), { id: 'AAAAAAAAAAAA' }],
      [GAME_PASS_LISTS.leavingConsole]: [
        header(GAME_PASS_LISTS.leavingConsole, 'Se va'),
        { id: 'AAAAAAAAAAAA' },
      ],
    });
    const members = await new GamePassCatalog('https://catalog.gamepass.com/', caller).members();
    expect(Object.fromEntries(members)).toEqual({ AAAAAAAAAAAA: true });
    expect(asked.map((url) => url.searchParams.get('id')).sort()).toEqual(
      Object.values(GAME_PASS_LISTS).sort(),
    );
    for (const url of asked) {
      expect(`${url.origin}${url.pathname}`).toBe('https://catalog.gamepass.com/sigls/v2');
      expect(url.searchParams.get('market')).toBe('ES');
      expect(url.searchParams.get('language')).toBe('es-es');
    }
  });

  it('fails rather than answer an empty Game Pass, and on a malformed list', async () => {
    await expect(
      new GamePassCatalog('http://fake', callerAnswering({}).caller).members(),
    ).rejects.toBeInstanceOf(StoreCallError);
    const malformed = callerAnswering({ [GAME_PASS_LISTS.pc]: { message: 'Not Found' } });
    await expect(new GamePassCatalog('http://fake', malformed.caller).members()).rejects.toThrow(
      'no respondió con una lista de Game Pass',
    );
  });
});
