import { ADDON_PENALTY, SEARCH_SHORTLIST } from '@veredicto/db';
import { intersect, popularityOf, SearchIndex, type IndexedGame } from './search-index.js';
import { random } from '../../../bench/search-queries.js';

const game = (id: number, searchName: string, popularity = 0, aliases: IndexedGame['aliases'] = []) => ({
  id,
  searchName,
  popularity,
  aliases,
});
/** The terms of a text as the search makes them: words of 3 letters anywhere, shorter ones as word starts. */
const words = (text: string) => {
  const long = text.split(' ').filter((word) => word.length >= 3);
  return {
    exacts: [text],
    prefixes: [text],
    franchisePrefixes: [],
    typedExacts: [text],
    allWords: [
      long.length
        ? { wordStarts: [], groups: long.map((word) => [word]) }
        : { wordStarts: text.split(' '), groups: [] },
    ],
  };
};
const RULES = {
  candidates: 3,
  similarity: 0.2,
  maxEdits: 2,
  keepSimilarity: 0.3,
  frequencyWeight: 0.05,
  lengthChange: 2,
};

describe('SearchIndex', () => {
  it("keeps only the games whose Spanish says yes with the 'spanish' filter, counted alike, and follows an update", () => {
    const index = new SearchIndex(
      [
        { ...game(1, 'max payne', 2), spanish: { audio: false, text: true } },
        { ...game(2, 'max payne 2', 1), spanish: { audio: true, text: true } },
        game(3, 'max payne 3', 0),
      ],
      [],
    );
    const page = (spanish?: 'audio' | 'text') =>
      index.page(words('max payne'), 'max payne', 0, 10, undefined, spanish);
    expect(page()).toMatchObject({ gameIds: [1, 2, 3], total: 3 });
    expect(page('text')).toMatchObject({ gameIds: [1, 2], total: 2 });
    expect(page('audio')).toMatchObject({ gameIds: [2], total: 1, anyAsTyped: true });
    // The verdict changed (a report accepted): the same texts, the new Spanish.
    index.update({ ...game(3, 'max payne 3', 0), spanish: { audio: true, text: false } });
    expect(page('audio')).toMatchObject({ gameIds: [2, 3], total: 2 });
    expect(index.page(words('zelda'), 'zelda', 0, 10, undefined, 'audio')).toMatchObject({ total: 0 });
  });

  it('finds an adult game only by a whole title or alias as typed, unless asked for, and follows an update', () => {
    const index = new SearchIndex(
      [
        { ...game(1, 'hentai girls winky witch', 1), mature: true },
        { ...game(2, 'girls und panzer', 0, [{ term: 'garupan', kind: 'igdb' }]), mature: true },
        game(3, 'girls of the wild', 0),
      ],
      [],
    );
    const page = (text: string, mature?: boolean) =>
      index.page(words(text), text, 0, 10, undefined, undefined, mature);
    expect(page('girls')).toMatchObject({ gameIds: [3], total: 1 });
    expect(page('girls', true).gameIds.sort()).toEqual([1, 2, 3]);
    expect(page('hentai girls')).toMatchObject({ total: 0, anyAsTyped: false });
    expect(page('hentai girls winky witch')).toMatchObject({ gameIds: [1], total: 1, anyAsTyped: true });
    expect(page('garupan')).toMatchObject({ gameIds: [2], total: 1 });
    index.update(game(1, 'hentai girls winky witch', 1));
    expect(page('girls')).toMatchObject({ gameIds: [3, 1], total: 2 });
  });

  it('ranks an exact title over a prefix over every word present, popularity breaking ties', () => {
    const index = new SearchIndex(
      [
        game(1, 'hollow knight silksong', 3),
        game(2, 'knight hollow', 0),
        game(3, 'hollow knight', 0),
        game(4, 'hollow knight', 1, []),
        game(5, 'zelda'),
      ],
      [],
    );
    const page = index.page(words('hollow knight'), 'hollow knight', 0, 10);
    expect(page.gameIds).toEqual([4, 3, 1, 2]);
    expect(page.total).toBe(4);
    expect(page.anyAsTyped).toBe(true);
    expect(index.page(words('hollow knight'), 'hollow knight', 1, 2).gameIds).toEqual([3, 1]);
  });

  it('finds a game by an alias, an exact alias above a title that starts so, and counts a game once', () => {
    const index = new SearchIndex(
      [
        game(1, 'breath of the wild', 0, [
          { term: 'botw', kind: 'acronym' },
          { term: 'botw game', kind: 'admin' },
        ]),
        game(2, 'botw fan game'),
      ],
      [],
    );
    const page = index.page(words('botw'), 'botw', 0, 10);
    expect(page.gameIds).toEqual([1, 2]);
    expect(page.total).toBe(2);
  });

  it('pages past the similarity-ranked shortlist in the rough order', () => {
    const games = Array.from({ length: SEARCH_SHORTLIST + 50 }, (_, id) =>
      game(id + 1, `dragon quest ${id}`, id / 1000),
    );
    const index = new SearchIndex(games, []);
    const all = index.page(words('dragon'), 'dragon', 0, games.length).gameIds;
    expect(new Set(all).size).toBe(games.length);
    expect(index.page(words('dragon'), 'dragon', SEARCH_SHORTLIST + 10, 5).gameIds).toEqual(
      all.slice(SEARCH_SHORTLIST + 10, SEARCH_SHORTLIST + 15),
    );
  });

  it('replaces a changed game’s texts and keeps a new one', () => {
    const index = new SearchIndex([game(1, 'old name'), game(2, 'other')], []);
    index.update(game(1, 'new name', 0, [{ term: 'nn', kind: 'admin' }]));
    index.update(game(3, 'brand new'));
    expect(index.page(words('old name'), 'old name', 0, 10).gameIds).toEqual([]);
    expect(index.page(words('new'), 'new', 0, 10).gameIds.sort()).toEqual([1, 3]);
    expect(index.page(words('nn'), 'nn', 0, 10).gameIds).toEqual([1]);
    expect(index.changes).toBe(2);
    // Only its popularity changed: nothing to replace.
    index.update(game(2, 'other', 5));
    expect(index.changes).toBe(2);
  });

  it('offers a swap of two letters first, then the nearest words, and nothing for a known word', () => {
    const index = new SearchIndex(
      [],
      [
        { word: 'knight', frequency: 10 },
        { word: 'knights', frequency: 1 },
        { word: 'night', frequency: 50 },
      ],
    );
    expect(index.corrections(['kinght', 'knight'], [['iknght', 'knihgt', 'knight'], []], RULES)).toEqual([
      { typed: 'kinght', word: 'knight', swap: true },
    ]);
    // No swap: the fewest edits first, then the most similar (and frequent).
    expect(index.corrections(['knightt'], [['nkightt', 'knihgtt']], RULES)).toEqual([
      { typed: 'knightt', word: 'knight', swap: false },
      { typed: 'knightt', word: 'knights', swap: false },
      { typed: 'knightt', word: 'night', swap: false },
    ]);
    expect(index.corrections(['qqqq'], [[]], RULES)).toEqual([{ typed: 'qqqq', word: null, swap: null }]);
  });

  it('computes popularity as the database does', () => {
    expect(popularityOf({ criticReviewCount: 0, userRatingCount: 0, score: null, releaseYear: null })).toBe(
      0,
    );
    expect(
      popularityOf({ criticReviewCount: 9, userRatingCount: 10, score: 60, releaseYear: 2040 }),
    ).toBeCloseTo(Math.log(20) / 1.5 + 0.3 + 0.2);
    expect(
      popularityOf({ criticReviewCount: 0, userRatingCount: 0, score: 97.5, releaseYear: null }),
    ).toBeCloseTo(0.3 + 27.5 / 30);
    expect(
      popularityOf({ criticReviewCount: 0, userRatingCount: 0, score: null, releaseYear: null, addon: true }),
    ).toBe(-ADDON_PENALTY);
  });
});

describe('intersect', () => {
  it('finds the entries of both sorted lists, walking both or galloping through a far longer one', () => {
    const next = random(3);
    const sortedSample = (size: number, range: number) =>
      Int32Array.from(new Set(Array.from({ length: size }, () => Math.floor(next() * range)))).sort();
    for (const [short, long, range] of [
      [0, 10, 50],
      [5, 8, 20],
      [40, 60, 200],
      [3, 5_000, 20_000],
      [30, 10_000, 12_000],
      [1, 1, 2],
      [2, 400, 400],
    ]) {
      for (let round = 0; round < 20; round++) {
        const [a, b] = [sortedSample(short, range), sortedSample(long, range)];
        const inB = new Set(b);
        expect([...intersect(a, b)]).toEqual([...a].filter((entry) => inB.has(entry)));
      }
    }
  });
});
