import type { LengthFilter } from '@veredicto/contract';
import {
  ADDON_PENALTY,
  ALIAS_KINDS,
  FRANCHISE_TIER,
  SCORE_BONUS_FROM,
  SCORE_BONUS_SCALE,
  SEARCH_SHORTLIST,
  type AliasKind,
  type CorrectionRow,
  type CorrectionRules,
  type SearchTerms,
  type SpanishFilter,
} from '@veredicto/db';
import { PackedTexts } from './packed-texts.js';
import {
  commonCount,
  leastShared,
  levenshteinLessEqual,
  prepareTrigrams,
  similarityTo,
  wordSimilarityTo,
} from './trigram.js';
import { TrigramPostings } from './trigram-postings.js';

/** One page of a search's matches, best first, and what the search needs to know of all of them. */
export interface MatchedPage {
  gameIds: number[];
  total: number;
  /** The text as typed is a title or alias, or the start of one. */
  anyAsTyped: boolean;
  /** The trigram similarity to the typed text of the closest match among the best SHORTLIST. */
  closeness: number;
}

export interface IndexedGame {
  id: number;
  searchName: string;
  popularity: number;
  /** Whether the game's `spanish` verdict says yes for voices and for texts (none: no for both). */
  spanish?: { audio: boolean; text: boolean };
  /** Marked adult (games.mature): found only by a whole title or alias as typed, unless asked for. */
  mature?: boolean;
  /** How long its main story is (the `length` filter); none: unknown, kept by no length filter. */
  length?: LengthFilter | null;
  aliases: readonly { term: string; kind: AliasKind }[];
}

/** The figures a game's popularity reads, as stored. */
export interface PopularityInputs {
  criticReviewCount: number;
  userRatingCount: number;
  /** The outside critic score (metascore, else IGDB's rating), or null. */
  score: number | null;
  releaseYear: number | null;
  /** An add-on (games.addon): ADDON_PENALTY less, below its base game. */
  addon?: boolean;
}

/**
 * Popularity and recency break ties between equally good matches; they never beat a better match. The
 * same formula as the database search's (GameSearchRepository's `popularity`).
 */
export function popularityOf({
  criticReviewCount,
  userRatingCount,
  score,
  releaseYear,
  addon,
}: PopularityInputs) {
  return (
    Math.min(Math.log(1 + criticReviewCount + userRatingCount) / 1.5, 3.5) +
    (score === null ? 0 : 0.3 + Math.max(score - SCORE_BONUS_FROM, 0) / SCORE_BONUS_SCALE) +
    (releaseYear === null ? 0 : Math.min(Math.max(releaseYear - 1990, 0), 40) / 200) -
    (addon === true ? ADDON_PENALTY : 0)
  );
}

/** Tiers of a match: an exact title or alias 10; otherwise every word present 2.5 and a prefix 1. */
const EXACT_TIER = 10;
const ALL_WORDS_TIER = 2.5;
const PREFIX_TIER = 1;
/** An alias ranks below its title: an acronym by 1.5, any other alias by 0.5. */
const aliasPenalty = (kind: AliasKind | null) => (kind === null ? 0 : kind === 'acronym' ? 1.5 : 0.5);

const f4 = Math.fround;

/** A character of normalised search text as a base-37 digit (space 0, digits 1-10, letters 11-36); -1 otherwise. */
function digitOf(code: number): number {
  if (code === 32) return 0;
  if (code >= 48 && code <= 57) return code - 47;
  if (code >= 97 && code <= 122) return code - 86;
  return -1;
}

/** Keys of Postings: every 3-character string, then a space and one character (' a'). */
const PIECE_KEYS = 37 ** 3 + 37;

/** The Postings key of the piece of `text` at `at` (3 characters, or 2 when `pair`); -1 if it has none. */
function pieceKey(text: string, at: number, pair: boolean): number {
  if (pair) {
    const second = digitOf(text.charCodeAt(at + 1));
    return text.charCodeAt(at) === 32 && second >= 0 ? 37 ** 3 + second : -1;
  }
  const [a, b, c] = [
    digitOf(text.charCodeAt(at)),
    digitOf(text.charCodeAt(at + 1)),
    digitOf(text.charCodeAt(at + 2)),
  ];
  return a < 0 || b < 0 || c < 0 ? -1 : a * 1369 + b * 37 + c;
}

/**
 * The entries' texts by the 3-character strings they contain (and ' x', a one-letter word after a
 * space), to find the texts holding a word: each key's entries in one flat sorted list (CSR), so the
 * index is a few large arrays, not thousands of small ones for the garbage collector to walk.
 */
class Postings {
  private readonly offsets = new Int32Array(PIECE_KEYS + 1);
  private readonly entries: Int32Array;
  private readonly entryCount: number;
  private scratch: [Int32Array, Int32Array] | undefined;

