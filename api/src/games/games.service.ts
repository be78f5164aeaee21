import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import {
  catalogueFilters,
  joinCards,
  type CatalogueMemory,
  pageBody,
  readPageQuery,
  readSearchQuery,
  toJson,
  type JsonBody,
  type PageQuery,
} from '@veredicto/catalogue';
import {
  FeaturedGame,
  Game,
  GameLanguage,
  GameSearchRepository,
  MediaReview,
  normalizeSearchText,
  PriceOffer,
  Rating,
  repository,
  TimeToBeatRepository,
  UnusualActivityWindow,
  UserReview,
  type SearchPageQuery,
} from '@veredicto/db';
import {
  SEARCH_HEADERS,
  suggestionMarks,
  type GameSuggestion,
  type UserReviewSort,
} from '@veredicto/contract';
import { DID_YOU_MEAN_LEAST_LENGTH, matchGames, searchGames } from '@veredicto/search';
import { MicroCache } from '../common/micro-cache.js';
import { StampedAnswers } from '../common/stamped-answers.js';
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
import type { LaneAnswer } from '../common/read-lanes.middleware.js';
import { SearchIndexService } from './search-index.service.js';
import { SearchMissCounter } from './search-miss-counter.js';
import { presentTimeToBeat } from './time-to-beat.presenter.js';

/**
 * The read cache's keys of one game's reads that show its player figures: what the completion of its
 * recalculation drops (WorkerChangesListener), leaving every other cached read in place.
 */
export const gameReadKeys = (igdbId: number) => ({
  detail: `detail:${igdbId}`,
  timeline: `timeline:${igdbId}`,
});

const CAROUSEL_SIZE = 12;
const SUGGESTION_LIMIT = 8;

export type { JsonBody };

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
    [SEARCH_HEADERS.total]: String(answer.total),
    ...(answer.didYouMean ? { [SEARCH_HEADERS.didYouMean]: encodeURIComponent(answer.didYouMean) } : {}),
  };
}

/** What a search reads of its query (SearchQueryDto, validated). */
/** A search narrowed by the Spanish or the length filter: finding nothing says nothing of the title. */
const isFiltered = (query: Pick<SearchPageQuery, 'spanish' | 'length'>) =>
  query.spanish !== undefined || query.length !== undefined;

