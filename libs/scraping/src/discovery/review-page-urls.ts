import type { DiscoveryOrigin } from '@veredicto/contract';
import { siteHost } from '../html/page-url.js';

/** A page that may hold a game's critic reviews, and where the discovery job got its address. */
export interface CandidatePage {
  url: string;
  origin: DiscoveryOrigin;
}

/** A page left out before it is fetched, with the reason (Spanish, for the admin screen). */
export interface RefusedCandidate extends CandidatePage {
  reason: string;
}

/** Where the aggregators live (a test points them at a local site). */
export interface AggregatorSites {
  metacritic: string;
  opencritic: string;
}

/**
 * The slug both aggregators make of a title: lower case, accents dropped, apostrophes, periods and '&'
 * dropped ('Baldur's Gate 3' → baldurs-gate-3, 'Ratchet & Clank: Rift Apart' → ratchet-clank-rift-apart),
 * any other run of signs a hyphen.
 */
export function aggregatorSlug(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’.&]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const base = (site: string) => site.replace(/\/+$/, '');

/** Metacritic's critic-reviews page of a game: /game/{slug}/critic-reviews/. */
export function metacriticReviewsUrl(sites: AggregatorSites, title: string): string {
  return `${base(sites.metacritic)}/game/${aggregatorSlug(title)}/critic-reviews/`;
}

/** OpenCritic's reviews page: /game/{id}/{slug}/reviews. Its numeric id is not in the title. */
export function opencriticReviewsUrl(sites: AggregatorSites, id: number, title: string): string {
  return `${base(sites.opencritic)}/game/${id}/${aggregatorSlug(title)}/reviews`;
}

const OPENCRITIC_GAME = /^\/game\/(\d+)(?:\/|$)/;
const METACRITIC_GAME = /^\/game\/(?:[a-z0-9-]+\/)?([a-z0-9][a-z0-9-]*)\/?/;

/** OpenCritic's id of the game, read from a link already known (a review's, an IGDB website). */
export function opencriticId(links: readonly string[]): number | null {
  for (const link of links) {
    if (siteHost(link) !== 'opencritic.com') continue;
    const match = OPENCRITIC_GAME.exec(new URL(link).pathname);
    if (match) return Number(match[1]);
  }
  return null;
}

/**
 * The pages where a game's critic reviews may be: Metacritic's from the title, OpenCritic's when a known
 * link gives its id, the IGDB websites that are an aggregator's or a registry outlet's pages, and the
 * registry outlets' articles that read as a review of it. What cannot hold its reviews is refused with
 * the reason.
 */
export function candidatePages(input: {
  title: string;
  sites: AggregatorSites;
  knownLinks: readonly string[];
  igdbWebsites: readonly string[];
  outletDomains: readonly string[];
  outletArticles: readonly string[];
}): { candidates: CandidatePage[]; refused: RefusedCandidate[] } {
  const candidates: CandidatePage[] = [
    { url: metacriticReviewsUrl(input.sites, input.title), origin: 'metacritic' },
  ];
  const refused: RefusedCandidate[] = [];
  const id = opencriticId([...input.knownLinks, ...input.igdbWebsites]);
  if (id !== null) {
    candidates.push({ url: opencriticReviewsUrl(input.sites, id, input.title), origin: 'opencritic' });
  } else {
    refused.push({
      url: `${base(input.sites.opencritic)}/game/?/${aggregatorSlug(input.title)}/reviews`,
      origin: 'opencritic',
      reason: 'OpenCritic: sus direcciones llevan un número de juego que ni el título ni IGDB dan',
    });
  }
  const outlets = new Set(input.outletDomains.map((domain) => domain.replace(/^www\./, '').toLowerCase()));
  for (const website of input.igdbWebsites) {
    const host = siteHost(website);
    if (host === 'metacritic.com') {
      const match = METACRITIC_GAME.exec(new URL(website).pathname);
      if (match) {
        candidates.push({
          url: `${base(input.sites.metacritic)}/game/${match[1]}/critic-reviews/`,
          origin: 'igdb',
        });
        continue;
      }
    }
    if (host === 'opencritic.com') continue; // Its id is taken above.
    if (host && outlets.has(host)) candidates.push({ url: website, origin: 'igdb' });
    else {
      refused.push({
        url: website,
        origin: 'igdb',
        reason: 'IGDB: no es una página de críticas (web oficial, tienda o red social)',
      });
    }
  }
  for (const article of input.outletArticles) {
    const host = siteHost(article);
    if (host && outlets.has(host)) candidates.push({ url: article, origin: 'outlet' });
  }
  const seen = new Set<string>();
  return {
    candidates: candidates.filter((candidate) => !seen.has(candidate.url) && seen.add(candidate.url)),
    refused,
  };
}