  constructor(texts: readonly string[]) {
    this.entryCount = texts.length;
    const last = new Int32Array(PIECE_KEYS).fill(-1);
    const eachKey = (visit: (key: number, entry: number) => void) =>
      texts.forEach((text, entry) => {
        const once = (key: number) => {
          if (key >= 0 && last[key] !== entry) {
            last[key] = entry;
            visit(key, entry);
          }
        };
        for (let at = 0; at + 1 < text.length; at++) {
          if (at + 2 < text.length) once(pieceKey(text, at, false));
          once(pieceKey(text, at, true));
        }
      });
    eachKey((key) => this.offsets[key + 1]++);
    for (let key = 0; key < PIECE_KEYS; key++) this.offsets[key + 1] += this.offsets[key];
    this.entries = new Int32Array(this.offsets[PIECE_KEYS]);
    const cursor = this.offsets.slice(0, PIECE_KEYS);
    last.fill(-1);
    eachKey((key, entry) => {
      this.entries[cursor[key]++] = entry;
    });
  }

  get byteLength(): number {
    return this.offsets.byteLength + this.entries.byteLength;
  }

  private list(key: number): Int32Array {
    return key < 0 ? EMPTY : this.entries.subarray(this.offsets[key], this.offsets[key + 1]);
  }

  /**
   * The entries whose text may contain `part` (2 or more characters): those holding its two rarest
   * pieces (a sorted merge of two lists, cheaper than checking the text of every entry of one), and
   * among `within` (sorted entries) when given.
   */
  candidates(part: string, within?: Int32Array): Int32Array {
    const lists: Int32Array[] = [];
    if (part.length === 2) lists.push(this.list(pieceKey(part, 0, true)));
    for (let at = 0; at + 2 < part.length; at++) {
      const list = this.list(pieceKey(part, at, false));
      if (!list.length) return EMPTY;
      lists.push(list);
    }
    lists.sort((x, y) => x.length - y.length);
    if (lists.length === 1 && !within) return lists[0];
    // The steps go through two scratch lists, and only the answer is copied out, at its size: large
    // intermediate lists would be allocated outside the heap on every search, and their total is what
    // makes V8 run full collections.
    this.scratch ??= [new Int32Array(this.entryCount), new Int32Array(this.entryCount)];
    let found = lists.length > 1 ? intersect(lists[0], lists[1], this.scratch[0]) : lists[0];
    if (within)
      found =
        found.length <= within.length
          ? intersect(found, within, this.scratch[1])
          : intersect(within, found, this.scratch[1]);
    return found.slice();
  }
}

const EMPTY = new Int32Array(0);

/**
 * The entries in both of two sorted lists (`a` the shorter), written into `into` when given (as long as
 * the shorter at least). When one is far longer, each entry of the shorter is looked for by galloping
 * through the longer instead of walking all of it.
 */
export function intersect(a: Int32Array, b: Int32Array, into?: Int32Array): Int32Array {
  const both = into ?? new Int32Array(Math.min(a.length, b.length));
  if (b.length > a.length * 16) {
    let [from, n] = [0, 0];
    for (const entry of a) {
      // Gallop to a bound past `entry`, then halve down to its place.
      let step = 1;
      while (from + step < b.length && b[from + step] < entry) step *= 2;
      let [low, high] = [from, Math.min(from + step, b.length - 1)];
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (b[middle] < entry) low = middle + 1;
        else high = middle;
      }
      from = low;
      if (b[low] === entry) both[n++] = entry;
      if (from >= b.length) break;
    }
    return both.subarray(0, n);
  }
  let [i, j, n] = [0, 0, 0];
  while (i < a.length && j < b.length) {
    if (a[i] < b[j]) i++;
    else if (a[i] > b[j]) j++;
    else {
      both[n++] = a[i];
      i++;
      j++;
    }
  }
  return both.subarray(0, n);
}

/** How many trigram codes there are (trigram.ts codes a trigram in base 37). */
const TRIGRAM_SPACE = 37 ** 3;

/**
 * The word list the search corrects typed words against, with its words' trigrams to find near ones:
 * the words in one buffer (PackedTexts, sorted), their figures in typed arrays, and each trigram's words
 * in one flat list (CSR) ordered by length. Words added after the build (a few) are kept beside them.
 */
class WordList {
  private readonly words: PackedTexts;
  private readonly frequencies: Float64Array;
  private readonly trigramCounts: Uint16Array;
  /**
   * Each trigram's words, shortest first: a typed word's candidates are within a couple of letters of
   * its length (or its swaps, of the same length), so only that run of each list is read.
   */
  private readonly byTrigramOffsets = new Int32Array(TRIGRAM_SPACE + 1);
  private readonly byTrigram: Int32Array;
  private readonly added = new Map<string, number>();
  private readonly addedWords: { word: string; frequency: number; codes: Int32Array }[] = [];
  private shared = new Uint16Array(0);

