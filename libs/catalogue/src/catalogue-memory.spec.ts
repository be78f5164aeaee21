import { lengthOf } from '@veredicto/contract';
import type { CatalogueFilters, CatalogueSourceGame, GameSort } from '@veredicto/db';
import { CatalogueMemory } from './catalogue-memory.js';

/** A small generator of numbers, so a failure can be run again with the same games. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const PLATFORMS = ['PC', 'PlayStation 5', 'PlayStation 4', 'Nintendo Switch', 'Xbox Series X|S'];
const GENRES = ['Shooter', 'Role-playing (RPG)', 'Adventure', 'Puzzle', 'Strategy', 'Indie'];
const TODAY = '2026-11-28';
/** Main story hours at and around the length filters' bounds (10 and 30 h), with ties. */
const LENGTHS = [4.5, 9.9, 10, 12.3, 30, 30.1, 55];

function makeGame(next: () => number, id: number, version: number): CatalogueSourceGame {
  const pick = <T>(list: T[]) => list.filter(() => next() < 0.35);
  const year = 2018 + Math.floor(next() * 10);
  const releaseDate =
    next() < 0.1
      ? null
      : `${year}-${String(1 + Math.floor(next() * 12)).padStart(2, '0')}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
  // Few distinct values, so ties are many and the id decides.
  const avRatings = next() < 0.4 ? null : 60 + Math.floor(next() * 5);
  const playerRankScore = next() < 0.4 ? null : Math.fround(5 + Math.floor(next() * 4) / 3);
  return {
    id,
    version,
    card: JSON.stringify({ id, title: `Juego ${id} ${version}` }),
    releaseDate,
    avRatings,
    playerRankScore,
    platforms: pick(PLATFORMS),
    genres: pick(GENRES),
    mature: next() < 0.1,
    addon: next() < 0.15,
    spanishAudio: next() < 0.3,
    spanishText: next() < 0.5,
    lengthHours: next() < 0.4 ? null : LENGTHS[Math.floor(next() * LENGTHS.length)],
  };
}

/** The database's rule (catalogue-filter.ts, catalogue-order.ts), written plainly. */
function expected(
  games: Map<number, CatalogueSourceGame>,
  sort: GameSort,
  filters: CatalogueFilters,
  today: string,
) {
  const value = (game: CatalogueSourceGame) =>
    ({
      releaseDate: game.releaseDate,
      avRatings: game.avRatings,
      avUserRatings: game.playerRankScore,
      length: game.lengthHours,
    })[sort];
  return [...games.values()]
    .filter(
      (game) =>
        (game.releaseDate === null || game.releaseDate <= today) &&
        (!filters.platform || game.platforms.includes(filters.platform)) &&
        (!filters.genres || game.genres.some((genre) => filters.genres!.includes(genre))) &&
        (filters.year === undefined || game.releaseDate?.startsWith(`${filters.year}-`)) &&
        (filters.spanish !== 'audio' || game.spanishAudio) &&
        (filters.spanish !== 'text' || game.spanishText) &&
        (!filters.scored || game.avRatings !== null) &&
        (!filters.length || (game.lengthHours !== null && lengthOf(game.lengthHours) === filters.length)) &&
        (filters.mature || !game.mature) &&
        (filters.addons || !game.addon),
    )
    .sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      if (x !== y) {
        if (x === null) return 1;
        if (y === null) return -1;
        return x > y ? -1 : 1;
      }
      return b.id - a.id;
    })
    .map((game) => game.card);
}

const FILTERS: CatalogueFilters[] = [
  {},
  { platform: 'PlayStation 5' },
  { platform: 'Nintendo Switch', scored: true },
  { genres: ['Shooter', 'Puzzle'] },
  { genres: ['Nonexistent'] },
  { platform: 'Nintendo Switch 2' },
  { year: 2022 },
  { spanish: 'audio', mature: true },
  { spanish: 'text', addons: true },
  { mature: true, addons: true, year: 2025 },
  { length: 'short' },
  { length: 'medium', platform: 'PC' },
  { length: 'long', scored: true },
];
const SORTS: GameSort[] = ['releaseDate', 'avRatings', 'avUserRatings', 'length'];

function everyPage(memory: CatalogueMemory, sort: GameSort, filters: CatalogueFilters, size: number) {
  const cards: string[] = [];
  for (let page = 0; ; page++) {
    const found = memory.page(sort, filters, page, size);
    if (!found.cards.length) return { cards, total: found.total };
    cards.push(...found.cards.map((card) => card.toString()));
  }
}

function expectSame(memory: CatalogueMemory, games: Map<number, CatalogueSourceGame>, today: string) {
  for (const sort of SORTS)
    for (const filters of FILTERS) {
      const truth = expected(games, sort, filters, today);
      const { cards, total } = everyPage(memory, sort, filters, 7);
      expect({ sort, filters, cards }).toEqual({ sort, filters, cards: truth });
      expect(total).toBe(truth.length);
    }
}

describe('CatalogueMemory', () => {
  it('pages every order under every filter as the database rule does, ties by id', () => {
    const next = random(7);
    const games = new Map<number, CatalogueSourceGame>();
    for (let id = 1; id <= 600; id++) games.set(id, makeGame(next, id, id));
    const memory = CatalogueMemory.of([...games.values()], TODAY);
    expect(memory.size).toBe(600);
    expect(memory.version).toBe(600);
    expectSame(memory, games, TODAY);
    expect(memory.page('releaseDate', {}, 10_000, 50)).toEqual({
      total: expected(games, 'releaseDate', {}, TODAY).length,
      cards: [],
    });
  });

  it('keeps every list in order through changes, additions and removals, and a new day', () => {
    const next = random(11);
    const games = new Map<number, CatalogueSourceGame>();
    let version = 0;
    for (let id = 1; id <= 400; id++) games.set(id, makeGame(next, id, ++version));
    const memory = CatalogueMemory.of([...games.values()], TODAY);
    // Every list made before the changes, so each is moved, not made again.
    expectSame(memory, games, TODAY);
    let nextId = 401;
    for (let round = 0; round < 12; round++) {
      const changed: CatalogueSourceGame[] = [];
      for (let n = 0; n < 25; n++) {
        const id = next() < 0.3 ? nextId++ : 1 + Math.floor(next() * (nextId - 1));
        if (!games.has(id) && id < nextId - 1) continue;
        const game = makeGame(next, id, ++version);
        // Half of the changes move only a score: the card and the rest stay.
        const before = games.get(id);
        const change =
          before && next() < 0.5 ? { ...before, version, playerRankScore: game.playerRankScore } : game;
        games.set(id, change);
        changed.push(change);
      }
      const removed = [...games.keys()].filter(() => next() < 0.01).map((id) => ({ id, version: ++version }));
      for (const { id } of removed) games.delete(id);
      memory.apply(changed, removed, TODAY);
      expect(memory.version).toBe(version);
      expectSame(memory, games, TODAY);
    }
    // The same changes again change nothing.
    expect(memory.apply([...games.values()], [], TODAY)).toBe(0);
    // A later day releases the games dated up to it.
    memory.apply([], [], '2027-06-30');
    expectSame(memory, games, '2027-06-30');
  });

  it('grows past the room it was made with, cards and lists alike', () => {
    const next = random(3);
    const games = new Map<number, CatalogueSourceGame>();
    for (let id = 1; id <= 20; id++) games.set(id, makeGame(next, id, id));
    const memory = CatalogueMemory.of([...games.values()], TODAY);
    expectSame(memory, games, TODAY);
    const added: CatalogueSourceGame[] = [];
    for (let id = 21; id <= 500; id++) {
      const game = { ...makeGame(next, id, id), card: JSON.stringify({ id, title: 'x'.repeat(200) }) };
      games.set(id, game);
      added.push(game);
    }
    memory.apply(added, [], TODAY);
    expect(memory.size).toBe(500);
    expectSame(memory, games, TODAY);
  });
});
