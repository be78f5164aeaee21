import {
  CATALOGUE_PAGE_SIZE,
  CATALOGUE_QUERY_LIMITS,
  CATALOGUE_SORTS,
  GENRE_SLUGS,
  LENGTH_FILTERS,
  PLATFORM_IDS,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_LIMITS,
  SPANISH_FILTERS,
  type CatalogueSort,
  type LengthFilter,
} from '@veredicto/contract';

/** A catalogue page's query, as GamePageQueryDto's validation leaves it. */
export interface PageQuery {
  page: number;
  size: number;
  sortBy: CatalogueSort;
  platform?: string;
  spanish?: (typeof SPANISH_FILTERS)[number];
  genre?: string;
  year?: number;
  scored?: boolean;
  length?: LengthFilter;
  mature?: boolean;
  addons?: boolean;
}

/** A search's query, as SearchQueryDto's validation leaves it. */
export interface SearchQuery {
  name: string;
  page: number;
  size: number;
  spanish?: (typeof SPANISH_FILTERS)[number];
  length?: LengthFilter;
  mature?: boolean;
}

/** How a parameter's text is read: a whole number within the contract's bounds, one of a list, a boolean. */
type Reader =
  | { kind: 'integer'; least: number; most: number }
  | { kind: 'one of'; values: ReadonlySet<string> }
  | { kind: 'boolean' };

const oneOf = (values: readonly string[]): Reader => ({ kind: 'one of', values: new Set(values) });
const BOOLEAN: Reader = { kind: 'boolean' };

/**
 * The catalogue's parameters and how each is read, from the contract (libs/contract limits.ts): a new filter
 * or order is one entry there and one here.
 */
const PAGE_PARAMETERS: Record<string, Reader> = {
  page: { kind: 'integer', ...CATALOGUE_QUERY_LIMITS.page },
  size: { kind: 'integer', ...CATALOGUE_QUERY_LIMITS.size },
  year: { kind: 'integer', ...CATALOGUE_QUERY_LIMITS.year },
  sortBy: oneOf(CATALOGUE_SORTS),
  platform: oneOf(PLATFORM_IDS),
  spanish: oneOf(SPANISH_FILTERS),
  genre: oneOf(Object.keys(GENRE_SLUGS)),
  scored: BOOLEAN,
  length: oneOf(LENGTH_FILTERS),
  mature: BOOLEAN,
  addons: BOOLEAN,
};

const SEARCH_PARAMETERS: Record<string, Reader> = {
  page: { kind: 'integer', ...SEARCH_QUERY_LIMITS.page },
  size: { kind: 'integer', ...SEARCH_QUERY_LIMITS.size },
  spanish: oneOf(SPANISH_FILTERS),
  length: oneOf(LENGTH_FILTERS),
  mature: BOOLEAN,
};

const INTEGER = /^(0|[1-9][0-9]{0,5})$/;
const BOOLEANS: Record<string, boolean> = { true: true, false: false };
/** What the search's name may not hold here: NUL (NoNulPipe's 400) and UTF-16 surrogates. */
const UNUSUAL_NAME = /[\0\uD800-\uDFFF]/;

/** The query's parameters, each once and with a value; null when one is repeated, empty or has no name. */
function plainPairs(query: string): [string, string][] | null {
  const pairs: [string, string][] = [];
  const seen = new Set<string>();
  if (query === '') return pairs;
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    if (equals <= 0) return null;
    const name = pair.slice(0, equals);
    const value = pair.slice(equals + 1);
    if (seen.has(name) || value === '') return null;
    seen.add(name);
    pairs.push([name, value]);
  }
  return pairs;
}

/** A parameter's value as its reader reads it; undefined when the reader refuses it. */
function readValue(reader: Reader, value: string): number | string | boolean | undefined {
  switch (reader.kind) {
    case 'integer': {
      if (!INTEGER.test(value)) return undefined;
      const number = Number(value);
      return number < reader.least || number > reader.most ? undefined : number;
    }
    case 'one of':
      return reader.values.has(value) ? value : undefined;
    case 'boolean':
      return BOOLEANS[value];
  }
}

/** The pairs read by `parameters` into `read`; false at the first one it does not know or refuses. */
function readPairs(
  pairs: [string, string][],
  parameters: Record<string, Reader>,
  read: Record<string, unknown>,
  other: (name: string, value: string) => boolean = () => false,
): boolean {
  for (const [name, value] of pairs) {
    const reader = Object.hasOwn(parameters, name) ? parameters[name] : undefined;
    if (!reader) {
      if (!other(name, value)) return false;
      continue;
    }
    const parsed = readValue(reader, value);
    if (parsed === undefined) return false;
    read[name] = parsed;
  }
  return true;
}

/**
 * A catalogue page's query string as GamePageQueryDto's validation reads it, for the queries written the
 * plain way (each parameter once, numbers in decimal without signs or leading zeros, nothing percent-encoded,
 * no parameter the DTO does not know); null for anything else, which the application validates and
 * answers (a 400 in Spanish, or the same page). catalogue-query.spec.ts (api) holds every answer it gives
 * equal to the validation pipe's.
 */
export function readPageQuery(query: string): PageQuery | null {
  const read: PageQuery = { page: 0, size: CATALOGUE_PAGE_SIZE, sortBy: 'releaseDate' };
  const pairs = plainPairs(query);
  if (!pairs || !readPairs(pairs, PAGE_PARAMETERS, read as unknown as Record<string, unknown>)) return null;
  return read;
}

/**
 * A search's query string as SearchQueryDto's validation reads it, for the queries written the plain way
 * (as readPageQuery; the name percent-encoded or with '+' for spaces, as node:querystring decodes it);
 * null for anything else, which the application validates and answers.
 */
export function readSearchQuery(query: string): SearchQuery | null {
  const pairs = plainPairs(query);
  if (!pairs) return null;
  const read: Partial<SearchQuery> = { page: 0, size: SEARCH_PAGE_SIZE };
  const readName = (name: string, value: string) => {
    if (name !== 'name') return false;
    let text: string;
    try {
      text = decodeURIComponent(value.replaceAll('+', ' '));
    } catch {
      return false;
    }
    if (text.length > SEARCH_QUERY_LIMITS.name.most || UNUSUAL_NAME.test(text)) return false;
    read.name = text;
    return true;
  };
  if (!readPairs(pairs, SEARCH_PARAMETERS, read, readName)) return null;
  return read.name ? (read as SearchQuery) : null;
}