  constructor(list: readonly { word: string; frequency: number }[]) {
    const frequencyOf = new Map<string, number>();
    for (const { word, frequency } of list) frequencyOf.set(word, (frequencyOf.get(word) ?? 0) + frequency);
    const sorted = [...frequencyOf.keys()].sort();
    this.words = new PackedTexts(sorted);
    this.frequencies = Float64Array.from(sorted, (word) => frequencyOf.get(word)!);
    const codes = sorted.map((word) => prepareTrigrams(word).codes);
    this.trigramCounts = Uint16Array.from(codes, (wordCodes) => wordCodes.length);
    for (const wordCodes of codes) for (const code of wordCodes) this.byTrigramOffsets[code + 1]++;
    for (let code = 0; code < TRIGRAM_SPACE; code++)
      this.byTrigramOffsets[code + 1] += this.byTrigramOffsets[code];
    this.byTrigram = new Int32Array(this.byTrigramOffsets[TRIGRAM_SPACE]);
    const cursor = this.byTrigramOffsets.slice(0, TRIGRAM_SPACE);
    const byLength = Int32Array.from(sorted.keys()).sort((a, b) => sorted[a].length - sorted[b].length);
    for (const id of byLength) for (const code of codes[id]) this.byTrigram[cursor[code]++] = id;
  }

  /** The id of a word: its place in the sorted buffer, or after them for a word added later; -1 if none. */
  private idOf(word: string): number {
    let [low, high] = [0, this.words.count];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.words.compare(middle, word) < 0) low = middle + 1;
      else high = middle;
    }
    if (low < this.words.count && this.words.equals(low, word)) return low;
    return this.added.get(word) ?? -1;
  }

  private wordOf(id: number): string {
    return id < this.words.count ? this.words.text(id) : this.addedWords[id - this.words.count].word;
  }

  private lengthOf(id: number): number {
    return id < this.words.count ? this.words.length(id) : this.addedWords[id - this.words.count].word.length;
  }

  private frequencyOf(id: number): number {
    return id < this.words.count ? this.frequencies[id] : this.addedWords[id - this.words.count].frequency;
  }

  private trigramCountOf(id: number): number {
    return id < this.words.count
      ? this.trigramCounts[id]
      : this.addedWords[id - this.words.count].codes.length;
  }

  add(word: string, frequency: number): void {
    const known = this.idOf(word);
    if (known < 0) {
      this.added.set(word, this.words.count + this.addedWords.length);
      this.addedWords.push({ word, frequency, codes: prepareTrigrams(word).codes });
    } else if (known < this.words.count) this.frequencies[known] += frequency;
    else this.addedWords[known - this.words.count].frequency += frequency;
  }

  has(word: string): boolean {
    return this.idOf(word) >= 0;
  }

  /** The first place in `[from, to)` of byTrigram whose word is at least `length` long. */
  private firstOfLength(from: number, to: number, length: number): number {
    while (from < to) {
      const middle = (from + to) >>> 1;
      if (this.words.length(this.byTrigram[middle]) < length) from = middle + 1;
      else to = middle;
    }
    return from;
  }

  /**
   * The candidates of a typed word that is not in the list, best first, as the database's correction
   * look-up ranks them: trigram-similar words (at least `rules.similarity`, length within
   * `rules.lengthChange`) and its swaps of two neighbouring letters; kept when a swap, at most
   * `rules.maxEdits` edits away or `rules.keepSimilarity` similar; ranked swap first, then edits, then
   * similarity plus a bonus for frequent words, then the word.
   */
  candidatesOf(typed: string, swaps: readonly string[], rules: CorrectionRules) {
    const size = this.words.count + this.addedWords.length;
    if (this.shared.length < size) this.shared = new Uint16Array(size + 1024);
    const typedCodes = prepareTrigrams(typed).codes;
    const touched: number[] = [];
    const [shortest, longest] = [typed.length - rules.lengthChange, typed.length + rules.lengthChange];
    for (const code of typedCodes) {
      const end = this.byTrigramOffsets[code + 1];
      for (let at = this.firstOfLength(this.byTrigramOffsets[code], end, shortest); at < end; at++) {
        const id = this.byTrigram[at];
        if (this.words.length(id) > longest) break;
        if (this.shared[id]++ === 0) touched.push(id);
      }
    }
    this.addedWords.forEach(({ word, codes }, at) => {
      const common = commonCount(typedCodes, codes);
      if (common > 0 && word.length >= shortest && word.length <= longest) {
        this.shared[this.words.count + at] = common;
        touched.push(this.words.count + at);
      }
    });
    const swapSet = new Set(swaps);
    const found = new Map<number, { word: string; swap: boolean; edits: number; score: number }>();
    const similarityOf = (id: number, common: number) =>
      f4(common / (typedCodes.length + this.trigramCountOf(id) - common));
    const consider = (id: number, common: number) => {
      const word = this.wordOf(id);
      const swap = swapSet.has(word);
      const similarity = similarityOf(id, common);
      const near =
        similarity >= rules.similarity && Math.abs(word.length - typed.length) <= rules.lengthChange;
      if (!near && !swap) return;
      const edits = levenshteinLessEqual(word, typed, rules.maxEdits + 1);
      if (!swap && edits > rules.maxEdits && similarity < rules.keepSimilarity) return;
      const score = similarity + Math.log(1 + this.frequencyOf(id)) * rules.frequencyWeight;
      found.set(id, { word, swap, edits, score });
    };
    // Most words touched share a trigram or two: their similarity alone rules them out.
    const swapIds = new Set(swaps.map((swap) => this.idOf(swap)).filter((id) => id >= 0));
    for (const id of touched) {
      if (similarityOf(id, this.shared[id]) >= rules.similarity || swapIds.has(id))
        consider(id, this.shared[id]);
      this.shared[id] = 0;
    }
    // A swap shares no trigram with the typed word only when both are tiny: still a candidate.
    for (const id of swapIds) if (!found.has(id)) consider(id, 0);
    return [...found.values()]
      .sort(
        (a, b) =>
          Number(b.swap) - Number(a.swap) ||
          a.edits - b.edits ||
          b.score - a.score ||
          (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
      )
      .slice(0, rules.candidates);
  }

  /** Bytes held, for the memory report. */
  get byteLength(): number {
    return (
      this.words.byteLength +
      this.frequencies.byteLength +
      this.trigramCounts.byteLength +
      this.byTrigramOffsets.byteLength +
      this.byTrigram.byteLength
    );
  }
}

