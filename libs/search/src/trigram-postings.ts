import { prepareTrigrams } from './trigram.js';

/** How many trigram codes there are (trigram.ts codes a trigram in base 37). */
const TRIGRAM_SPACE = 37 ** 3;

/**
 * A list longer than the entries / BITSET_DENSITY also gets a bitset of the entries (one bit each): its
 * membership is then one read instead of a binary search. On the 194k catalogue that is about 250 of
 * the commonest trigrams (' ch', 'the', 'ing'…), about 6 MB, and they hold half of all postings.
 */
const BITSET_DENSITY = 64;

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
  /** The long lists' bitsets, by code (BITSET_DENSITY), one after another in `bits`. */
  private readonly bitsetAt: Int32Array;
  private readonly bits: Uint32Array;

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
    const words = (texts.length + 31) >>> 5;
    const dense = (code: number) =>
      this.offsets[code + 1] - this.offsets[code] > texts.length / BITSET_DENSITY;
    this.bitsetAt = new Int32Array(TRIGRAM_SPACE).fill(-1);
    let bitsets = 0;
    for (let code = 0; code < TRIGRAM_SPACE; code++) if (dense(code)) this.bitsetAt[code] = words * bitsets++;
    this.bits = new Uint32Array(words * bitsets);
    for (let code = 0; code < TRIGRAM_SPACE; code++) {
      const at = this.bitsetAt[code];
      if (at === -1) continue;
      for (let entry = this.offsets[code]; entry < this.offsets[code + 1]; entry++)
        this.bits[at + (this.entries[entry] >>> 5)] |= 1 << (this.entries[entry] & 31);
    }
  }

  get byteLength(): number {
    return [
      this.offsets,
      this.entries,
      this.counts,
      this.shared,
      this.touched,
      this.bitsetAt,
      this.bits,
    ].reduce((sum, array) => sum + array.byteLength, 0);
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
   * `least` is dropped (most are: one rare trigram in common, and not in the next list); unless `exact`
   * asks for its whole count, one that reaches `least` is visited at once and leaves the candidates. A
   * longer list is read the cheapest way for the candidates left: through its bitset when it has one (a
   * common trigram's: ' ch' and 'che' of 'cheats'), else walked when it is shorter than they are, else
   * looked up (a binary search) for each. On the 194k catalogue and the real queries, walking every
   * longer list took 0.6 ms per last resort and 1.1 ms per '¿Quizás buscabas…?'; this, INSERT.
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
    const { shared, touched, bits, entries, offsets } = this;
    // The loops below count without branching on the data (a candidate is written, then kept or not by
    // adding 0 or 1): a mispredicted branch per posting cost three times the walk itself. The 0 or 1 is
    // the sign bit of a small difference ((x - 1) >>> 31 is 1 for x = 0): a comparison's boolean added to
    // a number took V8's generic addition, a sixth of the walk on the real queries.
    let candidates = 0;
    for (let list = 0; list < walked; list++) {
      const code = lists[list];
      const end = offsets[code + 1];
      for (let at = offsets[code]; at < end; at++) {
        const entry = entries[at];
        if (accept && !accept(entry)) continue;
        const count = shared[entry];
        shared[entry] = count + 1;
        touched[candidates] = entry;
        candidates += (count - 1) >>> 31;
      }
    }
    for (let list = walked; list < lists.length && candidates > 0; list++) {
      const code = lists[list];
      const bitset = this.bitsetAt[code];
      // What a candidate needs after this list to reach `least` with every list left.
      const needed = least - (lists.length - list - 1);
      const lookUp = bitset === -1 && lengthOf(code) > candidates;
      if (bitset === -1 && !lookUp) {
        // Only candidates count: an entry in none of the shortest lists cannot reach `least`.
        const end = offsets[code + 1];
        for (let at = offsets[code]; at < end; at++) {
          const entry = entries[at];
          const count = shared[entry];
          shared[entry] = count + (-count >>> 31);
        }
      }
      let kept = 0;
      for (let at = 0; at < candidates; at++) {
        const entry = touched[at];
        let count = shared[entry];
        // The bitset's bit, or a binary search, in the same pass as the sorting out.
        if (bitset !== -1) count += (bits[bitset + (entry >>> 5)] >>> (entry & 31)) & 1;
        else if (lookUp && this.holds(code, entry)) count++;
        if (!exact && count >= least) {
          shared[entry] = 0;
          visit(entry, count);
          continue;
        }
        const keep = (needed - 1 - count) >>> 31;
        shared[entry] = count * keep;
        touched[kept] = entry;
        kept += keep;
      }
      candidates = kept;
    }
    for (let at = 0; at < candidates; at++) {
      const entry = touched[at];
      const count = shared[entry];
      shared[entry] = 0;
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
