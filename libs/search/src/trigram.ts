/*
 * Replicas of pg_trgm's similarity/word_similarity/show_trgm (contrib/pg_trgm/trgm_op.c) and
 * fuzzystrmatch's levenshtein/levenshtein_less_equal (PostgreSQL 15), so that the in-memory search ranks
 * with the very numbers the SQL gave. Inputs are normalised search text (normalizeSearchText): word
 * characters are the ASCII letters and digits (upper case folded, as pg_trgm does); anything else only
 * separates words. Non-ASCII letters, which PostgreSQL would keep in words, never reach us.
 *
 * A trigram is coded as a number in base 37 (0 the padding space, 1-10 the digits, 11-36 the letters):
 * the code is exact, orders like PostgreSQL's byte comparison, and indexes flat tables, so a comparison
 * needs no string, no hash and no allocation.
 */

const BASE = 37;
const TRIGRAM_CODES = BASE * BASE * BASE;

/** Character code → base-37 digit; 0 for anything that is not a word character. */
const DIGIT_OF = new Uint8Array(128);
const CHAR_OF = [' '];
for (let c = 48; c <= 57; c++) DIGIT_OF[c] = c - 47;
for (let c = 97; c <= 122; c++) DIGIT_OF[c] = DIGIT_OF[c - 32] = c - 86;
for (let digit = 1; digit < BASE; digit++)
  CHAR_OF.push(String.fromCharCode(digit <= 10 ? digit + 47 : digit + 86));

/*
 * Scratch state shared by every call (the functions are synchronous, so calls never interleave). Tables
 * are stamped with a generation number instead of being cleared: a call touches only its own trigrams.
 */
let sequence = new Int32Array(256);
const inQuery = new Uint32Array(TRIGRAM_CODES);
const seen = new Uint32Array(TRIGRAM_CODES);
const lastPosition = new Int32Array(TRIGRAM_CODES).fill(-1);
let generation = 0;

function nextGeneration(): number {
  if (generation === 0xffffffff) {
    inQuery.fill(0);
    seen.fill(0);
    generation = 0;
  }
  return ++generation;
}

/**
 * Fills `sequence` with the trigrams of the text in order, duplicates kept (generate_trgm_only): each
 * word padded as '  word ' and cut into its 3-character windows. Returns how many there are.
 */
function extract(text: string): number {
  // A word of n characters gives n + 1 trigrams, hence at most length + 1 in all.
  if (sequence.length < text.length + 1)
    sequence = new Int32Array(Math.max(text.length + 1, sequence.length * 2));
  let length = 0;
  let window = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const digit = code < 128 ? DIGIT_OF[code] : 0;
    if (digit) {
      // The two left padding spaces are digit 0, so a new word starts from an empty window.
      window = inWord ? (window % (BASE * BASE)) * BASE + digit : digit;
      inWord = true;
      sequence[length++] = window;
    } else if (inWord) {
      sequence[length++] = (window % (BASE * BASE)) * BASE;
      inWord = false;
    }
  }
  if (inWord) sequence[length++] = (window % (BASE * BASE)) * BASE;
  return length;
}

/** The distinct trigram codes of the text, sorted (generate_trgm). */
function distinctCodes(text: string): Int32Array {
  const length = extract(text);
  const stamp = nextGeneration();
  const codes = new Int32Array(length);
  let count = 0;
  for (let i = 0; i < length; i++) {
    const code = sequence[i];
    if (seen[code] !== stamp) {
      seen[code] = stamp;
      codes[count++] = code;
    }
  }
  return codes.slice(0, count).sort();
}

const trigramText = (code: number) =>
  CHAR_OF[Math.floor(code / (BASE * BASE))] + CHAR_OF[Math.floor(code / BASE) % BASE] + CHAR_OF[code % BASE];

/**
 * pg_trgm's CALCSML: PostgreSQL divides in float4, and word_similarity compares these rounded values,
 * so ties between different fractions must round alike here too.
 */
const calcSml = (count: number, length1: number, length2: number) =>
  Math.fround(count / (length1 + length2 - count));

/** A text's trigrams computed once, to compare it with many texts (similarityTo, wordSimilarityTo). */
export interface TrigramQuery {
  readonly text: string;
  /** Its distinct trigrams, coded and sorted. */
  readonly codes: Int32Array;
}

/** Prepares a text (typically the search query) for similarityTo and wordSimilarityTo. */
export function prepareTrigrams(text: string): TrigramQuery {
  return { text, codes: distinctCodes(text) };
}