/** A game's flags: its Spanish verdict says yes for voices, for texts; marked adult. */
const AUDIO = 1;
const TEXT = 2;
const MATURE = 4;
/** The Spanish flags the game had when the index was built: the filter lists its base entries are in. */
const BUILT_AUDIO = 8;
const BUILT_TEXT = 16;
/** Changed since the build: its base entries are ignored, its changed entries replace them. */
const CHANGED = 32;
const FILTER_FLAG: Record<SpanishFilter, number> = { audio: AUDIO, text: TEXT };
/** The game's length in the flags' two top bits (0: unknown); the `length` filter keeps one of them. */
const LENGTH_SHIFT = 6;
const LENGTH_CODE: Record<LengthFilter, number> = { short: 1, medium: 2, long: 3 };

/** An entry's alias kind as a number (0: the title). */
const KINDS: readonly (AliasKind | null)[] = [null, ...ALIAS_KINDS];
const KIND_CODE = new Map(KINDS.map((kind, code) => [kind, code]));

/**
 * One matching game: its best tier, whether any of its matches is as typed, and its matching entries
 * (a base entry's number, or -1 - its place among the changed entries) with their tiers.
 */
interface Match {
  tier: number;
  asTyped: boolean;
  /** Found unless adult: one of its texts is a whole text as typed, or the search asks for adult games. */
  qualifies: boolean;
  entries: number[];
  tiers: number[];
}

/** How a search walks the index (SearchIndex.match). */
interface MatchOptions {
  probe?: { text: string; threshold: number };
  /** Only the games with this flag (a Spanish filter's); 0: every game. */
  keep?: number;
  /** Only the games of this length (LENGTH_CODE); 0: every game. */
  length?: number;
  mature?: boolean;
  /** Stop once this many games are found or one is as typed (whether a search reaches that, not its page). */
  stopAt?: number;
  /** The matches of the same terms found earlier: only the probe's texts are added to them. */
  onto?: Map<number, Match>;
}

/** What a page was ranked from, kept for a probe of the same terms that adds to it (SearchIndex.page). */
interface PageMatches {
  matches: Map<number, Match>;
  terms: SearchTerms;
  keep: number;
  length: number;
  mature: boolean;
  /** The index's updates when it was found: after another one its changed entries may have moved. */
  updates: number;
}

/** A typed array twice as long (or `least` long), holding the same values first. */
function grown<Array extends Int32Array | Float64Array | Uint8Array>(array: Array, least: number): Array {
  const larger = new (array.constructor as new (length: number) => Array)(Math.max(least, array.length * 2));
  larger.set(array);
  return larger;
}

/**
 * The search's titles and aliases in memory (an API process keeps one: see SearchIndexStore), answering
 * the search's cheap conditions (exact, prefix, every word present) and its ranking exactly as the
 * database statement does (GameSearchRepository.matches) without a round trip, and its word corrections
 * against the word list. Built once from a full load; later changes of a few games are kept beside it
 * (`changedEntries`) until a rebuild. Its 200k games live in a few typed arrays and one text buffer,
 * not an object or string each: the garbage collector has next to nothing of it to mark.
 */
export class SearchIndex {
  /** By slot: the game's id, popularity, flags, and where its base entries start and how many there are. */
  private gameIds: Int32Array;
  private popularity: Float64Array;
  private flags: Uint8Array;
  private baseStart: Int32Array;
  private baseCount: Int32Array;
  private slotCount = 0;
  /** The built games' ids, sorted, and their slots; games added later are in `addedSlots`. */
  private readonly sortedIds: Int32Array;
  private readonly sortedSlots: Int32Array;
  private readonly addedSlots = new Map<number, number>();
  /** The base entries: a text, its game's slot, and its alias kind (KINDS). */
  private readonly texts: PackedTexts;
  private readonly entryGame: Int32Array;
  private readonly entryKind: Uint8Array;
  /** Base entries sorted by text, for exact texts and prefixes. */
  private readonly sorted: Int32Array;
  /**
   * The base entries of the games each Spanish filter kept at the build, in order: a filtered search
   * intersects its words' candidates with these (a few thousand) instead of dropping the others' matches
   * after finding them.
   */
  private readonly filtered: Record<SpanishFilter, Int32Array>;
  private readonly postings: Postings;
  private readonly trigrams: TrigramPostings;
  /** Which base entries a search has looked at: stamped with the search's number, never cleared. */
  private readonly seenAt: Uint32Array;
  private stamp = 0;
  /** Games changed since the build (flagged CHANGED): these entries replace their base ones. */
  private readonly changedGames = new Set<number>();
  /** Entries of games changed since the build, with their distinct trigram codes (the last resort's filter). */
  private readonly changedEntries: {
    text: string;
    slot: number;
    kind: AliasKind | null;
    codes: Int32Array;
  }[] = [];
  private readonly words: WordList;
  /** How many times a game was added or changed (update). */
  private updates = 0;
  /** Each recent page's matches, by the page answered (a probe `onto` it adds to them). */
  private readonly pageMatches = new WeakMap<MatchedPage, PageMatches>();

