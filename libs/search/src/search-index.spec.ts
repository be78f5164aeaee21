import { SPANISH_FILTERS, type SpanishFilter } from '@veredicto/contract';
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
/**
 * A random catalogue of few words, so that searches find many games, few, or none: `games` games with ids
 * from `firstId` by `idStep`, titles of 1 to `longest` words, a Spanish in `audio` and `text` of them, a
 * tenth adult, three tenths with an alias of two words; and `text`, which makes more of those words.
 */
function randomCatalogue(
  next: () => number,
  vocabulary: readonly string[],
  shape: {
    games: number;
    firstId: number;
    idStep: number;
    longest: number;
    audio: number;
    text: number;
    aliasKind: () => IndexedGame['aliases'][number]['kind'];
  },
) {
  const text = (length: number) =>
    Array.from({ length }, () => vocabulary[Math.floor(next() * vocabulary.length)]).join(' ');
  const games: IndexedGame[] = Array.from({ length: shape.games }, (_, at) => ({
    id: shape.firstId + at * shape.idStep,
    searchName: text(1 + Math.floor(next() * shape.longest)),
    popularity: Math.floor(next() * 8) / 2,
    spanish: { audio: next() < shape.audio, text: next() < shape.text },
    mature: next() < 0.1,
    aliases: next() < 0.3 ? [{ term: text(2), kind: shape.aliasKind() }] : [],
  }));
  return { text, games };
}

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
    const page = (spanish?: SpanishFilter) =>
      index.page(words('max payne'), 'max payne', 0, 10, undefined, spanish);
    expect(page()).toMatchObject({ gameIds: [1, 2, 3], total: 3 });
    expect(page('text')).toMatchObject({ gameIds: [1, 2], total: 2 });
    expect(page('audio')).toMatchObject({ gameIds: [2], total: 1, anyAsTyped: true });
    // The verdict changed (a report accepted): the same texts, the new Spanish.
    index.update({ ...game(3, 'max payne 3', 0), spanish: { audio: true, text: false } });
    expect(page('audio')).toMatchObject({ gameIds: [2, 3], total: 2 });
    expect(index.page(words('zelda'), 'zelda', 0, 10, undefined, 'audio')).toMatchObject({ total: 0 });
  });

  it('filters as an index of only the filtered games would answer, and knows early whether a search reaches a count', () => {
    const next = random(11);
    const { text, games } = randomCatalogue(
      next,
      ['mario', 'kart', 'star', 'wars', 'knight', 'zelda', 'max', 'payne', 'sol', 'a', 'x', '2'],
      {
        games: 600,
        firstId: 1_000,
        idStep: 3,
        longest: 4,
        audio: 0.1,
        text: 0.3,
        aliasKind: () => (next() < 0.5 ? 'acronym' : 'igdb'),
      },
    );
    const index = new SearchIndex(games, []);
    // Later changes: a game gains a Spanish it had not at the build, another loses one, one is renamed.
    const changed = [
      { ...games[0], spanish: { audio: true, text: true } },
      { ...games[1], spanish: { audio: false, text: false } },
      { ...games[2], searchName: 'mario star', spanish: { audio: true, text: false } },
    ];
    for (const game of changed) index.update(game);
    const current = games.map((game) => changed.find((other) => other.id === game.id) ?? game);
    const only = {
      audio: new SearchIndex(
        current.filter((game) => game.spanish?.audio),
        [],
      ),
      text: new SearchIndex(
        current.filter((game) => game.spanish?.text),
        [],
      ),
    };
    let [checked, reached] = [0, 0];
    for (let round = 0; round < 150; round++) {
      const query = text(1 + Math.floor(next() * 3));
      const mature = round % 5 === 0;
      const probe = round % 7 === 0 ? { text: query, threshold: 0.6 } : undefined;
      for (const spanish of SPANISH_FILTERS) {
        for (const [offset, limit] of [
          [0, 20],
          [20, 7],
        ]) {
          expect(index.page(words(query), query, offset, limit, probe, spanish, mature)).toEqual(
            only[spanish].page(words(query), query, offset, limit, probe, undefined, mature),
          );
          checked++;
        }
      }
      for (const least of [1, 10, 50]) {
        const whole = index.page(words(query), query, 0, 1, undefined, undefined, mature);
        const expected = whole.total >= least || whole.anyAsTyped;
        expect(index.reaches(words(query), least, mature)).toBe(expected);
        if (expected) reached++;
      }
    }
    expect(checked).toBe(600);
    // Both answers were seen.
    expect(reached).toBeGreaterThan(50);
    expect(reached).toBeLessThan(400);
  });

  it("adds a probe's texts to an earlier page's matches of the same terms as a search from scratch finds them", () => {
    const next = random(23);
    const { text, games } = randomCatalogue(
      next,
      ['mario', 'maria', 'kart', 'karts', 'star', 'stars', 'wars', 'knight', 'night', 'hollow'],
      { games: 400, firstId: 1, idStep: 1, longest: 3, audio: 0.2, text: 0.4, aliasKind: () => 'igdb' },
    );
    const index = new SearchIndex(games, []);
    // Changed entries too: renamed games are compared with the probe one by one.
    for (const renamed of games.slice(0, 30)) index.update({ ...renamed, searchName: text(2) });
    let [added, checked] = [0, 0];
    for (let round = 0; round < 200; round++) {
      const query = text(1 + Math.floor(next() * 3));
      const terms = words(query);
      const spanish = [undefined, ...SPANISH_FILTERS][round % 3];
      const mature = round % 4 === 0;
      const probe = { text: query.split(' ').reverse().join(' '), threshold: 0.5 };
      const earlier = index.page(terms, query, 0, 20, undefined, spanish, mature);
      const onto = index.page(terms, query, 0, 20, { ...probe, onto: earlier }, spanish, mature);
      expect(onto).toEqual(index.page(terms, query, 0, 20, probe, spanish, mature));
      if (onto.total > earlier.total) added++;
      checked++;
    }
    expect(checked).toBe(200);
    // The probe found texts the terms did not, in many of the searches.
    expect(added).toBeGreaterThan(20);

    // Other terms, or an update in between: the terms are matched again.
    const query = 'mario kart';
    const probe = { text: 'maria karts', threshold: 0.5 };
    const fromScratch = index.page(words(query), query, 0, 50, probe);
    const other = index.page(words('star wars'), 'star wars', 0, 50);
    expect(index.page(words(query), query, 0, 50, { ...probe, onto: other })).toEqual(fromScratch);
    const before = index.page(words(query), query, 0, 50);
    index.update({ ...games[40], searchName: 'mario kart' });
    const afterUpdate = index.page(words(query), query, 0, 50, { ...probe, onto: before });
    expect(afterUpdate).toEqual(index.page(words(query), query, 0, 50, probe));
    expect(afterUpdate.gameIds).toContain(games[40].id);
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

  it('corrects towards a word added after the build as towards one of the build', () => {
    const list = [
      { word: 'vortex', frequency: 4 },
      { word: 'vortigern', frequency: 2 },
    ];
    const later = new SearchIndex([], list);
    later.update(game(1, 'vortigaunt odyssey'));
    const built = new SearchIndex(
      [],
      [...list, { word: 'vortigaunt', frequency: 1 }, { word: 'odyssey', frequency: 1 }],
    );
    expect(later.knows('vortigaunt')).toBe(true);
    for (const typed of ['vortigunt', 'vortigaunnt', 'ovrtigaunt', 'odysey', 'vortx']) {
      const swaps = [...typed].flatMap((_, at) =>
        at + 1 < typed.length ? [typed.slice(0, at) + typed[at + 1] + typed[at] + typed.slice(at + 2)] : [],
      );
      const answer = later.corrections([typed], [swaps], RULES);
      expect(answer).toEqual(built.corrections([typed], [swaps], RULES));
      expect(answer[0].word).not.toBeNull();
    }
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
        expect([...intersect(a, b, new Int32Array(short + 3))]).toEqual([...intersect(a, b)]);
      }
    }
  });
});
