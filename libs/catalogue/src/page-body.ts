import type { Page } from '@veredicto/contract';
import { GENRES_BY_SLUG, platformName, type CatalogueFilters } from '@veredicto/db';
import type { PageQuery } from './catalogue-query.js';

/**
 * A JSON body serialised and encoded once, when it is made: a read is then written to the socket as it is,
 * without turning the same 50 games into JSON and UTF-8 again for every request.
 */
export type JsonBody = Buffer & { readonly __json: true };

export const toJson = (value: unknown) => Buffer.from(JSON.stringify(value)) as JsonBody;

/** The page query's filters as the repositories and the catalogue in memory take them. */
export const catalogueFilters = (query: PageQuery): CatalogueFilters => ({
  platform: query.platform ? platformName(query.platform) : undefined,
  spanish: query.spanish,
  genres: query.genre ? GENRES_BY_SLUG.get(query.genre)?.igdbNames : undefined,
  year: query.year,
  scored: query.scored === true,
  length: query.length,
  mature: query.mature === true,
  addons: query.addons === true,
});

const COMMA = Buffer.from(',');

/** Cards' JSON texts as the elements of a JSON array, between `before` and `after`. */
export function joinCards(before: string, cards: Buffer[], after: string): JsonBody {
  const parts: Buffer[] = [Buffer.from(before)];
  cards.forEach((card, index) => parts.push(...(index ? [COMMA, card] : [card])));
  parts.push(Buffer.from(after));
  return Buffer.concat(parts) as JsonBody;
}

/**
 * A catalogue page's body from its cards' JSON: '{"content":[...],' then the rest of the page as
 * JSON.stringify writes it, in the same key order.
 */
export function pageBody(cards: Buffer[], total: number, query: PageQuery): JsonBody {
  const page: Omit<Page<unknown>, 'content'> = {
    totalPages: Math.ceil(total / query.size),
    totalElements: total,
    page: query.page,
    size: query.size,
  };
  return joinCards('{"content":[', cards, `],${JSON.stringify(page).slice(1)}`);
}