  constructor(games: readonly IndexedGame[], words: readonly { word: string; frequency: number }[]) {
    const capacity = Math.max(16, games.length);
    this.gameIds = new Int32Array(capacity);
    this.popularity = new Float64Array(capacity);
    this.flags = new Uint8Array(capacity);
    this.baseStart = new Int32Array(capacity);
    this.baseCount = new Int32Array(capacity);
    // The texts are strings only while the index is built.
    const texts: string[] = [];
    const entryGame: number[] = [];
    const entryKind: number[] = [];
    for (const game of games) {
      const slot = this.newSlot(game.id);
      this.setFigures(slot, game);
      this.flags[slot] |=
        (this.flags[slot] & AUDIO ? BUILT_AUDIO : 0) | (this.flags[slot] & TEXT ? BUILT_TEXT : 0);
      this.baseStart[slot] = texts.length;
      this.baseCount[slot] = game.aliases.length + 1;
      for (const { text, kind } of entriesOf(game)) {
        texts.push(text);
        entryGame.push(slot);
        entryKind.push(KIND_CODE.get(kind)!);
      }
    }
    this.sortedIds = this.gameIds.slice(0, this.slotCount);
    this.sortedSlots = Int32Array.from(this.sortedIds.keys()).sort(
      (a, b) => this.sortedIds[a] - this.sortedIds[b],
    );
    this.sortedIds = Int32Array.from(this.sortedSlots, (slot) => this.gameIds[slot]);
    this.texts = new PackedTexts(texts);
    this.entryGame = Int32Array.from(entryGame);
    this.entryKind = Uint8Array.from(entryKind);
    const withFlag = (flag: number) =>
      Int32Array.from(entryGame.keys()).filter((entry) => (this.flags[entryGame[entry]] & flag) !== 0);
    this.filtered = { audio: withFlag(BUILT_AUDIO), text: withFlag(BUILT_TEXT) };
    this.sorted = Int32Array.from(texts.keys()).sort((a, b) =>
      texts[a] < texts[b] ? -1 : texts[a] > texts[b] ? 1 : 0,
    );
    this.postings = new Postings(texts);
    this.trigrams = new TrigramPostings(texts);
    this.seenAt = new Uint32Array(texts.length);
    this.words = new WordList(words);
  }

  get size(): number {
    return this.slotCount;
  }

  /** How many games changed since the build: past a few thousand a rebuild is cheaper to search. */
  get changes(): number {
    return this.changedGames.size;
  }

  private setFigures(slot: number, game: IndexedGame): void {
    this.popularity[slot] = game.popularity;
    this.flags[slot] =
      (this.flags[slot] & (BUILT_AUDIO | BUILT_TEXT | CHANGED)) |
      (game.spanish?.audio === true ? AUDIO : 0) |
      (game.spanish?.text === true ? TEXT : 0) |
      (game.mature === true ? MATURE : 0) |
      (game.length ? LENGTH_CODE[game.length] << LENGTH_SHIFT : 0);
  }

  /** A game added or changed after the build: its entries replace the old ones; its popularity and Spanish too. */
  update(game: IndexedGame): void {
    this.updates++;
    const known = this.slotOf(game.id);
    const slot = known ?? this.newSlot(game.id);
    this.setFigures(slot, game);
    const entries = entriesOf(game);
    const flags = this.flags[slot];
    // A Spanish the game had not at the build: its base entries are not in that filter's list.
    const gained = (flags & AUDIO && !(flags & BUILT_AUDIO)) || (flags & TEXT && !(flags & BUILT_TEXT));
    if (known !== undefined && !gained && sameEntries(this.entriesOfSlot(known), entries)) return;
    this.changedGames.add(slot);
    this.flags[slot] |= CHANGED;
    for (let i = this.changedEntries.length - 1; i >= 0; i--)
      if (this.changedEntries[i].slot === slot) this.changedEntries.splice(i, 1);
    for (const { text, kind } of entries) {
      this.changedEntries.push({ text, slot, kind, codes: prepareTrigrams(text).codes });
      for (const word of text.split(' '))
        if (word.length >= 3 && !this.words.has(word)) this.words.add(word, 1);
    }
  }

  /** Whether a word is in the word list (a typed word in it is never corrected). */
  knows(word: string): boolean {
    return this.words.has(word);
  }

