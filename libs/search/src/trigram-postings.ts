import { prepareTrigrams } from './trigram.js';

/** How many trigram codes there are (trigram.ts codes a trigram in base 37). */
const TRIGRAM_SPACE = 37 ** 3;

/**
 * How much longer than its candidates' lookups (binary searches) a list may be and still be walked: a walk
 * reads the list in order, a lookup jumps about it (measured on the 194k catalogue: 3 to 6 best).
 */
const WALK_OVER_LOOKUP = 4;

/**
 * pg_trgm's trigrams of some texts (the entries), each trigram's entries in one flat list (CSR), to find
 * the texts that share at least so many of a query's trigrams: what a similarity or word similarity
 * threshold asks (a text whose word similarity to the probe reaches t shares at least t of the probe's
 * trigrams with it; one similar by t to the query, at least t of the query's), so only those are compared.
 */
export class TrigramPostings {
  private readonly offsets = new Int32Array(TRIGRAM_SPACE + 1);
  private readonly entries: Int32Array;
  /** Each entry's count of distinct trigrams (up to 65,535). */
  private readonly counts: Uint16Array;
  /** Scratch of `visit`: each candidate's count of shared codes (0 between calls), and the candidates. */
  private readonly shared: Uint16Array;
  private readonly touched: Int32Array;

  constructor(texts: readonly string[]) {
    const codes = texts.map((text) => prepareTrigrams(text).codes);
    this.counts = Uint16Array.from(codes, (list) => Math.min(list.length, 0xffff));
    for (const list of codes) for (const code of list) this.offsets[code + 1]++;
    for (let code = 0; code < TRIGRAM_SPACE; code++) this.offsets[code + 1] += this.offsets[code];
    this.entries = new Int32Array(this.offsets[TRIGRAM_SPACE]);
    const cursor = this.offsets.slice(0, TRIGRAM_SPACE);
    codes.forEach((list, entry) => {
      for (const code of list) this.entries[cursor[code]++] = entry;
    });
    this.shared = new Uint16Array(texts.length);
    this.touched = new Int32Array(texts.length);
  }

  get byteLength(): number {
    return [this.offsets, this.entries, this.counts, this.shared, this.touched].reduce(
      (sum, array) => sum + array.byteLength,
      0,
    );
  }

  /** The entry's count of distinct trigrams. */
  trigramCount(entry: number): number {
    return this.counts[entry];
  }

  /**
   * The entries that share at least `least` of the distinct trigram codes `codes` (only those that
   * `accept` takes, when given), in no particular order.
   */
  sharing(codes: Int32Array, least: number, accept?: (entry: number) => boolean): number[] {
    const found: number[] = [];
    this.visit(codes, least, false, (entry) => found.push(entry), accept);
    return found;
  }

  /** Each entry sharing at least `least` of `codes`, with how many it shares, in no particular order. */
  eachSharing(codes: Int32Array, least: number, visit: (entry: number, shared: number) => void): void {
    this.visit(codes, least, true, visit);
  }

  /**
   * An entry sharing `least` of n codes is in at least one of the n - least + 1 shortest lists (in none of
   * them, it is in least - 1 at most): only those give candidates, counted as they are walked. Each longer
   * list then adds to its candidates' counts, and a candidate that the lists left can no longer bring to
   * `least` is dropped (most are: one rare trigram in common, and not in the next list). A longer list is
   * walked while that costs less than looking each candidate left up in it (a binary search), and looked
   * up in otherwise (the longest lists, a common trigram's: ' ch' and 'che' of 'cheats'), each candidate
   * until its count decides (`exact`: until it is known). On the 194k catalogue and the real queries,
   * looking every candidate up in every longer list took 2.8 ms per last resort; this, 0.5 ms.
   */
  private visit(
    codes: Int32Array,
    least: number,
    exact: boolean,
    visit: (entry: number, shared: number) => void,
    accept?: (entry: number) => boolean,
  ): void {
    if (least > codes.length || least < 1) return;
    const lengthOf = (code: number) => this.offsets[code + 1] - this.offsets[code];
    const lists = Int32Array.from(codes).sort((a, b) => lengthOf(a) - lengthOf(b));
    const walked = lists.length - least + 1;
    const { shared, touched } = this;
    let candidates = 0;
    for (let list = 0; list < walked; list++) {
      const code = lists[list];
      for (let at = this.offsets[code]; at < this.offsets[code + 1]; at++) {
        const entry = this.entries[at];
        if (accept && !accept(entry)) continue;
        if (shared[entry]++ === 0) touched[candidates++] = entry;
      }
    }
    let looked = walked;
    for (; looked < lists.length; looked++) {
      const code = lists[looked];
      const length = lengthOf(code);
      if (length > WALK_OVER_LOOKUP * candidates * Math.log2(length + 1)) break;
      // Only candidates count: an entry in none of the shortest lists cannot reach `least`.
      for (let at = this.offsets[code]; at < this.offsets[code + 1]; at++) {
        const entry = this.entries[at];
        if (shared[entry] !== 0) shared[entry]++;
      }
      const needed = least - (lists.length - looked - 1);
      if (needed <= 1) continue;
      let kept = 0;
      for (let at = 0; at < candidates; at++) {
        const entry = touched[at];
        if (shared[entry] >= needed) touched[kept++] = entry;
        else shared[entry] = 0;
      }
      candidates = kept;
    }
    for (let at = 0; at < candidates; at++) {
      const entry = touched[at];
      let count = shared[entry];
      shared[entry] = 0;
      for (let list = looked; list < lists.length && (exact || count < least); list++) {
        if (count + lists.length - list < least) break;
        if (this.holds(lists[list], entry)) count++;
      }
      if (count >= least) visit(entry, count);
    }
  }

  /** Whether the code's list (entries in ascending order) holds the entry. */
  private holds(code: number, entry: number): boolean {
    let [low, high] = [this.offsets[code], this.offsets[code + 1]];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.entries[middle] < entry) low = middle + 1;
      else high = middle;
    }
    return low < this.offsets[code + 1] && this.entries[low] === entry;
  }
}
