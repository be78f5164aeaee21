import { prepareTrigrams, similarityTo } from './trigram.js';

/** pg_trgm.similarity_threshold's default: what `%` asks of a title to be suggested at all. */
const SIMILARITY_THRESHOLD = 0.3;

/** One game as the suggestion reads it. */
export interface TitleEntry {
  id: number;
  searchName: string;
  popularity: number;
  mature?: boolean;
}

/**
 * '¿Quizás buscabas…?' in memory: the game whose title is closest to a search that found nothing, with the
 * very rule of the database's statement (GameSearchRepository.closestTitle): a title at least 0.3 similar
 * by pg_trgm's similarity, the highest similarity + popularity / 10, then the lowest id; adult games only
 * when asked for. In the database that statement is the dearest a search makes (tens of ms on 200k games:
 * the `%` operator checks every title sharing a trigram with the query); here it is a walk of the query's
 * trigram lists in flat arrays.
 *
 * The titles' distinct pg_trgm trigrams are posting lists (one flat array, CSR); a query counts, per title,
 * the trigrams it shares, which with both texts' trigram counts is the similarity, exactly as pg_trgm
 * computes it (float4). Games changed after the build are kept aside in a short list and compared one by
 * one (their former entry no longer counts); the owner builds it again from time to time.
 */
export class ClosestTitles {
  private readonly ids: Int32Array;
  private readonly popularity: Float64Array;
  private readonly flags: Uint8Array;
  private readonly trigramCounts: Uint16Array;
  private readonly offsets: Int32Array;
  private readonly postings: Int32Array;
  private readonly shared: Uint16Array;
  private readonly touched: Int32Array;
  /** Games changed since the build, by id (null: gone). */
  private readonly changed = new Map<number, TitleEntry | null>();

  constructor(entries: readonly TitleEntry[]) {
    const count = entries.length;
    this.ids = new Int32Array(count);
    this.popularity = new Float64Array(count);
    this.flags = new Uint8Array(count);
    this.trigramCounts = new Uint16Array(count);
    this.shared = new Uint16Array(count);
    this.touched = new Int32Array(count);
    const codesOf: Int32Array[] = new Array<Int32Array>(count);
    const sizes = new Int32Array(TRIGRAM_CODES + 1);
    entries.forEach((entry, position) => {
      this.ids[position] = entry.id;
      this.popularity[position] = entry.popularity;
      this.flags[position] = entry.mature ? MATURE : 0;
      const codes = prepareTrigrams(entry.searchName).codes;
      codesOf[position] = codes;
      this.trigramCounts[position] = Math.min(codes.length, 0xffff);
      for (const code of codes) sizes[code + 1]++;
    });
    this.offsets = new Int32Array(TRIGRAM_CODES + 1);
    for (let code = 0; code < TRIGRAM_CODES; code++)
      this.offsets[code + 1] = this.offsets[code] + sizes[code + 1];
    this.postings = new Int32Array(this.offsets[TRIGRAM_CODES]);
    const next = this.offsets.slice(0, TRIGRAM_CODES);
    codesOf.forEach((codes, position) => {
      for (const code of codes) this.postings[next[code]++] = position;
    });
  }

  /** A game added or changed since the build (its title or popularity); `null` entry: removed. */
  update(id: number, entry: TitleEntry | null): void {
    this.changed.set(id, entry);
  }

  /** How many games changed since the build. */
  get changes(): number {
    return this.changed.size;
  }

  /** The id of the closest game to the normalised text, or null when none is 0.3 similar. */
  closest(normalized: string, mature: boolean): number | null {
    const query = prepareTrigrams(normalized);
    const queryCount = query.codes.length;
    if (queryCount === 0) return null;
    let touchedCount = 0;
    for (const code of query.codes) {
      for (let at = this.offsets[code], end = this.offsets[code + 1]; at < end; at++) {
        const position = this.postings[at];
        if (this.shared[position]++ === 0) this.touched[touchedCount++] = position;
      }
    }
    let best: { id: number; score: number } | null = null;
    const consider = (id: number, similarity: number, popularity: number) => {
      if (similarity < SIMILARITY_THRESHOLD) return;
      const score = similarity + popularity / 10;
      if (!best || score > best.score || (score === best.score && id < best.id)) best = { id, score };
    };
    for (let i = 0; i < touchedCount; i++) {
      const position = this.touched[i];
      const shared = this.shared[position];
      this.shared[position] = 0;
      const id = this.ids[position];
      if ((!mature && this.flags[position] & MATURE) || this.changed.has(id)) continue;
      // pg_trgm's CALCSML, in float4 as PostgreSQL divides.
      consider(
        id,
        Math.fround(shared / (queryCount + this.trigramCounts[position] - shared)),
        this.popularity[position],
      );
    }
    for (const [id, entry] of this.changed) {
      if (!entry || (!mature && entry.mature)) continue;
      consider(id, similarityTo(query, entry.searchName), entry.popularity);
    }
    return (best as { id: number } | null)?.id ?? null;
  }
}

const MATURE = 1;
/** Trigram codes: three base-37 digits (trigram.ts). */
const TRIGRAM_CODES = 37 ** 3;
