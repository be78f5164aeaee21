import type { SqlEntityManager } from '@mikro-orm/postgresql';
import type { SearchIndexStore } from './search-index-store.js';
import {
  compactSearchText,
  CORRECTION_RULES,
  expandFranchises,
  franchiseOf,
  GameSearchRepository,
  normalizeSearchText,
  repository,
  WORD_SIMILARITY_THRESHOLD,
  type CorrectionRow,
  type SearchPageQuery,
  type SearchResultPage,
  type SearchTerms,
  type WordGroup,
} from '@veredicto/db';
import type { MatchedPage, SearchIndex } from './search-index.js';

/** Fewer matches than this as typed: the search also looks for typos. */
const TYPO_FALLBACK_BELOW = 10;
/** How many of a query's first words the last resort's typo look-up compares with titles. */
const TYPO_PROBE_WORDS = 4;
/** Words shorter than this have no trigram of their own: never corrected, never in the word list. */
const CORRECTED_WORD_LENGTH = 3;

/**
 * The least similarity to what was typed (the whole text, trigram similarity) of the best match of
 * corrected words, unless every typed word in no title is a swap of two letters of a known word
 * ('ioslation' → 'isolation', whose titles are only 0.3 similar to it): below it the
 * corrections found only neighbours and the search goes on to its last resort, which compares the
 * whole text with every title.
 */
const CORRECTION_MIN_CLOSENESS = 0.5;
/** How many of a query's words are looked up in the word list (as many as the search compares). */
const QUERY_WORDS = 8;

/**
 * Each variant's words as conditions. Words under 3 characters have no trigram of their own: they count
 * only when nothing longer is typed, and then as the start of a word after the first (the title's own
 * start is the prefix condition).
 */
function termsOf(
  exacts: string[],
  prefixes: string[],
  variants: { words: string[]; groups: WordGroup[] }[],
  franchisePrefixes: string[],
  typedExacts: string[],
): SearchTerms {
  const allWords = variants.flatMap<SearchTerms['allWords'][number]>(({ words, groups }) => {
    if (groups.length) return [{ wordStarts: [], groups }];
    const short = words.filter((word) => word.length < CORRECTED_WORD_LENGTH);
    // Every long word of a corrected text was dropped: no "every word" condition for it.
    if (short.length < words.length || !short.length) return [];
    return [{ wordStarts: short, groups: [] }];
  });
  return { exacts, prefixes, franchisePrefixes, allWords, typedExacts };
}

/** The typed text's variants (as normalised, with franchise abbreviations written out) and their words. */
function typedVariants(normalized: string) {
  const expanded = expandFranchises(normalized);
  const texts = expanded ? [normalized, expanded] : [normalized];
  const variants = texts.map((text) => {
    const words = [...new Set(text.split(' '))].slice(0, QUERY_WORDS);
    return {
      text,
      words,
      groups: words.filter((word) => word.length >= CORRECTED_WORD_LENGTH).map((word) => [word]),
    };
  });
  return { fuzzy: expanded ?? normalized, texts, variants };
}

/** Removes words that contain another word of the group: '%knight%' already finds 'knights'. */
const withoutContaining = (group: WordGroup) =>
  group.filter((word) => !group.some((other) => other !== word && word.includes(other)));

/**
 * The search's two cheap steps, run by the database (databaseSteps) or by an API process's index in
 * memory (memorySteps): one page of the matches of some terms, and the word list's candidates for typed
 * words. Both give the same answers (test/integration/search-index.test.ts compares them).
 */
interface SearchSteps<Rows> {
  /**
   * A page of the matches of `terms`; with `probe`, of the texts word-similar to its text as well
   * (`probe.onto`: the page of the same terms and query found earlier, whose matches an index adds to).
   */
  page(
    terms: SearchTerms,
    fuzzy: string,
    query: SearchPageQuery,
    probe?: { text: string; onto: PageRun<Rows> },
  ): Promise<PageRun<Rows>>;
  /**
   * Whether the matches of `terms` without the Spanish and length filters are TYPO_FALLBACK_BELOW or more, or one
   * of them is as typed: what was typed is then no typo, whatever the filter keeps of it.
   */
  foundUnfiltered(terms: SearchTerms, fuzzy: string, query: SearchPageQuery): Promise<boolean>;
  corrections(words: string[], swaps: string[][]): Promise<CorrectionRow[]>;
  /** The answer to a text with nothing to look for. */
  none(): Rows;
}

/** A page of matches: what the search decides on, and its rows, read when it is the answer. */
interface PageRun<Rows> {
  total: number;
  anyAsTyped: boolean;
  closeness: number;
  rows(): Promise<Rows>;
  /** The index's page (indexSteps): a probe of the same terms adds to its matches. */
  matched?: MatchedPage;
}

/** A page of matches as ids, best first, and the count of every match (matchGames). */
export interface MatchedGames {
  gameIds: number[];
  total: number;
}

