import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import {
  FeaturedGame,
  GENRES_BY_SLUG,
  Game,
  GameLanguage,
  MediaReview,
  normalizeSearchText,
  Rating,
  platformName,
  TimeToBeatRepository,
  UnusualActivityWindow,
  UserReview,
  type CatalogueFilters,
  type SearchPageQuery,
  type UserReviewSort,
} from '@veredicto/db';
import type { Page } from '@veredicto/contract';
import { DID_YOU_MEAN_LEAST_LENGTH, matchGames, searchGames } from '@veredicto/search';
import { MicroCache } from '../common/micro-cache.js';
import type { GamePageQueryDto, SearchQueryDto } from './dto/game-query.dto.js';
import { findGameOr404, GAME_NOT_FOUND, orGameNotFound } from './game-lookup.js';
import {
  presentDetail,
  presentMediaReview,
  presentSummary,
  presentUserReview,
  type PlayerUnusual,
} from './game.presenter.js';
import { CatalogueIndexService } from './catalogue-index.service.js';
import { CatalogueMemoryService } from './catalogue-memory.service.js';
import { readPageQuery, readSearchQuery } from './catalogue-lane.js';
import type { LaneAnswer } from '../common/front-door.js';
import { SearchIndexService } from './search-index.service.js';
import { SearchMissCounter } from './search-miss-counter.js';
import { presentTimeToBeat } from './time-to-beat.presenter.js';

const CAROUSEL_SIZE = 12;
const SUGGESTION_LIMIT = 8;

/**
 * A JSON body serialised and encoded once, when it is cached: a cached read is then written to the
 * socket as it is, without turning the same 50 games into JSON and UTF-8 again for every request.
 */
export type JsonBody = Buffer & { readonly __json: true };
const toJson = (value: unknown) => Buffer.from(JSON.stringify(value)) as JsonBody;

/** A page of search results, ready to send, with what goes in its headers. */
export interface SearchAnswer {
  body: JsonBody;
  total: number;
  /** When nothing matched: the closest well-known title ('¿Quizás buscabas…?'), or null. */
  didYouMean: string | null;
}

/** The headers of a search's answer: the count of every match, and '¿Quizás buscabas…?' when there is one. */
export function searchHeaders(answer: SearchAnswer): Record<string, string> {
  return {
    'X-Total-Count': String(answer.total),
    ...(answer.didYouMean ? { 'X-Did-You-Mean': encodeURIComponent(answer.didYouMean) } : {}),
  };
}

/** What a search reads of its query (SearchQueryDto, validated). */
type SearchQuery = Pick<SearchQueryDto, 'name' | 'page' | 'size' | 'spanish' | 'mature'>;

/** The page query's filters as the repositories and the catalogue in memory take them. */
type PageQuery = NonNullable<ReturnType<typeof readPageQuery>>;