/** The distinct trigrams of a text, sorted as PostgreSQL's show_trgm(text) lists them. */
export function trigramsOf(text: string): string[] {
  return Array.from(distinctCodes(text), trigramText);
}

/** Stamps the query's trigrams for this call; returns the stamp. */
function markPrepared(query: TrigramQuery): number {
  const stamp = nextGeneration();
  for (const code of query.codes) inQuery[code] = stamp;
  return stamp;
}

/** Stamps the distinct trigrams of a text for this call, without allocating; returns their count. */
function markText(text: string, stamp: number): number {
  const length = extract(text);
  let distinct = 0;
  for (let i = 0; i < length; i++) {
    const code = sequence[i];
    if (inQuery[code] !== stamp) {
      inQuery[code] = stamp;
      distinct++;
    }
  }
  return distinct;
}

/** cnt_sml over the text's trigrams, the query's being stamped with `stamp`. */
function similarityMarked(queryLength: number, text: string, stamp: number): number {
  const length = extract(text);
  let distinct = 0;
  let shared = 0;
  for (let i = 0; i < length; i++) {
    const code = sequence[i];
    if (seen[code] !== stamp) {
      seen[code] = stamp;
      distinct++;
      if (inQuery[code] === stamp) shared++;
    }
  }
  // PostgreSQL tests the lengths explicitly so that two texts without trigrams give 0, not 0/0.
  if (queryLength === 0 || distinct === 0) return 0;
  return calcSml(shared, queryLength, distinct);
}

/**
 * iterate_word_similarity (non-strict, maximum computed) over the text's trigrams, the query's being
 * stamped with `stamp`. Ported line by line rather than written as a search over all extents: its greedy
 * lower-bound moves decide which extents are tried, and only the same moves are sure to give its value.
 */
function wordSimilarityMarked(queryLength: number, text: string, stamp: number): number {
  if (queryLength === 0) return 0;
  const length = extract(text);
  let distinct = 0;
  let count = 0;
  let lower = -1;
  let best = 0;
  for (let i = 0; i < length; i++) {
    const code = sequence[i];
    const found = inQuery[code] === stamp;
    // Before the first shared trigram nothing counts: the extent starts at a shared one.
    if (lower >= 0 || found) {
      if (lastPosition[code] < 0) {
        distinct++;
        if (found) count++;
      }
      lastPosition[code] = i;
    }
    if (!found) continue;

    const upper = i;
    if (lower === -1) {
      lower = i;
      distinct = 1;
    }
    let current = calcSml(count, queryLength, distinct);
    // Try each later lower bound, dropping the trigrams whose last occurrence it passes.
    let shiftedCount = count;
    let shiftedDistinct = distinct;
    const previousLower = lower;
    for (let shifted = lower; shifted <= upper; shifted++) {
      const similarity = calcSml(shiftedCount, queryLength, shiftedDistinct);
      if (similarity > current) {
        current = similarity;
        distinct = shiftedDistinct;
        lower = shifted;
        count = shiftedCount;
      }
      const dropped = sequence[shifted];
      if (lastPosition[dropped] === shifted) {
        shiftedDistinct--;
        if (inQuery[dropped] === stamp) shiftedCount--;
      }
    }
    if (current > best) best = current;
    // Trigrams left behind by the new lower bound are forgotten, as in PostgreSQL.
    for (let left = previousLower; left < lower; left++) {
      const dropped = sequence[left];
      if (lastPosition[dropped] === left) lastPosition[dropped] = -1;
    }
  }
  for (let i = 0; i < length; i++) lastPosition[sequence[i]] = -1;
  return best;
}

/** How many codes two sorted lists of distinct trigram codes share. */
export function commonCount(a: Int32Array, b: Int32Array): number {
  let [i, j, common] = [0, 0, 0];
  while (i < a.length && j < b.length) {
    if (a[i] < b[j]) i++;
    else if (a[i] > b[j]) j++;
    else {
      common++;
      i++;
      j++;
    }
  }
  return common;
}

/**
 * The fewest of a query's `count` trigrams a text must share for a similarity or word similarity to it of
 * `threshold` (both at most shared / count, the text's other trigrams only adding to the divisor), as
 * PostgreSQL compares them: in float4. At least 1.
 */
export function leastShared(count: number, threshold: number): number {
  let least = Math.max(1, Math.floor(count * threshold));
  while (least > 1 && Math.fround((least - 1) / count) >= threshold) least--;
  while (least < count && Math.fround(least / count) < threshold) least++;
  return least;
}

/** pg_trgm's similarity(a, b): shared distinct trigrams over all distinct trigrams, in float4. */
export function similarity(a: string, b: string): number {
  const stamp = nextGeneration();
  return similarityMarked(markText(a, stamp), b, stamp);
}