/**
 * Search as people type: titles and aliases (acronyms, Spanish titles, IGDB names, the operator's),
 * normalised alike (accents, case, punctuation, numerals, articles), with franchise abbreviations
 * written out ('gta 5'). Ranked exact > prefix > every word present, then by similarity to the text,
 * popularity and recency. Typos: words in no title are corrected through the word list (search_words),
 * and only when that finds nothing is the whole text compared by word similarity. With an index in
 * memory (an API process's, kept fresh by SearchIndexStore) the matches and corrections are found there
 * and only the page's rows are read; without it, by the database (GameSearchRepository). `total` counts
 * every match. The last resort (a text garbled beyond its words) is always the database's. Reads go to a
 * replica when the request allows it.
 */
export function searchGames(
  em: SqlEntityManager,
  text: string,
  query: SearchPageQuery,
  index?: SearchIndex,
): Promise<SearchResultPage> {
  const games = repository(em, GameSearchRepository);
  return runSearch(index ? memorySteps(games, index) : databaseSteps(games), text, query);
}

/**
 * The same search wholly in an index in memory, its page as game ids: for a caller that holds the games'
 * cards itself (an API process's catalogue in memory) and keeps the index fresh (SearchIndexStore.refresh).
 */
export function matchGames(index: SearchIndex, text: string, query: SearchPageQuery): Promise<MatchedGames> {
  const none: MatchedGames = { gameIds: [], total: 0 };
  return runSearch(
    indexSteps(index, none, ({ gameIds, total }) => Promise.resolve({ gameIds, total })),
    text,
    query,
  );
}

async function runSearch<Rows>(
  steps: SearchSteps<Rows>,
  text: string,
  query: SearchPageQuery,
): Promise<Rows> {
  const normalized = normalizeSearchText(text);
  if (!normalized) return steps.none();
  const { fuzzy, texts, variants } = typedVariants(normalized);
  const franchise = franchiseOf(normalized);
  const franchisePrefixes = franchise ? [franchise] : [];
  // A franchise's word alone is no title: a homonym called just 'Zelda' is not what it asks for.
  const asTyped = [...new Set([...texts, compactSearchText(normalized)])];
  const exacts = franchise ? [franchise] : asTyped;
  // Unless the search asks for them, an adult game is found only by its whole title or alias as typed
  // (docs/CONTRACT.md §16).
  const typedExacts = asTyped;
  const typed = termsOf(exacts, texts, variants, franchisePrefixes, typedExacts);

  const cheap = await steps.page(typed, fuzzy, query);
  // Typos are looked for only when what was typed is (nearly) nowhere as it is, and is not a title or
  // alias or the start of one (a whole title typed finds itself; corrections would only add loose
  // neighbours). The same query always takes the same path, so its count and its pages agree.
  if (cheap.total >= TYPO_FALLBACK_BELOW || cheap.anyAsTyped) return cheap.rows();
  // With the Spanish filter, what was typed is no typo when the whole catalogue has it: the answer is its
  // matches with castellano voices or texts (or of the length asked for), however few, not the loose neighbours corrections would add
  // (and the corrections and the last resort, a search's dearest steps, are not run for nothing).
  if ((query.spanish || query.length) && (await steps.foundUnfiltered(typed, fuzzy, query)))
    return cheap.rows();

  // Words of the query that are in no title or alias get their closest words of the word list; the
  // corrected texts go through the same cheap conditions, ranked by their similarity to what was typed.
  const { corrections, sure } = await correctWords(steps, [
    ...new Set(variants.flatMap(({ groups }) => groups.flat())),
  ]);
  if (corrections.size) {
    const corrected = variants.map(({ words }) => {
      const groups = words
        .filter((word) => word.length >= CORRECTED_WORD_LENGTH)
        .map((word) => withoutContaining(corrections.get(word) ?? [word]))
        .filter((group) => group.length > 0);
      // The best correction of each word; a word with none stays as typed (it only fails to match).
      const best = words.map((word) => corrections.get(word)?.[0] ?? word).join(' ');
      return { text: best, words, groups };
    });
    const correctedTexts = [...new Set(corrected.map(({ text: best }) => best))];
    // Every typed word dropped and no text corrected: nothing new to look for.
    const nothingNew =
      corrected.every(({ groups }) => groups.length === 0) &&
      correctedTexts.every((correctedText) => texts.includes(correctedText));
    const terms = termsOf(
      [...new Set([...exacts, ...correctedTexts])],
      [...new Set([...texts, ...correctedTexts])],
      [...variants, ...corrected],
      franchisePrefixes,
      typedExacts,
    );
    const found = nothingNew ? null : await steps.page(terms, fuzzy, query);
    if (found && found.total > 0 && (sure || found.closeness >= CORRECTION_MIN_CLOSENESS))
      return found.rows();
  } else if (cheap.total > 0) {
    return cheap.rows();
  }
  // The last resort: the word similarity of the whole text to every title and alias, what finds a title
  // garbled beyond its words (the database's dearest part, ~10-50 ms on 200k games; ~1-3 ms in memory).
  const probe = fuzzy.split(' ').slice(0, TYPO_PROBE_WORDS).join(' ');
  return (await steps.page(typed, fuzzy, query, { text: probe, onto: cheap })).rows();
}