  /** The bytes of its typed arrays and text buffers (outside the JavaScript heap). */
  get byteLength(): number {
    const arrays = [
      this.gameIds,
      this.popularity,
      this.flags,
      this.baseStart,
      this.baseCount,
      this.sortedIds,
      this.sortedSlots,
      this.entryGame,
      this.entryKind,
      this.sorted,
      this.filtered.audio,
      this.filtered.text,
      this.seenAt,
    ];
    return (
      arrays.reduce((sum, array) => sum + array.byteLength, 0) +
      this.texts.byteLength +
      this.postings.byteLength +
      this.trigrams.byteLength +
      this.words.byteLength
    );
  }

  /** The correction look-up of GameSearchRepository.corrections, on the word list in memory. */
  corrections(words: readonly string[], swaps: readonly string[][], rules: CorrectionRules): CorrectionRow[] {
    const rows: CorrectionRow[] = [];
    [...words.keys()]
      .sort((a, b) => (words[a] < words[b] ? -1 : words[a] > words[b] ? 1 : 0))
      .forEach((index) => {
        const typed = words[index];
        if (this.words.has(typed)) return;
        const found = this.words.candidatesOf(typed, swaps[index], rules);
        if (!found.length) rows.push({ typed, word: null, swap: null });
        for (const { word, swap } of found) rows.push({ typed, word, swap });
      });
    return rows;
  }

  /**
   * One page of the matches of `terms`, ranked as the database statement ranks them: every matching
   * game counted; the best SEARCH_SHORTLIST by tier and popularity ranked by their closest text's word
   * similarity and similarity to `fuzzy` as well, the others after them in that rough order. With
   * `probe` (the last resort), the texts whose word similarity to it reaches `probe.threshold` match too;
   * `probe.onto`, a page this index answered for the same terms, filter and `mature`, saves matching the
   * terms again: the probe's texts are added to its matches (once: they are the new page's then).
   * With `spanish`, only the games whose verdict says yes for it match (and are counted). An adult game
   * matches only when one of its texts is one of `terms.typedExacts`, unless `mature` asks for them.
   */
  page(
    terms: SearchTerms,
    fuzzy: string,
    offset: number,
    limit: number,
    probe?: { text: string; threshold: number; onto?: MatchedPage },
    spanish?: SpanishFilter,
    mature = false,
    lengthFilter?: LengthFilter,
  ): MatchedPage {
    const keep = spanish ? FILTER_FLAG[spanish] : 0;
    const length = lengthFilter ? LENGTH_CODE[lengthFilter] : 0;
    const earlier = probe?.onto && this.pageMatches.get(probe.onto);
    if (earlier) this.pageMatches.delete(probe!.onto!);
    const onto =
      earlier &&
      earlier.terms === terms &&
      earlier.keep === keep &&
      earlier.length === length &&
      earlier.mature === mature &&
      earlier.updates === this.updates
        ? earlier.matches
        : undefined;
    const { matches } = this.match(terms, { probe, keep, length, mature, onto });
    const answer = this.rankPage(matches, fuzzy, offset, limit);
    this.pageMatches.set(answer, { matches, terms, keep, length, mature, updates: this.updates });
    return answer;
  }

  /** The page of `matches` (see page). */
  private rankPage(matches: Map<number, Match>, fuzzy: string, offset: number, limit: number): MatchedPage {
    let anyAsTyped = false;
    const games: { slot: number; id: number; rough: number }[] = [];
    for (const [slot, found] of matches) {
      if (!found.qualifies) continue;
      anyAsTyped ||= found.asTyped;
      games.push({ slot, id: this.gameIds[slot], rough: found.tier + this.popularity[slot] });
    }
    if (!games.length) return { gameIds: [], total: 0, anyAsTyped: false, closeness: 0 };
    const byRough = (a: (typeof games)[number], b: (typeof games)[number]) =>
      b.rough - a.rough || a.id - b.id;
    const shortlist = topOf(games, SEARCH_SHORTLIST, byRough);
    const query = prepareTrigrams(fuzzy);
    let closeness = 0;
    const listed = shortlist.map((game) => {
      let best = -Infinity;
      const { entries, tiers } = matches.get(game.slot)!;
      entries.forEach((entry, at) => {
        const text = this.textOf(entry);
        const similar = f4(similarityTo(query, text));
        closeness = Math.max(closeness, similar);
        best = Math.max(best, tiers[at] + f4(f4(wordSimilarityTo(query, text)) * 3) + similar);
      });
      return { id: game.id, rank: best + this.popularity[game.slot] };
    });
    listed.sort((a, b) => b.rank - a.rank || a.id - b.id);
    let gameIds = listed.slice(offset, offset + limit).map((game) => game.id);
    if (offset + limit > listed.length && games.length > listed.length) {
      const inList = new Set(shortlist.map((game) => game.slot));
      const rest = games.filter((game) => !inList.has(game.slot)).sort(byRough);
      const from = Math.max(0, offset - listed.length);
      gameIds = gameIds.concat(rest.slice(from, from + limit - gameIds.length).map((game) => game.id));
    }
    return { gameIds, total: games.length, anyAsTyped, closeness };
  }

  /**
   * Whether the matches of `terms`, with no Spanish filter, are at least `least` games or one is as
   * typed: `page`'s `total >= least || anyAsTyped` without a filter, known as soon as enough are found
   * (what decides whether a filtered search's text is a typo) instead of after finding and ranking all.
   */
  reaches(terms: SearchTerms, least: number, mature?: boolean): boolean {
    return this.match(terms, { mature, stopAt: least }).reached;
  }

