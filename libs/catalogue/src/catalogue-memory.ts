import { lengthOf, type LengthFilter } from '@veredicto/contract';
import {
  catalogueFilterKey,
  type CatalogueFilters,
  type CatalogueSourceGame,
  type GameSort,
} from '@veredicto/db';

const SORT_SLOT: Record<GameSort, number> = { releaseDate: 0, avRatings: 1, avUserRatings: 2, length: 3 };
const SORTS = [0, 1, 2, 3] as const;

const MATURE = 1;
const ADDON = 2;
const AUDIO = 4;
const TEXT = 8;
const SCORED = 16;
const LENGTH: Record<LengthFilter, number> = { short: 32, medium: 64, long: 128 };

/** Filtered lists kept at once, by their slots' bytes (a whole-catalogue list of 194k games is 0.8 MB). */
const LIST_BYTES = 24 * 2 ** 20;

/** YYYY-MM-DD as the number YYYYMMDD (same order); null as -1. */
const dayNumber = (date: string | null) =>
  date === null
    ? -1
    : Number(date.slice(0, 4)) * 10_000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));

const float32 = new Float32Array(1);
const float32Bits = new Uint32Array(float32.buffer);

/**
 * A sort value as an unsigned 32-bit number in the same order, null as 0 (the smallest: descending orders
 * put nulls last, as `desc nulls last` does): a date as YYYYMMDD + 1, the critics' average (a smallint)
 * shifted above 0, the players' rank score (a real) by its IEEE bits turned into an order of integers.
 */
function sortRank(sort: number, game: CatalogueSourceGame): number {
  if (sort === 0) return game.releaseDate === null ? 0 : dayNumber(game.releaseDate) + 1;
  if (sort === 1) return game.avRatings === null ? 0 : game.avRatings + 32_769;
  // Hours with one decimal (as stored) in tenths.
  if (sort === 3) return game.lengthHours === null ? 0 : Math.round(game.lengthHours * 10) + 1;
  if (game.playerRankScore === null) return 0;
  float32[0] = game.playerRankScore;
  const bits = float32Bits[0];
  return (bits & 0x80000000 ? ~bits : bits | 0x80000000) >>> 0;
}

interface List {
  slots: Int32Array;
  length: number;
}

interface FilteredList extends List {
  sort: number;
  matches: (slot: number) => boolean;
}

/** A page of the catalogue: its size in games and its cards' JSON, in order. */
export interface MemoryPage {
  total: number;
  cards: Buffer[];
}

/**
 * The catalogue in an API process's memory: for every game its card's JSON (one buffer for all, outside
 * the heap the collector marks), its three sort values and its filters' marks, in typed arrays indexed
 * by a slot; each order as the slots of every game sorted by it; and, made on first use and kept while
 * the room allows, each (order, filters) combination asked for as the slots of its games in order. A page
 * is then a slice of a list, whatever its depth, with no database round trip. The same rules as the
 * database's page statement (catalogue-filter.ts, catalogue-order.ts): released games only (release
 * date today or before, or unknown), each order descending with nulls last and the id descending;
 * test/integration/catalogue-memory.test.ts compares them page by page.
 *
 * Changes (apply) move a game within every list it is in: removed at its old place (found by binary
 * search on its old values), inserted at its new one.
 */
export class CatalogueMemory {
  private capacity = 0;
  private ids = new Int32Array(0);
  private ranks: Uint32Array[] = SORTS.map(() => new Uint32Array(0));
  private days = new Int32Array(0);
  private marks = new Uint8Array(0);
  private platformBits = new Uint32Array(0);
  private genreLow = new Uint32Array(0);
  private genreHigh = new Uint32Array(0);
  private cardAt = new Float64Array(0);
  private cardLength = new Uint32Array(0);
  private arena = Buffer.alloc(0);
  private arenaUsed = 0;
  private readonly slotOf = new Map<number, number>();
  private readonly freeSlots: number[] = [];
  private readonly platformBit = new Map<string, number>();
  private readonly genreBit = new Map<string, number>();
  private readonly sorted: List[] = [];
  /** The filtered lists, least recently used first. */
  private readonly lists = new Map<string, FilteredList>();
  private listBytes = 0;
  private today = 0;
  /** The highest games.search_version (or removal's) applied. */
  version = 0;
  private static built = 0;
  private readonly build = ++CatalogueMemory.built;
  private revision = 0;

  /** Changes whenever any page may have: the bodies made from this catalogue are known by it. */
  get stamp(): string {
    return `${this.build}.${this.revision}`;
  }