type SearchQuery = Pick<SearchQueryDto, 'name' | 'page' | 'size' | 'spanish' | 'length' | 'mature'>;

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

  /**
   * The search lane's answers by query string while the read model is unchanged: a search asked again
   * skips reading its query, normalising its text and asking the read cache (a tenth of its CPU time).
   */
  private readonly laneSearches = new StampedAnswers<{ answer: LaneAnswer; miss: string | null }>(
    16 * 2 ** 20,
  );

  private get games() {
    return this.em.getRepository(Game);
  }

  /**
   * A catalogue page: from the catalogue in memory when it is loaded (CatalogueMemoryService; a slice of
   * its list, no database round trip and nothing to cache), else from the database through the read cache.
   */
  async findPage(query: GamePageQueryDto): Promise<JsonBody> {
    const memory = await this.catalogueMemory.current();
    if (memory) return this.pageOf(memory, query);
    const filters = `${query.platform ?? ''}:${query.spanish ?? ''}:${query.genre ?? ''}:${query.year ?? ''}:${query.scored === true}:${query.length ?? ''}:${query.mature === true}:${query.addons === true}`;
    return this.cache.get(`all:${query.page}:${query.size}:${filters}:${query.sortBy}`, () =>
      this.loadPage(query),
    );
  }

  /**
   * The catalogue's read lane (bootstrap.ts): the page of a plainly written query string from the
   * catalogue in memory, known by the catalogue's stamp (its body is made, and compressed, only when the
   * stamp has changed); after a clear, once the read it owes is done. Null lets the application answer
   * (a query not written plainly, or no catalogue in memory).
   */
  pageFromMemory(query: string): LaneAnswer | Promise<LaneAnswer | null> | null {
    const read = readPageQuery(query);
    if (!read) return null;
    const answer = (memory: CatalogueMemory | null): LaneAnswer | null =>
      memory && { stamp: memory.stamp, body: () => this.pageOf(memory, read) };
    const ready = this.catalogueMemory.ready();
    return ready ? answer(ready) : this.catalogueMemory.current().then(answer);
  }

  private pageOf(memory: CatalogueMemory, query: PageQuery): JsonBody {
    const { total, cards } = memory.page(query.sortBy, catalogueFilters(query), query.page, query.size);
    return pageBody(cards, total, query);
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
    const key = `search:${term}:${query.page}:${query.size}:${query.spanish ?? ''}:${query.length ?? ''}:${mature}`;
    const filtered = isFiltered(query);
    // Made from the read model alone, a search page stays cached for as long as the model is unchanged.
    const [memory, loaded] = await Promise.all([this.catalogueMemory.current(), this.searchIndex.current()]);
    const stamp = memory && loaded ? `${memory.stamp}|${this.searchIndex.stamp}` : undefined;
    const answer = await this.cache.get(
      key,
      async () => {
        const { page, size, spanish, length } = query;
        const inMemory = await this.searchInMemory(query.name, { page, size, spanish, length, mature });
        if (inMemory) return inMemory;
        const found = await this.searchIndex.search((index) =>
          searchGames(this.em, query.name, { page, size, spanish, length, mature }, index),
        );
        // With the Spanish or length filter an empty answer says nothing of the title (it may exist without
        // castellano voices or texts, or of another length): no '¿Quizás buscabas…?', whose trigram scan is
        // the search's dearest statement.
        const didYouMean =
          found.total === 0 && !filtered ? await this.searchIndex.didYouMean(query.name, mature) : null;
        return { body: toJson(found.rows.map(presentSummary)), total: found.total, didYouMean };
      },
      stamp,
    );
    // Every search that finds nothing is counted, cached or not, in memory and written within a second; a
    // failure to count never fails the search. A filtered one is no miss of the catalogue.
    if (answer.total === 0 && term && !filtered) this.misses.count(term);
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
    if (found.total === 0 && !isFiltered(query) && normalized.length >= DID_YOU_MEAN_LEAST_LENGTH) {
      const closest = this.searchIndex.closestGame(normalized, query.mature === true);
      const card = closest ? memory.cardOf(closest) : undefined;
      if (closest && !card) return null;
      didYouMean = card ? (JSON.parse(card.toString()) as { title: string }).title : null;
    }
    return { body: joinCards('[', cards, ']'), total: found.total, didYouMean };
  }

  /**
   * The search's read lane (bootstrap.ts): the answer to a plainly written search query string, the
   * controller's own (the same search, read cache and count of misses), known by its cached body; null
   * lets the application answer.
   */
  searchFromLane(query: string): LaneAnswer | Promise<LaneAnswer> | null {
    const stamp = this.readModelStamp();
    const known = stamp === undefined ? undefined : this.laneSearches.get(stamp, query);
    if (known) {
      // The same answer as search() would give (its read cache keeps it under the same stamp), counted alike.
      if (known.miss) this.misses.count(known.miss);
      return known.answer;
    }
    const read = readSearchQuery(query);
    if (!read) return null;
    return this.search(read).then((answer) => {
      const laneAnswer: LaneAnswer = {
        stamp: answer.body,
        body: () => answer.body,
        headers: searchHeaders(answer),
      };
      const term = normalizeSearchText(read.name);
      const miss = answer.total === 0 && term && !isFiltered(read) ? term : null;
      // Kept only when the read model was ready before and after: the answer is the one of that stamp.
      if (stamp !== undefined && this.readModelStamp() === stamp)
        this.laneSearches.set(stamp, query, { answer: laneAnswer, miss }, answer.body.length);
      return laneAnswer;
    });
  }

  /** The read model's stamp when both halves are loaded and owe no read: else undefined. */
  private readModelStamp(): string | undefined {
    const memory = this.catalogueMemory.ready();
    return memory && this.searchIndex.ready() ? `${memory.stamp}|${this.searchIndex.stamp}` : undefined;
  }

  /** The search box's suggestions while typing: the first results of the same search. */
  suggest(text: string): Promise<JsonBody> {
    return this.cache.get(`suggest:${normalizeSearchText(text)}`, async () => {
      const found = await this.searchIndex.search((index) =>
        searchGames(this.em, text, { page: 0, size: SUGGESTION_LIMIT }, index),
      );
      const addons = await repository(this.em, GameSearchRepository).addonsAmong(
        found.rows.map((game) => game.id),
      );
      const marks = suggestionMarks(
        found.rows.map((game) => ({
          title: game.title,
          releaseDate: game.releaseDate,
          addon: addons.has(game.id),
        })),
      );
      return toJson(
        found.rows.map((game, index): GameSuggestion => ({
          igdbID: game.igdbId,
          slug: game.slug,
          title: game.title,
          imageCover: game.imageCover,
          releaseDate: game.releaseDate,
          platform: game.platforms,
          mark: marks[index],
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
    return this.cache.get(gameReadKeys(igdbId).detail, async () => {
      const game = orGameNotFound(await this.games.findDetail({ igdbId }));
      const [languages, unusual, timeToBeat, steamSpanish] = await Promise.all([
        this.em.getRepository(GameLanguage).findForGame(game.id),
        this.unusualOf(game.id, game.playerStats.average),
        repository(this.em, TimeToBeatRepository).findForGame(game.id),
        this.em.getRepository(PriceOffer).steamSpanish(igdbId),
      ]);
      return toJson({
        ...presentDetail(game, languages, unusual),
        timeToBeat: presentTimeToBeat(timeToBeat),
        steamSpanish,
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
    return this.cache.get(gameReadKeys(igdbId).timeline, async () => {
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
   * Not cached: the front reads it right after the user's own rating. The ratings as they are give the
   * figure, so the new score is counted whether or not the worker's recalculation has run.
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