/** The cheap steps by the database (GameSearchRepository). */
function databaseSteps(repository: GameSearchRepository): SearchSteps<SearchResultPage> {
  const page: SearchSteps<SearchResultPage>['page'] = async (terms, fuzzy, query, probe) => {
    const found = await repository.matches(terms, fuzzy, probe?.text ?? null, query);
    return { ...found, rows: () => Promise.resolve({ rows: found.rows, total: found.total }) };
  };
  return {
    page,
    foundUnfiltered: async (terms, fuzzy, query) => {
      const unfiltered = await page(terms, fuzzy, { ...query, spanish: undefined, length: undefined });
      return unfiltered.total >= TYPO_FALLBACK_BELOW || unfiltered.anyAsTyped;
    },
    corrections: (words, swaps) => repository.corrections(words, swaps),
    none: () => ({ rows: [], total: 0 }),
  };
}

/** The cheap steps by an index in memory; only the page's rows are read, by id. */
function memorySteps(repository: GameSearchRepository, index: SearchIndex): SearchSteps<SearchResultPage> {
  const none: SearchResultPage = { rows: [], total: 0 };
  return indexSteps(index, none, async ({ gameIds, total }) => ({
    ...(await repository.summaries(gameIds)),
    total,
  }));
}

/** The cheap steps by an index in memory, a page's rows made from its ids by `rowsOf` (`none`: no text). */
function indexSteps<Rows>(
  index: SearchIndex,
  none: Rows,
  rowsOf: (found: MatchedGames) => Promise<Rows>,
): SearchSteps<Rows> {
  return {
    page: (terms, fuzzy, query, probe) => {
      const found = index.page(
        terms,
        fuzzy,
        query.page * query.size,
        query.size,
        probe && { text: probe.text, threshold: WORD_SIMILARITY_THRESHOLD, onto: probe.onto.matched },
        query.spanish,
        query.mature,
        query.length,
      );
      return Promise.resolve({ ...found, matched: found, rows: () => rowsOf(found) });
    },
    foundUnfiltered: (terms, _fuzzy, query) =>
      Promise.resolve(index.reaches(terms, TYPO_FALLBACK_BELOW, query.mature)),
    corrections: (words, swaps) => Promise.resolve(index.corrections(words, swaps, CORRECTION_RULES)),
    none: () => none,
  };
}

/**
 * The query words that are in no title or alias, each with the closest words of the word list (the best
 * few; none when nothing is close; a word's swaps alone when it has any), and whether every one of them
 * is a swap of a known word (a sure correction). A known word has no entry.
 */
async function correctWords(
  steps: SearchSteps<unknown>,
  words: string[],
): Promise<{ corrections: Map<string, string[]>; sure: boolean }> {
  const corrections = new Map<string, string[]>();
  if (!words.length) return { corrections, sure: false };
  const rows = await steps.corrections(words, words.map(swapsOf));
  let sure = rows.length > 0;
  const swapped = new Set<string>();
  for (const row of rows) {
    const found = corrections.get(row.typed);
    // A word's rows come best first: a swap of its letters that is a word is taken alone (its swaps
    // only); otherwise its candidates are looser and the correction is not sure.
    if (!found && row.swap === true) swapped.add(row.typed);
    if (!found && row.swap !== true) sure = false;
    const candidates = found ?? [];
    if (row.word && (row.swap === true || !swapped.has(row.typed))) candidates.push(row.word);
    corrections.set(row.typed, candidates);
  }
  return { corrections, sure };
}

/** The word with two neighbouring letters swapped, every way: the commonest typo ('kinght'). */
function swapsOf(word: string): string[] {
  const swaps = new Set<string>();
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] !== word[i + 1]) swaps.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  return [...swaps];
}

/** A normalised query shorter than this gets no '¿Quizás buscabas…?'. */
export const DID_YOU_MEAN_LEAST_LENGTH = 3;

/**
 * The best-known title closest to a query that found nothing ('¿Quizás buscabas…?'), by trigram
 * similarity (pg_trgm.similarity_threshold, 0.3 by default: looser than the search's); null when nothing
 * is even that close. An adult game is never suggested unless `mature` asks for them (a search of its
 * exact title finds it, so it is never the answer to a miss). With `store`, chosen in its index in memory
 * by the same rule (the database's statement is the dearest a search makes); by the database otherwise.
 */
export async function didYouMeanTitle(
  em: SqlEntityManager,
  text: string,
  mature = false,
  store?: SearchIndexStore,
): Promise<string | null> {
  const normalized = normalizeSearchText(text);
  if (normalized.length < DID_YOU_MEAN_LEAST_LENGTH) return null;
  const inMemory = await store?.closestTitle(em, normalized, mature);
  return inMemory !== undefined
    ? inMemory
    : repository(em, GameSearchRepository).closestTitle(normalized, mature);
}