  /**
   * An empty catalogue for `expected` games: `add` them in batches (the rows of one batch are all the heap
   * holds at once), then `seal` it before the first page.
   */
  constructor(today: string, expected = 0) {
    this.today = dayNumber(today);
    this.grow(Math.ceil(expected * 1.02) + 64);
    this.arena = Buffer.allocUnsafe(expected * 400 + 4096);
  }

  /** A sealed catalogue of these games. */
  static of(games: CatalogueSourceGame[], today: string): CatalogueMemory {
    const memory = new CatalogueMemory(today, games.length);
    memory.add(games);
    return memory.seal();
  }

  /** Adds games before `seal` (no list holds them yet). */
  add(games: CatalogueSourceGame[]): void {
    if (this.sorted.length) throw new Error('CatalogueMemory.add after seal: use apply');
    for (const game of games) {
      const slot = this.slotOf.get(game.id) ?? this.takeSlot(game.id);
      this.write(slot, game);
      this.version = Math.max(this.version, game.version);
    }
  }

  /** Sorts every game by each order: the catalogue then pages. */
  seal(): this {
    for (const sort of SORTS) this.sorted.push(this.sortAll(sort));
    return this;
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Memory held, in bytes (the cards' buffer, the columns and the lists). */
  get byteLength(): number {
    return this.arena.length + this.capacity * 45 + this.sorted.length * this.capacity * 4 + this.listBytes;
  }

  /** The page (0-based) of `size` games of an order under filters; null when it is past the end. */
  page(sort: GameSort, filters: CatalogueFilters, page: number, size: number): MemoryPage {
    const list = this.list(SORT_SLOT[sort], filters);
    const cards: Buffer[] = [];
    const end = Math.min(list.length, (page + 1) * size);
    for (let position = page * size; position < end; position++) cards.push(this.card(list.slots[position]));
    return { total: list.length, cards };
  }

  /** A game's card (its JSON text), or undefined when the memory does not hold it. */
  cardOf(id: number): Buffer | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.card(slot);
  }

  /** The games of an order under filters (every page's total). */
  total(sort: GameSort, filters: CatalogueFilters): number {
    return this.list(SORT_SLOT[sort], filters).length;
  }

  /**
   * Applies the games changed (or added) and removed above `version`, and the database's date: a game
   * whose card, sort values and marks are the same is left where it is.
   */
  apply(changed: CatalogueSourceGame[], removed: { id: number; version: number }[], today: string): number {
    let applied = 0;
    const day = dayNumber(today);
    if (day !== this.today) {
      this.today = day;
      this.revision++;
      // 'Released' moved: every filtered list is made again when next asked for.
      this.lists.clear();
      this.listBytes = 0;
    }
    for (const game of changed) {
      this.version = Math.max(this.version, game.version);
      const slot = this.slotOf.get(game.id);
      if (slot !== undefined && this.same(slot, game)) continue;
      if (slot !== undefined) this.leaveLists(slot);
      const target = slot ?? this.takeSlot(game.id);
      this.write(target, game);
      this.enterLists(target);
      applied++;
    }
    for (const { id, version } of removed) {
      this.version = Math.max(this.version, version);
      const slot = this.slotOf.get(id);
      if (slot === undefined) continue;
      this.leaveLists(slot);
      this.slotOf.delete(id);
      this.freeSlots.push(slot);
      applied++;
    }
    if (applied) this.revision++;
    return applied;
  }

  private card(slot: number): Buffer {
    const start = this.cardAt[slot];
    return this.arena.subarray(start, start + this.cardLength[slot]);
  }

  private takeSlot(id: number): number {
    let slot = this.freeSlots.pop();
    if (slot === undefined) {
      slot = this.slotOf.size;
      if (slot >= this.capacity) this.grow(this.capacity * 2);
    }
    this.slotOf.set(id, slot);
    return slot;
  }

  private grow(capacity: number): void {
    const copy = <Array extends Int32Array | Uint32Array | Uint8Array | Float64Array>(
      from: Array,
      make: (n: number) => Array,
    ) => {
      const to = make(capacity);
      to.set(from);
      return to;
    };
    this.ids = copy(this.ids, (n) => new Int32Array(n));
    this.ranks = this.ranks.map((ranks) => copy(ranks, (n) => new Uint32Array(n)));
    this.days = copy(this.days, (n) => new Int32Array(n));
    this.marks = copy(this.marks, (n) => new Uint8Array(n));
    this.platformBits = copy(this.platformBits, (n) => new Uint32Array(n));
    this.genreLow = copy(this.genreLow, (n) => new Uint32Array(n));
    this.genreHigh = copy(this.genreHigh, (n) => new Uint32Array(n));
    this.cardAt = copy(this.cardAt, (n) => new Float64Array(n));
    this.cardLength = copy(this.cardLength, (n) => new Uint32Array(n));
    this.capacity = capacity;
    // The filtered lists' tests read the columns they were made with: made again when next asked for.
    this.lists.clear();
    this.listBytes = 0;
  }

  private bitOf(names: Map<string, number>, name: string, room: number): number {
    let bit = names.get(name);
    if (bit === undefined) {
      bit = names.size;
      if (bit >= room) throw new Error(`más de ${room} valores distintos: ${name}`);
      names.set(name, bit);
    }
    return bit;
  }

  private write(slot: number, game: CatalogueSourceGame): void {
    this.ids[slot] = game.id;
    for (const sort of SORTS) this.ranks[sort][slot] = sortRank(sort, game);
    this.days[slot] = dayNumber(game.releaseDate);
    this.marks[slot] =
      (game.mature ? MATURE : 0) |
      (game.addon ? ADDON : 0) |
      (game.spanishAudio ? AUDIO : 0) |
      (game.spanishText ? TEXT : 0) |
      (game.avRatings !== null ? SCORED : 0) |
      (game.lengthHours !== null ? LENGTH[lengthOf(game.lengthHours)] : 0);
    let platforms = 0;
    for (const name of game.platforms) platforms |= 1 << this.bitOf(this.platformBit, name, 32);
    this.platformBits[slot] = platforms >>> 0;
    let low = 0;
    let high = 0;
    for (const name of game.genres) {
      const bit = this.bitOf(this.genreBit, name, 64);
      if (bit < 32) low |= 1 << bit;
      else high |= 1 << (bit - 32);
    }
    this.genreLow[slot] = low >>> 0;
    this.genreHigh[slot] = high >>> 0;
    this.writeCard(slot, game.card);
  }

  private writeCard(slot: number, card: string): void {
    if (this.cardLength[slot] && this.card(slot).toString() === card) return;
    const bytes = Buffer.byteLength(card);
    if (this.arenaUsed + bytes > this.arena.length) this.compact(bytes);
    this.arena.write(card, this.arenaUsed);
    this.cardAt[slot] = this.arenaUsed;
    this.cardLength[slot] = bytes;
    this.arenaUsed += bytes;
  }

  /** Copies the live cards into a new buffer with room for `more` bytes and a tenth again. */
  private compact(more: number): void {
    const live = new Set(this.slotOf.values());
    let bytes = more;
    for (const slot of live) bytes += this.cardLength[slot];
    const arena = Buffer.allocUnsafe(Math.ceil(bytes * 1.1) + 64 * 1024);
    let used = 0;
    for (const slot of live) {
      const length = this.cardLength[slot];
      this.arena.copy(arena, used, this.cardAt[slot], this.cardAt[slot] + length);
      this.cardAt[slot] = used;
      used += length;
    }
    this.arena = arena;
    this.arenaUsed = used;
  }

  /** Whether the slot already holds what the game says (its card, sort values and marks). */
  private same(slot: number, game: CatalogueSourceGame): boolean {
    const before = {
      ranks: this.ranks.map((ranks) => ranks[slot]),
      day: this.days[slot],
      marks: this.marks[slot],
      platforms: this.platformBits[slot],
      low: this.genreLow[slot],
      high: this.genreHigh[slot],
    };
    if (this.card(slot).toString() !== game.card) return false;
    this.write(slot, game);
    const same =
      before.ranks.every((rank, sort) => this.ranks[sort][slot] === rank) &&
      before.day === this.days[slot] &&
      before.marks === this.marks[slot] &&
      before.platforms === this.platformBits[slot] &&
      before.low === this.genreLow[slot] &&
      before.high === this.genreHigh[slot];
    if (same) return true;
    // Put back what the lists were sorted by: the caller takes the slot out of them first.
    for (const sort of SORTS) this.ranks[sort][slot] = before.ranks[sort];
    this.days[slot] = before.day;
    this.marks[slot] = before.marks;
    this.platformBits[slot] = before.platforms;
    this.genreLow[slot] = before.low;
    this.genreHigh[slot] = before.high;
    return false;
  }

  /** Every game's slot in one order (native sort of 64-bit keys: rank, then id, both descending). */
  private sortAll(sort: number): List {
    const keys = new BigInt64Array(this.slotOf.size);
    let index = 0;
    const ranks = this.ranks[sort];
    for (const slot of this.slotOf.values())
      keys[index++] = (BigInt(0xffffffff - ranks[slot]) << 31n) | BigInt(0x7fffffff - this.ids[slot]);
    keys.sort();
    const slots = new Int32Array(Math.ceil(keys.length * 1.1) + 64);
    for (let position = 0; position < keys.length; position++)
      slots[position] = this.slotOf.get(0x7fffffff - Number(keys[position] & 0x7fffffffn))!;
    return { slots, length: keys.length };
  }

  /** Whether slot `a` comes before slot `b` in an order. */
  private before(sort: number, a: number, b: number): boolean {
    const ranks = this.ranks[sort];
    return ranks[a] !== ranks[b] ? ranks[a] > ranks[b] : this.ids[a] > this.ids[b];
  }

  /** The first position of a list whose game does not come before the slot. */
  private seek(list: List, sort: number, slot: number): number {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.before(sort, list.slots[middle], slot)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private leaveLists(slot: number): void {
    for (const sort of SORTS) this.remove(this.sorted[sort], sort, slot);
    for (const list of this.lists.values()) if (list.matches(slot)) this.remove(list, list.sort, slot);
  }

  private enterLists(slot: number): void {
    for (const sort of SORTS) this.insert(this.sorted[sort], sort, slot);
    for (const list of this.lists.values()) if (list.matches(slot)) this.insert(list, list.sort, slot);
  }

  private remove(list: List, sort: number, slot: number): void {
    const position = this.seek(list, sort, slot);
    if (list.slots[position] !== slot || position >= list.length) return;
    list.slots.copyWithin(position, position + 1, list.length);
    list.length--;
  }

  private insert(list: List, sort: number, slot: number): void {
    const position = this.seek(list, sort, slot);
    if (list.length === list.slots.length) {
      const slots = new Int32Array(Math.ceil(list.length * 1.25) + 16);
      slots.set(list.slots);
      if ('matches' in list) this.listBytes += (slots.length - list.slots.length) * 4;
      list.slots = slots;
    }
    list.slots.copyWithin(position + 1, position, list.length);
    list.slots[position] = slot;
    list.length++;
  }

  /** The list of an order under filters: made on first use from the order's list, then kept (LRU). */
  private list(sort: number, filters: CatalogueFilters): List {
    const key = `${sort}:${catalogueFilterKey(filters)}`;
    const found = this.lists.get(key);
    if (found) {
      this.lists.delete(key);
      this.lists.set(key, found);
      return found;
    }
    const matches = this.matcher(filters);
    const all = this.sorted[sort];
    let slots = new Int32Array(Math.min(all.length, 1024));
    let length = 0;
    for (let position = 0; position < all.length; position++) {
      const slot = all.slots[position];
      if (!matches(slot)) continue;
      if (length === slots.length) {
        const bigger = new Int32Array(Math.min(all.length, slots.length * 4));
        bigger.set(slots);
        slots = bigger;
      }
      slots[length++] = slot;
    }
    const list: FilteredList = { sort, matches, slots, length };
    this.lists.set(key, list);
    this.listBytes += slots.length * 4;
    for (const [oldKey, old] of this.lists) {
      if (this.listBytes <= LIST_BYTES || old === list) break;
      this.lists.delete(oldKey);
      this.listBytes -= old.slots.length * 4;
    }
    return list;
  }

  /** catalogue-filter.ts's pageFilter, on a slot. */
  private matcher(filters: CatalogueFilters): (slot: number) => boolean {
    let platform = 0;
    if (filters.platform) {
      const bit = this.platformBit.get(filters.platform);
      if (bit === undefined) return () => false;
      platform = (1 << bit) >>> 0;
    }
    let genreLow = 0;
    let genreHigh = 0;
    if (filters.genres?.length) {
      for (const name of filters.genres) {
        const bit = this.genreBit.get(name);
        if (bit === undefined) continue;
        if (bit < 32) genreLow |= 1 << bit;
        else genreHigh |= 1 << (bit - 32);
      }
      if (!genreLow && !genreHigh) return () => false;
    }
    const genres = genreLow !== 0 || genreHigh !== 0;
    let required = 0;
    if (filters.spanish === 'audio') required |= AUDIO;
    if (filters.spanish === 'text') required |= TEXT;
    if (filters.scored) required |= SCORED;
    if (filters.length) required |= LENGTH[filters.length];
    const excluded = (filters.mature ? 0 : MATURE) | (filters.addons ? 0 : ADDON);
    const from = filters.year === undefined ? -1 : filters.year * 10_000 + 101;
    const to = filters.year === undefined ? -1 : filters.year * 10_000 + 1231;
    const today = this.today;
    const { marks, platformBits, days } = this;
    const low = this.genreLow;
    const high = this.genreHigh;
    return (slot) => {
      const mark = marks[slot];
      if ((mark & required) !== required || (mark & excluded) !== 0) return false;
      const day = days[slot];
      if (day > today) return false;
      if (from !== -1 && (day < from || day > to)) return false;
      if (platform !== 0 && (platformBits[slot] & platform) === 0) return false;
      if (genres && (low[slot] & genreLow) === 0 && (high[slot] & genreHigh) === 0) return false;
      return true;
    };
  }
}
