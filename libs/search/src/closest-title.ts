import { commonCount, leastShared, prepareTrigrams, similarityTo } from './trigram.js';
import { TrigramPostings } from './trigram-postings.js';

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
 * The titles' distinct pg_trgm trigrams are posting lists (TrigramPostings); a query counts, per title,
 * the trigrams it shares, which with both texts' trigram counts is the similarity, exactly as pg_trgm
 * computes it (float4). Games changed after the build are kept aside in a short list and compared one by
 * one (their former entry no longer counts); the owner builds it again from time to time.
 */
export class ClosestTitles {
  private readonly ids: Int32Array;
  private readonly popularity: Float64Array;
  private readonly flags: Uint8Array;
  private readonly titles: TrigramPostings;
  /** Games changed since the build, by id, with their title's trigram codes (null: gone). */
  private readonly changed = new Map<number, { entry: TitleEntry; codes: Int32Array } | null>();

  constructor(entries: readonly TitleEntry[]) {
    this.ids = Int32Array.from(entries, (entry) => entry.id);
    this.popularity = Float64Array.from(entries, (entry) => entry.popularity);
    this.flags = Uint8Array.from(entries, (entry) => (entry.mature ? MATURE : 0));
    this.titles = new TrigramPostings(entries.map((entry) => entry.searchName));
  }

  /** A game added or changed since the build (its title or popularity); `null` entry: removed. */
  update(id: number, entry: TitleEntry | null): void {
    this.changed.set(id, entry && { entry, codes: prepareTrigrams(entry.searchName).codes });
  }

  /** How many games changed since the build. */
  get changes(): number {
    return this.changed.size;
  }

  /**
   * The id of the closest game to the normalised text, or null when none is 0.3 similar. Similarity
   * s / (q + t - s) (s shared of the query's q and the title's t trigrams, t >= s) reaches 0.3 only when
   * s >= 0.3 q: only the titles sharing that many are counted.
   */
  closest(normalized: string, mature: boolean): number | null {
    const query = prepareTrigrams(normalized);
    const queryCount = query.codes.length;
    if (queryCount === 0) return null;
    let best: { id: number; score: number } | null = null;
    const consider = (id: number, similarity: number, popularity: number) => {
      if (similarity < SIMILARITY_THRESHOLD) return;
      const score = similarity + popularity / 10;
      if (!best || score > best.score || (score === best.score && id < best.id)) best = { id, score };
    };
    const least = leastShared(queryCount, SIMILARITY_THRESHOLD);
    this.titles.eachSharing(query.codes, least, (position, shared) => {
      const id = this.ids[position];
      if ((!mature && this.flags[position] & MATURE) || this.changed.has(id)) return;
      // pg_trgm's CALCSML, in float4 as PostgreSQL divides.
      consider(
        id,
        Math.fround(shared / (queryCount + this.titles.trigramCount(position) - shared)),
        this.popularity[position],
      );
    });
    for (const [id, changed] of this.changed) {
      if (!changed || (!mature && changed.entry.mature) || commonCount(query.codes, changed.codes) < least)
        continue;
      consider(id, similarityTo(query, changed.entry.searchName), changed.entry.popularity);
    }
    return (best as { id: number } | null)?.id ?? null;
  }
}

const MATURE = 1;
