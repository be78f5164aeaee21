import { CATALOGUE_PAGE_SIZE, GENRE_SLUGS, PLATFORM_IDS } from '@veredicto/contract';
import type { GamePageQueryDto } from './dto/game-query.dto.js';
import { MAX_PAGE_SIZE, SORT_FIELDS, SPANISH_FILTERS } from './dto/game-query.dto.js';

type PageQuery = Pick<
  GamePageQueryDto,
  'page' | 'size' | 'sortBy' | 'platform' | 'spanish' | 'genre' | 'year' | 'scored' | 'mature' | 'addons'
>;

const INTEGER = /^(0|[1-9][0-9]{0,5})$/;
const BOOLEANS: Record<string, boolean> = { true: true, false: false };
const SORTS: ReadonlySet<string> = new Set(SORT_FIELDS);
const PLATFORMS: ReadonlySet<string> = new Set(PLATFORM_IDS);
const SPANISH: ReadonlySet<string> = new Set(SPANISH_FILTERS);
const GENRES: ReadonlySet<string> = new Set(Object.keys(GENRE_SLUGS));

/**
 * A catalogue page's query string as GamePageQueryDto's validation reads it, for the queries written the
 * plain way (each parameter once, numbers in decimal without signs or leading zeros, nothing percent-encoded,
 * no parameter the DTO does not know); null for anything else, which the application validates and
 * answers (a 400 in Spanish, or the same page). catalogue-lane.spec.ts holds every answer it gives equal
 * to the validation pipe's.
 */
export function readPageQuery(query: string): PageQuery | null {
  const read: PageQuery = { page: 0, size: CATALOGUE_PAGE_SIZE, sortBy: 'releaseDate' };
  const seen = new Set<string>();
  if (query === '') return read;
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    if (equals <= 0) return null;
    const name = pair.slice(0, equals);
    const value = pair.slice(equals + 1);
    if (seen.has(name) || value === '') return null;
    seen.add(name);
    switch (name) {
      case 'page':
      case 'size':
      case 'year': {
        if (!INTEGER.test(value)) return null;
        const number = Number(value);
        if (name === 'page' && number > 100_000) return null;
        if (name === 'size' && (number < 1 || number > MAX_PAGE_SIZE)) return null;
        if (name === 'year' && (number < 1950 || number > 2100)) return null;
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