/** pg_trgm's similarity(query.text, text), reusing the query's trigrams. */
export function similarityTo(query: TrigramQuery, text: string): number {
  return similarityMarked(query.codes.length, text, markPrepared(query));
}

/**
 * pg_trgm's word_similarity(a, b): the greatest similarity between the trigrams of `a` and an extent
 * of the ordered trigrams of `b`, as its iterative search finds it, in float4. Not symmetric.
 */
export function wordSimilarity(a: string, b: string): number {
  const stamp = nextGeneration();
  return wordSimilarityMarked(markText(a, stamp), b, stamp);
}

/** pg_trgm's word_similarity(query.text, text), reusing the query's trigrams. */
export function wordSimilarityTo(query: TrigramQuery, text: string): number {
  return wordSimilarityMarked(query.codes.length, text, markPrepared(query));
}

let row = new Int32Array(64);

/** Distance rows fit `length` + 1 columns. */
function rowFor(length: number): Int32Array {
  if (row.length <= length) row = new Int32Array(Math.max(length + 1, row.length * 2));
  return row;
}

/** The lengths of the common prefix and suffix, which never change an edit distance. */
function trimCommon(a: string, b: string): [start: number, endA: number, endB: number] {
  let start = 0;
  while (start < a.length && start < b.length && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a.charCodeAt(endA - 1) === b.charCodeAt(endB - 1)) {
    endA--;
    endB--;
  }
  return [start, endA, endB];
}

/**
 * fuzzystrmatch's levenshtein(a, b) with unit costs, case-sensitive, over UTF-16 code units (the
 * characters, for normalised text). PostgreSQL refuses texts over 255 characters; this does not.
 */
export function levenshtein(a: string, b: string): number {
  const [start, endA, endB] = trimCommon(a, b);
  const columns = endB - start;
  if (endA === start) return columns;
  if (columns === 0) return endA - start;
  const distances = rowFor(columns);
  for (let j = 0; j <= columns; j++) distances[j] = j;
  for (let i = start; i < endA; i++) {
    const char = a.charCodeAt(i);
    let diagonal = distances[0];
    let left = (distances[0] = i - start + 1);
    for (let j = 1; j <= columns; j++) {
      const up = distances[j];
      const substitution = diagonal + (b.charCodeAt(start + j - 1) === char ? 0 : 1);
      left = Math.min(substitution, up + 1, left + 1);
      distances[j] = left;
      diagonal = up;
    }
  }
  return distances[columns];
}

/**
 * fuzzystrmatch's levenshtein_less_equal(a, b, max): the distance when it is at most `max`, otherwise
 * max + 1 (PostgreSQL returns some value above max). A negative max means no limit, as there.
 */
export function levenshteinLessEqual(a: string, b: string, max: number): number {
  if (max < 0) return levenshtein(a, b);
  // The distance is symmetric: walk the shorter text down the rows, so the band reaches the last column.
  return a.length <= b.length ? bandedDistance(a, b, max) : bandedDistance(b, a, max);
}

/**
 * The distance of `a` (not longer than `b`) to `b` if at most max, else max + 1: only the diagonal band
 * of width 2·max + 1 is computed, and it stops once a whole row exceeds max.
 */
function bandedDistance(a: string, b: string, max: number): number {
  const [start, endA, endB] = trimCommon(a, b);
  const rows = endA - start;
  const columns = endB - start;
  const beyond = max + 1;
  if (columns - rows > max) return beyond;
  if (rows === 0) return columns;
  const distances = rowFor(columns);
  // Cells outside the band hold `beyond`: their true distance exceeds max, and nothing needs more.
  for (let j = 0; j <= columns; j++) distances[j] = j <= max ? j : beyond;
  for (let i = 1; i <= rows; i++) {
    const char = a.charCodeAt(start + i - 1);
    const from = Math.max(1, i - max);
    const to = Math.min(columns, i + max);
    let diagonal = distances[from - 1];
    let left = beyond;
    if (from === 1) left = distances[0] = Math.min(i, beyond);
    let rowMin = left;
    for (let j = from; j <= to; j++) {
      const up = distances[j];
      const substitution = diagonal + (b.charCodeAt(start + j - 1) === char ? 0 : 1);
      left = Math.min(substitution, up + 1, left + 1, beyond);
      distances[j] = left;
      diagonal = up;
      if (left < rowMin) rowMin = left;
    }
    // Every path to the end crosses this row.
    if (rowMin > max) return beyond;
  }
  return distances[columns];
}
