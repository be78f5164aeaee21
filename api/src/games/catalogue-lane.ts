import { CATALOGUE_PAGE_SIZE, GENRE_SLUGS, LENGTH_FILTERS, PLATFORM_IDS } from '@veredicto/contract';
import type { GamePageQueryDto, SearchQueryDto } from './dto/game-query.dto.js';
import { MAX_PAGE_SIZE, SEARCH_PAGE_SIZE, SORT_FIELDS, SPANISH_FILTERS } from './dto/game-query.dto.js';

type PageQuery = Pick<
  GamePageQueryDto,
  | 'page'
  | 'size'
  | 'sortBy'
  | 'platform'
  | 'spanish'
  | 'genre'
  | 'year'
  | 'scored'
  | 'length'
  | 'mature'
  | 'addons'
>;

type SearchQuery = Pick<SearchQueryDto, 'name' | 'page' | 'size' | 'spanish' | 'mature'>;

const INTEGER = /^(0|[1-9][0-9]{0,5})$/;
const BOOLEANS: Record<string, boolean> = { true: true, false: false };
const SORTS: ReadonlySet<string> = new Set(SORT_FIELDS);
const PLATFORMS: ReadonlySet<string> = new Set(PLATFORM_IDS);
const SPANISH: ReadonlySet<string> = new Set(SPANISH_FILTERS);
const GENRES: ReadonlySet<string> = new Set(Object.keys(GENRE_SLUGS));
const LENGTHS: ReadonlySet<string> = new Set(LENGTH_FILTERS);
/** What the search's name may not hold in a lane: NUL (NoNulPipe's 400) and UTF-16 surrogates. */
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

/** A whole number in decimal without sign or leading zeros, within [least, most]; else null. */
function integerIn(value: string, least: number, most: number): number | null {
  if (!INTEGER.test(value)) return null;
  const number = Number(value);
  return number < least || number > most ? null : number;
}

/**
 * A catalogue page's query string as GamePageQueryDto's validation reads it, for the queries written the
 * plain way (each parameter once, numbers in decimal without signs or leading zeros, nothing percent-encoded,
 * no parameter the DTO does not know); null for anything else, which the application validates and
 * answers (a 400 in Spanish, or the same page). catalogue-lane.spec.ts holds every answer it gives equal
 * to the validation pipe's.
 */
export function readPageQuery(query: string): PageQuery | null {
  const read: PageQuery = { page: 0, size: CATALOGUE_PAGE_SIZE, sortBy: 'releaseDate' };
  const pairs = plainPairs(query);
  if (!pairs) return null;
  for (const [name, value] of pairs) {
    switch (name) {
      case 'page':
      case 'size':
      case 'year': {
        const [least, most] =
          name === 'page' ? [0, 100_000] : name === 'size' ? [1, MAX_PAGE_SIZE] : [1950, 2100];
        const number = integerIn(value, least, most);
        if (number === null) return null;
        read[name] = number;
        break;
      }
      case 'sortBy':
        if (!SORTS.has(value)) return null;
        read.sortBy = value as PageQuery['sortBy'];
        break;
      case 'platform':
        if (!PLATFORMS.has(value)) return null;
        read.platform = value;
        break;
      case 'spanish':
        if (!SPANISH.has(value)) return null;
        read.spanish = value as PageQuery['spanish'];
        break;
      case 'genre':
        if (!GENRES.has(value)) return null;
        read.genre = value;
        break;
      case 'length':
        if (!LENGTHS.has(value)) return null;
        read.length = value as PageQuery['length'];
        break;
      case 'scored':
      case 'mature':
      case 'addons':
        if (!(value in BOOLEANS)) return null;
        read[name] = BOOLEANS[value];
        break;
      default:
        return null;
    }
  }
  return read;
}

/**
 * A search's query string as SearchQueryDto's validation reads it, for the queries written the plain way
 * (as readPageQuery; the name percent-encoded or with '+' for spaces, as node:querystring decodes it);
 * null for anything else, which the application validates and answers. catalogue-lane.spec.ts holds
 * every answer it gives equal to the validation pipe's.
 */
export function readSearchQuery(query: string): SearchQuery | null {
  const pairs = plainPairs(query);
  if (!pairs) return null;
  const read: Partial<SearchQuery> = { page: 0, size: SEARCH_PAGE_SIZE };
  for (const [name, value] of pairs) {
    switch (name) {
      case 'name': {
        let text: string;
        try {
          text = decodeURIComponent(value.replaceAll('+', ' '));
        } catch {
          return null;
        }
        if (text.length > 100 || UNUSUAL_NAME.test(text)) return null;
        read.name = text;
        break;
      }
      case 'page':
      case 'size': {
        const number = name === 'page' ? integerIn(value, 0, 500) : integerIn(value, 1, MAX_PAGE_SIZE);
        if (number === null) return null;
        read[name] = number;
        break;
      }
      case 'spanish':
        if (!SPANISH.has(value)) return null;
        read.spanish = value as SearchQuery['spanish'];
        break;
      case 'mature':
        if (!(value in BOOLEANS)) return null;
        read.mature = BOOLEANS[value];
        break;
      default:
        return null;
    }
  }
  return read.name ? (read as SearchQuery) : null;
}
