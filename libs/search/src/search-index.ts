import {
  ADDON_PENALTY,
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
import {
  levenshteinLessEqual,
  prepareTrigrams,
  similarityTo,
  trigramsOf,
  wordSimilarityTo,
} from './trigram.js';

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

  constructor(texts: readonly string[]) {
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

  private list(key: number): Int32Array {
    return key < 0 ? EMPTY : this.entries.subarray(this.offsets[key], this.offsets[key + 1]);
  }

  /**
   * The entries whose text may contain `part` (2 or more characters): those holding its two rarest
   * pieces (a sorted merge of two lists, cheaper than checking the text of every entry of one).
   */
  candidates(part: string): Int32Array {
    if (part.length === 2) return this.list(pieceKey(part, 0, true));
    const lists: Int32Array[] = [];
    for (let at = 0; at + 2 < part.length; at++) {
      const list = this.list(pieceKey(part, at, false));
      if (!list.length) return EMPTY;
      lists.push(list);
    }
    lists.sort((x, y) => x.length - y.length);
    return lists.length > 1 ? intersect(lists[0], lists[1]) : lists[0];
  }
}

const EMPTY = new Int32Array(0);

/**
 * The entries in both of two sorted lists (`a` the shorter). When one is far longer, each entry of the
 * shorter is looked for by galloping through the longer instead of walking all of it.
 */
export function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const both = new Int32Array(Math.min(a.length, b.length));
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
 * pg_trgm's trigrams of the entries' texts, each trigram's entries in one flat list (CSR), for the last
 * resort's word similarity: a text whose word similarity to the probe reaches a threshold t shares at
 * least t of the probe's trigrams with it, so only the texts sharing that many are compared.
 */
class TrigramPostings {
  private readonly offsets = new Int32Array(TRIGRAM_SPACE + 1);
  private readonly entries: Int32Array;
  private readonly shared: Uint8Array;

  constructor(texts: readonly string[]) {
    const codes = texts.map((text) => prepareTrigrams(text).codes);
    for (const list of codes) for (const code of list) this.offsets[code + 1]++;
    for (let code = 0; code < TRIGRAM_SPACE; code++) this.offsets[code + 1] += this.offsets[code];
    this.entries = new Int32Array(this.offsets[TRIGRAM_SPACE]);
    const cursor = this.offsets.slice(0, TRIGRAM_SPACE);
    codes.forEach((list, entry) => {
      for (const code of list) this.entries[cursor[code]++] = entry;
    });
    this.shared = new Uint8Array(texts.length);
  }

  /** The entries that share at least `least` of the distinct trigram codes `codes`. */
  sharing(codes: Int32Array, least: number): number[] {
    const touched: number[] = [];
    for (const code of codes) {
      for (let at = this.offsets[code]; at < this.offsets[code + 1]; at++) {
        const entry = this.entries[at];
        if (this.shared[entry]++ === 0) touched.push(entry);
      }
    }
    const found = touched.filter((entry) => this.shared[entry] >= least);
    for (const entry of touched) this.shared[entry] = 0;
    return found;
  }
}

/** The word list the search corrects typed words against, with its words' trigrams to find near ones. */
class WordList {
  private readonly ids = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly frequencies: number[] = [];
  private readonly trigramCounts: number[] = [];
  /**
   * Each trigram's words by their length (index: the length): a typed word's candidates are within a
   * couple of letters of its length (or its swaps, of the same length), so only those lists are read.
   */
  private readonly byTrigram = new Map<string, number[][]>();
  private shared = new Uint16Array(0);

  add(word: string, frequency: number): void {
    const known = this.ids.get(word);
    if (known !== undefined) {
      this.frequencies[known] += frequency;
      return;
    }
    const id = this.words.length;
    this.ids.set(word, id);
    this.words.push(word);
    this.frequencies.push(frequency);
    const trigrams = trigramsOf(word);
    this.trigramCounts.push(trigrams.length);
    for (const trigram of trigrams) {
      let byLength = this.byTrigram.get(trigram);
      if (!byLength) this.byTrigram.set(trigram, (byLength = []));
      (byLength[word.length] ??= []).push(id);
    }
  }

  has(word: string): boolean {
    return this.ids.has(word);
  }

  /**
   * The candidates of a typed word that is not in the list, best first, as the database's correction
   * look-up ranks them: trigram-similar words (at least `rules.similarity`, length within
   * `rules.lengthChange`) and its swaps of two neighbouring letters; kept when a swap, at most
   * `rules.maxEdits` edits away or `rules.keepSimilarity` similar; ranked swap first, then edits, then
   * similarity plus a bonus for frequent words, then the word.
   */
  candidatesOf(typed: string, swaps: readonly string[], rules: CorrectionRules) {
    if (this.shared.length < this.words.length) this.shared = new Uint16Array(this.words.length + 1024);
    const typedTrigrams = trigramsOf(typed);
    const touched: number[] = [];
    const [shortest, longest] = [typed.length - rules.lengthChange, typed.length + rules.lengthChange];
    for (const trigram of typedTrigrams) {
      const byLength = this.byTrigram.get(trigram);
      if (!byLength) continue;
      for (let length = Math.max(1, shortest); length <= longest && length < byLength.length; length++) {
        for (const id of byLength[length] ?? []) {
          if (this.shared[id]++ === 0) touched.push(id);
        }
      }
    }
    const swapSet = new Set(swaps);
    const found = new Map<number, { word: string; swap: boolean; edits: number; score: number }>();
    const similarityOf = (id: number, common: number) =>
      f4(common / (typedTrigrams.length + this.trigramCounts[id] - common));
    const consider = (id: number, common: number) => {
      const word = this.words[id];
      const swap = swapSet.has(word);
      const similarity = similarityOf(id, common);
      const near =
        similarity >= rules.similarity && Math.abs(word.length - typed.length) <= rules.lengthChange;
      if (!near && !swap) return;
      const edits = levenshteinLessEqual(word, typed, rules.maxEdits + 1);
      if (!swap && edits > rules.maxEdits && similarity < rules.keepSimilarity) return;
      const score = similarity + Math.log(1 + this.frequencies[id]) * rules.frequencyWeight;
      found.set(id, { word, swap, edits, score });
    };
    // Most words touched share a trigram or two: their similarity alone rules them out.
    const swapIds = new Set(swaps.flatMap((swap) => this.ids.get(swap) ?? []));
    for (const id of touched) {
      if (similarityOf(id, this.shared[id]) >= rules.similarity || swapIds.has(id))
        consider(id, this.shared[id]);
      this.shared[id] = 0;
    }
    // A swap shares no trigram with the typed word only when both are tiny: still a candidate.
    for (const swap of swapSet) {
      const id = this.ids.get(swap);
      if (id !== undefined && !found.has(id)) consider(id, 0);
    }
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
}

/**
 * The search's titles and aliases in memory (an API process keeps one: see SearchIndexStore), answering
 * the search's cheap conditions (exact, prefix, every word present) and its ranking exactly as the
 * database statement does (GameSearchRepository.matches) without a round trip, and its word corrections
 * against the word list. Built once from a full load; later changes of a few games are kept beside it
 * (`changed`) until a rebuild.
 */
export class SearchIndex {
  private readonly gameIds: number[] = [];
  private readonly popularity: number[] = [];
  /** Each game's Spanish, by slot: voices and texts the verdict says yes for (the `spanish` filter). */
  private readonly spanishAudio: boolean[] = [];
  private readonly spanishText: boolean[] = [];
  /** Each game's adult mark, by slot. */
  private readonly mature: boolean[] = [];
  private readonly slots = new Map<number, number>();
  /** The base entries: a text, its game's slot, and its alias kind (null: the title). */
  private readonly texts: string[] = [];
  private readonly entryGame: Int32Array;
  private readonly entryKind: (AliasKind | null)[] = [];
  /** Where each game's base entries start and how many there are (they are contiguous). */
  private readonly baseStart: number[] = [];
  private readonly baseCount: number[] = [];
  /** Base entries by text: one entry, or several when texts repeat. */
  private readonly exact = new Map<string, number | number[]>();
  /** Base entries sorted by text, for prefixes. */
  private readonly sorted: Int32Array;
  private readonly postings: Postings;
  private readonly trigrams: TrigramPostings;
  /** Which base entries a search has looked at: stamped with the search's number, never cleared. */
  private readonly seenAt: Uint32Array;
  private stamp = 0;
  /** Games changed since the build: their base entries are ignored, these replace them. */
  private readonly changedGames = new Set<number>();
  private readonly changedEntries: { text: string; slot: number; kind: AliasKind | null }[] = [];
  private readonly words = new WordList();

  constructor(games: readonly IndexedGame[], words: readonly { word: string; frequency: number }[]) {
    const entryGame: number[] = [];
    for (const game of games) {
      const slot = this.slotOf(game.id);
      this.setFigures(slot, game);
      this.baseStart[slot] = this.texts.length;
      this.baseCount[slot] = game.aliases.length + 1;
      for (const { text, kind } of entriesOf(game)) {
        const entry = this.texts.length;
        this.texts.push(text);
        entryGame.push(slot);
        this.entryKind.push(kind);
        const same = this.exact.get(text);
        if (same === undefined) this.exact.set(text, entry);
        else if (typeof same === 'number') this.exact.set(text, [same, entry]);
        else same.push(entry);
      }
    }
    this.entryGame = Int32Array.from(entryGame);
    this.sorted = Int32Array.from(this.texts.keys()).sort((a, b) =>
      this.texts[a] < this.texts[b] ? -1 : this.texts[a] > this.texts[b] ? 1 : 0,
    );
    this.postings = new Postings(this.texts);
    this.trigrams = new TrigramPostings(this.texts);
    this.seenAt = new Uint32Array(this.texts.length);
    for (const { word, frequency } of words) this.words.add(word, frequency);
  }

  get size(): number {
    return this.gameIds.length;
  }

  /** How many games changed since the build: past a few thousand a rebuild is cheaper to search. */
  get changes(): number {
    return this.changedGames.size;
  }

  private setFigures(slot: number, game: IndexedGame): void {
    this.popularity[slot] = game.popularity;
    this.spanishAudio[slot] = game.spanish?.audio === true;
    this.spanishText[slot] = game.spanish?.text === true;
    this.mature[slot] = game.mature === true;
  }

  /** A game added or changed after the build: its entries replace the old ones; its popularity and Spanish too. */
  update(game: IndexedGame): void {
    const known = this.slots.get(game.id);
    const slot = this.slotOf(game.id);
    this.setFigures(slot, game);
    const entries = entriesOf(game);
    if (known !== undefined && sameEntries(this.entriesOfSlot(known), entries)) return;
    this.changedGames.add(slot);
    for (let i = this.changedEntries.length - 1; i >= 0; i--)
      if (this.changedEntries[i].slot === slot) this.changedEntries.splice(i, 1);
    for (const { text, kind } of entries) {
      this.changedEntries.push({ text, slot, kind });
      for (const word of text.split(' '))
        if (word.length >= 3 && !this.words.has(word)) this.words.add(word, 1);
    }
  }

  /** Whether a word is in the word list (a typed word in it is never corrected). */
  knows(word: string): boolean {
    return this.words.has(word);
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
   * `probe` (the last resort), the texts whose word similarity to it reaches `probe.threshold` match too.
   * With `spanish`, only the games whose verdict says yes for it match (and are counted). An adult game
   * matches only when one of its texts is one of `terms.typedExacts`, unless `mature` asks for them.
   */
  page(
    terms: SearchTerms,
    fuzzy: string,
    offset: number,
    limit: number,
    probe?: { text: string; threshold: number },
    spanish?: SpanishFilter,
    mature?: boolean,
  ): MatchedPage {
    const matches = this.match(terms, probe);
    const kept = spanish === 'audio' ? this.spanishAudio : spanish === 'text' ? this.spanishText : null;
    let anyAsTyped = false;
    const games: { slot: number; id: number; rough: number }[] = [];
    for (const [slot, found] of matches) {
      if (kept && !kept[slot]) continue;
      if (!mature && this.mature[slot] && !found.texts.some(({ text }) => terms.typedExacts.includes(text)))
        continue;
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
      for (const { text, tier } of matches.get(game.slot)!.texts) {
        const similar = f4(similarityTo(query, text));
        closeness = Math.max(closeness, similar);
        best = Math.max(best, tier + f4(f4(wordSimilarityTo(query, text)) * 3) + similar);
      }
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

  private slotOf(id: number): number {
    let slot = this.slots.get(id);
    if (slot === undefined) {
      slot = this.gameIds.length;
      this.slots.set(id, slot);
      this.gameIds.push(id);
      this.popularity.push(0);
      this.spanishAudio.push(false);
      this.spanishText.push(false);
      this.mature.push(false);
    }
    return slot;
  }

  private entriesOfSlot(slot: number): { text: string; kind: AliasKind | null }[] {
    if (this.changedGames.has(slot))
      return this.changedEntries
        .filter((entry) => entry.slot === slot)
        .map(({ text, kind }) => ({ text, kind }));
    const entries: { text: string; kind: AliasKind | null }[] = [];
    const start = this.baseStart[slot] ?? 0;
    for (let entry = start; entry < start + (this.baseCount[slot] ?? 0); entry++)
      entries.push({ text: this.texts[entry], kind: this.entryKind[entry] });
    return entries;
  }

  /** Each matching game's best tier, whether any of its matches is as typed, and its matching texts. */
  private match(terms: SearchTerms, probe?: { text: string; threshold: number }) {
    const matches = new Map<
      number,
      { tier: number; asTyped: boolean; texts: { text: string; tier: number }[] }
    >();
    const probed = probe && prepareTrigrams(probe.text);
    const similar = (text: string) => f4(wordSimilarityTo(probed!, text)) >= probe!.threshold;
    const consider = (text: string, slot: number, kind: AliasKind | null, isSimilar = false) => {
      const exact = terms.exacts.includes(text);
      const prefix = terms.prefixes.some((start) => text.startsWith(start));
      const franchise = terms.franchisePrefixes.some((start) => text.startsWith(start));
      const allWords = terms.allWords.some((variant) => holdsEvery(text, variant));
      if (!exact && !prefix && !allWords && !isSimilar) return;
      const tier =
        (exact
          ? EXACT_TIER
          : (allWords ? ALL_WORDS_TIER : 0) + (prefix ? PREFIX_TIER : 0) + (franchise ? FRANCHISE_TIER : 0)) -
        aliasPenalty(kind);
      const found = matches.get(slot);
      if (!found) matches.set(slot, { tier, asTyped: exact || prefix, texts: [{ text, tier }] });
      else {
        found.tier = Math.max(found.tier, tier);
        found.asTyped ||= exact || prefix;
        found.texts.push({ text, tier });
      }
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
      if (!this.changedGames.has(slot)) consider(this.texts[entry], slot, this.entryKind[entry]);
    };
    for (const text of terms.exacts) {
      const same = this.exact.get(text);
      if (typeof same === 'number') base(same);
      else for (const entry of same ?? []) base(entry);
    }
    for (const start of terms.prefixes) {
      for (let at = this.firstAtOrAfter(start); at < this.sorted.length; at++) {
        const entry = this.sorted[at];
        if (!this.texts[entry].startsWith(start)) break;
        base(entry);
      }
    }
    for (const variant of terms.allWords) {
      // The rarest piece of the variant's conditions gives the candidates; every condition is then checked.
      const parts = [
        ...variant.wordStarts.map((word) => [` ${word}`]),
        ...variant.groups.map((group) => group),
      ];
      let rarest: Int32Array[] | undefined;
      let rarestSize = Infinity;
      for (const group of parts) {
        const lists = group.map((part) => this.postings.candidates(part));
        const size = lists.reduce((sum, list) => sum + list.length, 0);
        if (size < rarestSize) [rarest, rarestSize] = [lists, size];
      }
      for (const list of rarest ?? []) for (const entry of list) base(entry);
    }
    if (probed) {
      // Word similarity w needs w of the probe's trigrams in the text (w = shared / (probe's + extent's
      // - shared) <= shared / probe's): only texts sharing that many are compared.
      const least = Math.max(1, Math.floor(probed.codes.length * probe!.threshold));
      for (const entry of this.trigrams.sharing(probed.codes, least)) {
        const slot = this.entryGame[entry];
        // A text found by the cheap conditions as well counts twice, like the statement's two rows: the
        // same tier and text, so the same ranking.
        if (!this.changedGames.has(slot) && similar(this.texts[entry]))
          consider(this.texts[entry], slot, this.entryKind[entry], true);
      }
    }
    for (const { text, slot, kind } of this.changedEntries)
      consider(text, slot, kind, !!probed && similar(text));
    return matches;
  }

  private firstAtOrAfter(start: string): number {
    let [low, high] = [0, this.sorted.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.texts[this.sorted[middle]] < start) low = middle + 1;
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

/** Every word of a variant present in `text`: each word start after a space, each group's words anywhere. */
function holdsEvery(text: string, { wordStarts, groups }: SearchTerms['allWords'][number]): boolean {
  return (
    wordStarts.every((word) => text.includes(` ${word}`)) &&
    groups.every((group) => group.some((word) => text.includes(word)))
  );
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
