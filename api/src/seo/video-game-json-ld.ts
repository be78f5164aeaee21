import { spanishGenres, type Game } from '@veredicto/db';

type JsonLd = Record<string, unknown>;

const organizations = (names: string[]) => names.map((name) => ({ '@type': 'Organization', name }));

/** ISO 8601 as precise as the date is known: '2026', '2026-03' or '2026-03-14'. */
function publishedDate(game: Pick<Game, 'releaseDate' | 'releaseDatePrecision'>): string | undefined {
  if (!game.releaseDate) return undefined;
  if (game.releaseDatePrecision === 'year' || game.releaseDatePrecision === 'quarter')
    return game.releaseDate.slice(0, 4);
  if (game.releaseDatePrecision === 'month') return game.releaseDate.slice(0, 7);
  return game.releaseDate;
}

/**
 * schema.org `VideoGame` of a game page, so search engines show its facts and stars. The rating is the
 * critic average (what the page leads with), else the players' average; both are 0-100 with their counts.
 */
export function videoGameJsonLd(game: Game, pageUrl: string): JsonLd {
  const rating =
    game.avRatings !== null && game.avRatings !== undefined && game.criticReviewCount > 0
      ? { value: game.avRatings, count: game.criticReviewCount }
      : game.avUserRatings !== null && game.avUserRatings !== undefined && game.userRatingCount > 0
        ? { value: game.avUserRatings, count: game.userRatingCount }
        : null;
  const genres = spanishGenres(game.genresEs, game.genres);
  const description = game.summaryEs ?? game.summary;
  const entries: [string, unknown][] = [
    ['@context', 'https://schema.org'],
    ['@type', 'VideoGame'],
    ['name', game.title],
    ['alternateName', game.titleEs ?? undefined],
    ['url', pageUrl],
    ['image', game.imageCover ?? undefined],
    ['description', description ?? undefined],
    ['inLanguage', description ? (game.summaryEs ? 'es' : 'en') : undefined],
    ['genre', genres.length ? genres : undefined],
    ['gamePlatform', game.platforms.length ? game.platforms : undefined],
    ['datePublished', publishedDate(game)],
    ['author', game.developers.length ? organizations(game.developers) : undefined],
    ['publisher', game.publishers.length ? organizations(game.publishers) : undefined],
    [
      'aggregateRating',
      rating
        ? {
            '@type': 'AggregateRating',
            ratingValue: rating.value,
            bestRating: 100,
            worstRating: 0,
            ratingCount: rating.count,
          }
        : undefined,
    ],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}
