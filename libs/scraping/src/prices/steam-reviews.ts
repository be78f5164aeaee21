import { StoreCaller } from './store-caller.js';

/** Steam's review languages for Spanish: Spain's and Latin America's, added up (docs/CONTRACT.md §20). */
export const STEAM_SPANISH_LANGUAGES = ['spanish', 'latam'] as const;

export interface ReviewCounts {
  positive: number;
  total: number;
}

/** The part of `/appreviews/{appid}?json=1` read here: the summary Steam sends with the first page. */
interface AppReviewsAnswer {
  success?: number;
  query_summary?: { total_positive?: number; total_negative?: number; total_reviews?: number };
}

const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

/** One language's counts; null when Steam did not answer a summary (an app it does not know). */
export function readReviewCounts(answer: unknown): ReviewCounts | null {
  const { success, query_summary: summary } = (answer ?? {}) as AppReviewsAnswer;
  const positive = count(summary?.total_positive);
  if (success !== 1 || positive === null) return null;
  const total = count(summary?.total_reviews) ?? positive + (count(summary?.total_negative) ?? 0);
  return { positive, total: Math.max(total, positive) };
}

/** The store's review summary: one call per language, no review text (`num_per_page=0`). */
export class SteamReviews {
  constructor(
    private readonly baseUrl: string,
    private readonly caller: StoreCaller,
  ) {}

  /** An app's reviews in Spanish, `spanish` and `latam` added up; null when Steam knows none of its reviews. */
  async spanish(appId: string, signal?: AbortSignal): Promise<ReviewCounts | null> {
    const sum: ReviewCounts = { positive: 0, total: 0 };
    let answered = false;
    for (const language of STEAM_SPANISH_LANGUAGES) {
      const url = new URL(`${this.baseUrl.replace(/\/+$/, '')}/appreviews/${encodeURIComponent(appId)}`);
      for (const [name, value] of [
        ['json', '1'],
        ['language', language],
        ['purchase_type', 'all'],
        ['num_per_page', '0'],
      ])
        url.searchParams.set(name, value);
      const counts = readReviewCounts(await this.caller.getJson(url, signal));
      if (!counts) continue;
      answered = true;
      sum.positive += counts.positive;
      sum.total += counts.total;
    }
    return answered ? sum : null;
  }
}