  private slotOf(id: number): number | undefined {
    let [low, high] = [0, this.sortedIds.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sortedIds[middle] < id) low = middle + 1;
      else high = middle;
    }
    return this.sortedIds[low] === id ? this.sortedSlots[low] : this.addedSlots.get(id);
  }

  private newSlot(id: number): number {
    const slot = this.slotCount++;
    if (slot >= this.gameIds.length) {
      this.gameIds = grown(this.gameIds, slot + 1);
      this.popularity = grown(this.popularity, slot + 1);
      this.flags = grown(this.flags, slot + 1);
      this.baseStart = grown(this.baseStart, slot + 1);
      this.baseCount = grown(this.baseCount, slot + 1);
    }
    // While the index is built its games are found by the sorted list made after; later, by this map.
    if (this.sortedIds) this.addedSlots.set(id, slot);
    this.gameIds[slot] = id;
    return slot;
  }

  /** The text of a match's entry: a base entry's, or (negative) a changed entry's. */
  private textOf(entry: number): string {
    return entry >= 0 ? this.texts.text(entry) : this.changedEntries[-1 - entry].text;
  }

  private entriesOfSlot(slot: number): { text: string; kind: AliasKind | null }[] {
    if (this.changedGames.has(slot))
      return this.changedEntries
        .filter((entry) => entry.slot === slot)
        .map(({ text, kind }) => ({ text, kind }));
    const entries: { text: string; kind: AliasKind | null }[] = [];
    const start = this.baseStart[slot];
    for (let entry = start; entry < start + this.baseCount[slot]; entry++)
      entries.push({ text: this.texts.text(entry), kind: KINDS[this.entryKind[entry]] });
    return entries;
  }

  /**
   * Each matching game (of those with the `keep` flag) and its match; `reached` when `stopAt` games
   * qualify or one of them is as typed, the walk then ending there.
   */
  private match(
    terms: SearchTerms,
    { probe, keep = 0, length = 0, mature = false, stopAt, onto }: MatchOptions,
  ) {
    const matches = onto ?? new Map<number, Match>();
    let [qualified, reached] = [0, false];
    const probed = probe && prepareTrigrams(probe.text);
    const similar = (text: string) => f4(wordSimilarityTo(probed!, text)) >= probe!.threshold;
    const kept = (slot: number) =>
      (keep === 0 || (this.flags[slot] & keep) !== 0) &&
      (length === 0 || this.flags[slot] >> LENGTH_SHIFT === length);
    // The conditions on an entry's text: in the buffer for a base entry, a string for a changed one.
    const changedText = (entry: number) => this.changedEntries[-1 - entry].text;
    const equals = (entry: number, text: string) =>
      entry >= 0 ? this.texts.equals(entry, text) : changedText(entry) === text;
    const startsWith = (entry: number, text: string) =>
      entry >= 0 ? this.texts.startsWith(entry, text) : changedText(entry).startsWith(text);
    const includes = (entry: number, text: string) =>
      entry >= 0 ? this.texts.includes(entry, text) : changedText(entry).includes(text);
    // Loops rather than callbacks: this runs for every candidate, and allocates nothing.
    const anyEquals = (entry: number, texts: readonly string[]) => {
      for (const text of texts) if (equals(entry, text)) return true;
      return false;
    };
    const anyStartsWith = (entry: number, starts: readonly string[]) => {
      for (const start of starts) if (startsWith(entry, start)) return true;
      return false;
    };
    // Each word start with its space before, made once.
    const variants = terms.allWords.map(({ wordStarts, groups }) => ({
      wordStarts: wordStarts.map((word) => ` ${word}`),
      groups,
    }));
    const holdsEvery = (entry: number, { wordStarts, groups }: (typeof variants)[number]) => {
      for (const word of wordStarts) if (!includes(entry, word)) return false;
      for (const group of groups) {
        let any = false;
        for (const word of group) if ((any = includes(entry, word))) break;
        if (!any) return false;
      }
      return true;
    };
    const holdsAny = (entry: number) => {
      for (const variant of variants) if (holdsEvery(entry, variant)) return true;
      return false;
    };
    const consider = (entry: number, slot: number, kind: AliasKind | null, isSimilar = false) => {
      const exact = anyEquals(entry, terms.exacts);
      const prefix = anyStartsWith(entry, terms.prefixes);
      const franchise = anyStartsWith(entry, terms.franchisePrefixes);
      const allWords = holdsAny(entry);
      if (!exact && !prefix && !allWords && !isSimilar) return;
      const tier =
        (exact
          ? EXACT_TIER
          : (allWords ? ALL_WORDS_TIER : 0) + (prefix ? PREFIX_TIER : 0) + (franchise ? FRANCHISE_TIER : 0)) -
        aliasPenalty(kind);
      const qualifies = mature || (this.flags[slot] & MATURE) === 0 || anyEquals(entry, terms.typedExacts);
      let found = matches.get(slot);
      const wasQualified = found?.qualifies === true;
      if (!found) {
        found = { tier, asTyped: exact || prefix, qualifies, entries: [entry], tiers: [tier] };
        matches.set(slot, found);
      } else {
        found.tier = Math.max(found.tier, tier);
        found.asTyped ||= exact || prefix;
        found.qualifies ||= qualifies;
        found.entries.push(entry);
        found.tiers.push(tier);
      }
      if (found.qualifies && !wasQualified) qualified++;
      if (stopAt !== undefined && found.qualifies && (qualified >= stopAt || found.asTyped)) reached = true;
    };
    if (++this.stamp === 0xffffffff) {
      this.seenAt.fill(0);
      this.stamp = 1;
    }
    const stamp = this.stamp;
    const base = (entry: number) => {
      if (this.seenAt[entry] === stamp) return;
      this.seenAt[entry] = stamp;
      const slot = this.entryGame[entry];
      if ((this.flags[slot] & CHANGED) === 0 && kept(slot))
        consider(entry, slot, KINDS[this.entryKind[entry]]);
    };
    const within = keep === AUDIO ? this.filtered.audio : keep === TEXT ? this.filtered.text : undefined;
    for (const text of onto ? [] : terms.exacts) {
      for (let at = this.firstAtOrAfter(text); at < this.sorted.length; at++) {
        if (!this.texts.equals(this.sorted[at], text)) break;
        base(this.sorted[at]);
      }
    }
    for (const start of onto ? [] : terms.prefixes) {
      for (let at = this.firstAtOrAfter(start); at < this.sorted.length && !reached; at++) {
        const entry = this.sorted[at];
        if (!this.texts.startsWith(entry, start)) break;
        base(entry);
      }
    }
    for (const variant of onto ? [] : terms.allWords) {
      // The rarest piece of the variant's conditions gives the candidates; every condition is then checked.
      const parts = [
        ...variant.wordStarts.map((word) => [` ${word}`]),
        ...variant.groups.map((group) => group),
      ];
      let rarest: Int32Array[] | undefined;
      let rarestSize = Infinity;
      for (const group of parts) {
        const lists = group.map((part) => this.postings.candidates(part, within));
        const size = lists.reduce((sum, list) => sum + list.length, 0);
        if (size < rarestSize) [rarest, rarestSize] = [lists, size];
      }
      for (const list of rarest ?? []) {
        for (let at = 0; at < list.length && !reached; at++) base(list[at]);
      }
    }
    if (probed) {
      // Word similarity w needs w of the probe's trigrams in the text (w = shared / (probe's + extent's
      // - shared) <= shared / probe's): only texts sharing that many are compared.
      const least = leastShared(probed.codes.length, probe!.threshold);
      const accept = keep === 0 ? undefined : (entry: number) => kept(this.entryGame[entry]);
      for (const entry of this.trigrams.sharing(probed.codes, least, accept)) {
        const slot = this.entryGame[entry];
        // A text found by the cheap conditions as well counts twice, like the statement's two rows: the
        // same tier and text, so the same ranking.
        if ((this.flags[slot] & CHANGED) === 0 && similar(this.texts.text(entry)))
          consider(entry, slot, KINDS[this.entryKind[entry]], true);
      }
    }
    // A changed entry is compared with the probe only when it shares enough of its trigrams, as a base one
    // (onto earlier matches: only a similar one is considered; matched by the terms as well, it counts twice).
    const leastProbe = probed ? leastShared(probed.codes.length, probe!.threshold) : 0;
    this.changedEntries.forEach(({ text, slot, kind, codes }, at) => {
      if (!kept(slot)) return;
      const isSimilar = !!probed && commonCount(probed.codes, codes) >= leastProbe && similar(text);
      if (!onto || isSimilar) consider(-1 - at, slot, kind, isSimilar);
    });
    return { matches, reached };
  }

  private firstAtOrAfter(start: string): number {
    let [low, high] = [0, this.sorted.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.texts.compare(this.sorted[middle], start) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** A game's texts: its search name and its aliases (rows of their own in the database statement too). */
function entriesOf(game: IndexedGame): { text: string; kind: AliasKind | null }[] {
  const entries: { text: string; kind: AliasKind | null }[] = [{ text: game.searchName, kind: null }];
  for (const { term, kind } of game.aliases) entries.push({ text: term, kind });
  return entries;
}

function sameEntries(
  a: { text: string; kind: AliasKind | null }[],
  b: { text: string; kind: AliasKind | null }[],
) {
  const key = (entries: typeof a) =>
    entries
      .map(({ text, kind }) => `${kind ?? ''}:${text}`)
      .sort()
      .join('\n');
  return a.length === b.length && key(a) === key(b);
}

/** The first `count` items in `order`, without sorting all of them when there are many. */
function topOf<T>(items: readonly T[], count: number, order: (a: T, b: T) => number): T[] {
  if (items.length <= count * 4) return [...items].sort(order).slice(0, count);
  const best: T[] = [];
  for (const item of items) {
    if (best.length === count && order(item, best[count - 1]) >= 0) continue;
    let [low, high] = [0, best.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (order(best[middle], item) <= 0) low = middle + 1;
      else high = middle;
    }
    best.splice(low, 0, item);
    if (best.length > count) best.pop();
  }
  return best;
}