const catalogueFilters = (query: PageQuery): CatalogueFilters => ({
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
function joinCards(before: string, cards: Buffer[], after: string): JsonBody {
  const parts: Buffer[] = [Buffer.from(before)];
  cards.forEach((card, index) => parts.push(...(index ? [COMMA, card] : [card])));
  parts.push(Buffer.from(after));
  return Buffer.concat(parts) as JsonBody;
}

/**
 * A catalogue page's body from its cards' JSON: '{"content":[...],' then the rest of the page as
 * JSON.stringify writes it, in the same key order.
 */
function pageBody(cards: Buffer[], total: number, query: PageQuery): JsonBody {
  const page: Omit<Page<unknown>, 'content'> = {
    totalPages: Math.ceil(total / query.size),
    totalElements: total,
    page: query.page,
    size: query.size,
  };
  return joinCards('{"content":[', cards, `],${JSON.stringify(page).slice(1)}`);
}

@Injectable()
export class GamesService {
  constructor(
    private readonly em: EntityManager,
    readonly cache: MicroCache,
    private readonly searchIndex: SearchIndexService,
    private readonly catalogueIndex: CatalogueIndexService,
    private readonly misses: SearchMissCounter,
    private readonly catalogueMemory: CatalogueMemoryService,
  ) {}

  private get games() {
    return this.em.getRepository(Game);
  }

  /**
   * A catalogue page: from the catalogue in memory when it is loaded (CatalogueMemoryService; a slice of
   * its list, no database round trip and nothing to cache), else from the database through the read cache.
   */
  async findPage(query: GamePageQueryDto): Promise<JsonBody> {
    const memory = await this.catalogueMemory.current();
    if (memory) {
      const { total, cards } = memory.page(query.sortBy, catalogueFilters(query), query.page, query.size);
      return pageBody(cards, total, query);
    }
    const filters = `${query.platform ?? ''}:${query.spanish ?? ''}:${query.genre ?? ''}:${query.year ?? ''}:${query.scored === true}:${query.length ?? ''}:${query.mature === true}:${query.addons === true}`;
    return this.cache.get(`all:${query.page}:${query.size}:${filters}:${query.sortBy}`, () =>
      this.loadPage(query),
    );
  }

  /**
   * The front door's catalogue lane (bootstrap.ts): the page of a plainly written query string, from the
   * catalogue in memory when it is loaded and has read every change the read cache was cleared for; null
   * lets the application answer.
   */
  pageFromMemory(query: string): JsonBody | null {
    const memory = this.catalogueMemory.ready();
    const read = memory && readPageQuery(query);
    if (!memory || !read) return null;
    const { total, cards } = memory.page(read.sortBy, catalogueFilters(read), read.page, read.size);
    return pageBody(cards, total, read);
  }

  /**
   * A catalogue page's body: its cards as the database wrote them (GameRepository.findPage) in the page,
   * read from the nearest keyset anchor the workers stored for its ordering (CatalogueIndexService).
   */
  private async loadPage(query: GamePageQueryDto): Promise<JsonBody> {
    const filters = catalogueFilters(query);
    const index = await this.catalogueIndex.indexOf(query.sortBy, filters);
    const cards = await this.games.findPage(
      { page: query.page, size: query.size, sortBy: query.sortBy, ...filters },
      index,
    );
    return pageBody(
      cards.map((card) => Buffer.from(card)),
      index.total,
      query,
    );
  }

  async search(query: SearchQuery): Promise<SearchAnswer> {
    const term = normalizeSearchText(query.name);
    const mature = query.mature === true;
    const key = `search:${term}:${query.page}:${query.size}:${query.spanish ?? ''}:${mature}`;
    const answer = await this.cache.get(key, async () => {
      const { page, size, spanish } = query;
      const inMemory = await this.searchInMemory(query.name, { page, size, spanish, mature });
      if (inMemory) return inMemory;
      const found = await this.searchIndex.search((index) =>
        searchGames(this.em, query.name, { page, size, spanish, mature }, index),
      );
      // With the Spanish filter an empty answer says nothing of the title (it may exist without castellano
      // voices or texts): no '¿Quizás buscabas…?', whose trigram scan is the search's dearest statement.
      const didYouMean =
        found.total === 0 && !spanish ? await this.searchIndex.didYouMean(query.name, mature) : null;
      return { body: toJson(found.rows.map(presentSummary)), total: found.total, didYouMean };
    });
    // Every search that finds nothing is counted, cached or not, in memory and written within a second; a
    // failure to count never fails the search. A filtered one is no miss of the catalogue.
    if (answer.total === 0 && term && !query.spanish) this.misses.count(term);
    return answer;
  }

  /**
   * A search page with no database round trip: its games found in the search index and their cards read
   * from the catalogue in memory (as presentSummary writes them), both as fresh as the read cache; the
   * '¿Quizás buscabas…?' title from the index and the card. Null when either is not loaded, or when the
   * index holds a game the catalogue has not read yet (the database's rows answer then).
   */
  private async searchInMemory(text: string, query: SearchPageQuery): Promise<SearchAnswer | null> {
    const [memory, index] = await Promise.all([this.catalogueMemory.current(), this.searchIndex.current()]);
    if (!memory || !index) return null;
    const found = await matchGames(index, text, query);
    const cards: Buffer[] = [];
    for (const id of found.gameIds) {
      const card = memory.cardOf(id);
      if (!card) return null;
      cards.push(card);
    }
    let didYouMean: string | null = null;
    const normalized = normalizeSearchText(text);
    if (found.total === 0 && !query.spanish && normalized.length >= DID_YOU_MEAN_LEAST_LENGTH) {
      const closest = this.searchIndex.closestGame(normalized, query.mature === true);
      const card = closest ? memory.cardOf(closest) : undefined;
      if (closest && !card) return null;
      didYouMean = card ? (JSON.parse(card.toString()) as { title: string }).title : null;
    }
    return { body: joinCards('[', cards, ']'), total: found.total, didYouMean };
  }

  /**
   * The front door's search lane (bootstrap.ts): the answer to a plainly written search query string, the
   * controller's own (the same search, read cache and count of misses); null lets the application answer.
   */
  searchFromLane(query: string): Promise<LaneAnswer> | null {
    const read = readSearchQuery(query);
    if (!read) return null;
    return this.search(read).then((answer) => ({ body: answer.body, headers: searchHeaders(answer) }));
  }

  /** The search box's suggestions while typing: the first results of the same search. */
  suggest(text: string): Promise<JsonBody> {
    return this.cache.get(`suggest:${normalizeSearchText(text)}`, async () => {
      const found = await this.searchIndex.search((index) =>
        searchGames(this.em, text, { page: 0, size: SUGGESTION_LIMIT }, index),
      );
      return toJson(
        found.rows.map((game) => ({
          igdbID: game.igdbId,
          slug: game.slug,
          title: game.title,
          imageCover: game.imageCover,
          releaseDate: game.releaseDate,
          platform: game.platforms,
        })),
      );
    });
  }

  best(): Promise<JsonBody> {
    return this.cache.get('best', async () => toJson(await this.loadBest()));
  }

  private async loadBest() {
    const since = new Date();
    since.setUTCFullYear(since.getUTCFullYear() - 1);
    return (await this.games.findBest(CAROUSEL_SIZE, since.toISOString().slice(0, 10))).map(presentSummary);
  }

  latest(): Promise<JsonBody> {
    return this.cache.get('last', async () =>
      toJson((await this.games.findLatest(CAROUSEL_SIZE)).map(presentSummary)),
    );
  }

  upcoming(): Promise<JsonBody> {
    return this.cache.get('upcoming', async () =>
      toJson((await this.games.findUpcoming(CAROUSEL_SIZE)).map(presentSummary)),
    );
  }

  /** The internal id and player average of a game; 404 when no game has this IGDB id. */
  private findKey(igdbId: number) {
    return findGameOr404(this.em, igdbId);
  }

  detail(igdbId: number): Promise<JsonBody> {
    return this.cache.get(`detail:${igdbId}`, async () => {
      const game = orGameNotFound(await this.games.findDetail({ igdbId }));
      const [languages, unusual, timeToBeat] = await Promise.all([
        this.em.getRepository(GameLanguage).findForGame(game.id),
        this.unusualOf(game.id, game.playerStats.average),
        new TimeToBeatRepository(this.em).findForGame(game.id),
      ]);
      return toJson({
        ...presentDetail(game, languages, unusual),
        timeToBeat: presentTimeToBeat(timeToBeat),
      });
    });
  }

  /** The flagged windows of the game and, when there are some, the average with their ratings. */
  private async unusualOf(gameId: number, average: number | null): Promise<PlayerUnusual> {
    const windows = this.em.getRepository(UnusualActivityWindow);
    const unusual = await windows.findShown(gameId);
    const excluded = unusual.some((window) => window.excluded > 0);
    return {
      unusual,
      averageWithUnusual: excluded ? await windows.findAverageWithUnusual(gameId) : average,
    };
  }

  /** The game's ratings per week, for the chart that shades the windows of unusual activity. */
  playerTimeline(igdbId: number): Promise<JsonBody> {
    return this.cache.get(`timeline:${igdbId}`, async () => {
      const { id } = await this.findKey(igdbId);
      return toJson(await this.em.getRepository(UnusualActivityWindow).findTimeline(id));
    });
  }

  /** The featured game with its media reviews, or null when the operator has not chosen one. */
  async featured() {
    const featured = await this.em.findOne(FeaturedGame, { id: 1 });
    if (!featured) return null;
    const [game, reviews, languages] = await Promise.all([
      this.games.findDetail({ id: featured.game.id }),
      this.em.getRepository(MediaReview).findForGame(featured.game.id),
      this.em.getRepository(GameLanguage).findForGame(featured.game.id),
    ]);
    if (!game) return null;
    return {
      ...presentDetail(game, languages, await this.unusualOf(game.id, game.playerStats.average)),
      imageArt: featured.imageArt || game.imageArt || null,
      reviews: reviews.map(presentMediaReview),
    };
  }

  /**
   * Not cached: the front reads it right after the user's own rating. While the worker's recalculation is
   * late (or no worker runs) the ratings as they are give the figure, so the new score is already counted.
   */
  async playerAverage(igdbId: number): Promise<number | null> {
    const { id } = await this.findKey(igdbId);
    const average = await this.em.getRepository(Rating).findCurrentPlayerAverage(id);
    if (average === undefined) throw new NotFoundException(GAME_NOT_FOUND);
    return average;
  }

  /** Media reviews change only when a scraper job stores new ones: cached like the catalogue. */
  mediaReviews(igdbId: number): Promise<JsonBody> {
    return this.cache.get(`pro:${igdbId}`, async () => {
      const { id } = await this.findKey(igdbId);
      return toJson((await this.em.getRepository(MediaReview).findForGame(id)).map(presentMediaReview));
    });
  }

  /** Not cached: a crítico's new or edited review shows at once. */
  async userReviews(igdbId: number, sort: UserReviewSort = 'helpful') {
    const { id } = await this.findKey(igdbId);
    return (await this.em.getRepository(UserReview).findForGame(id, sort)).map(presentUserReview);
  }
}
