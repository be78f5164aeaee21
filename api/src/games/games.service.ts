import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import { FeaturedGame, Game, MediaReview, platformName, UserReview } from '@veredicto/db';
import { MicroCache } from '../common/micro-cache.js';
import type { GamePageQueryDto } from './dto/game-query.dto.js';
import { presentDetail, presentMediaReview, presentSummary, presentUserReview } from './game.presenter.js';

const CAROUSEL_SIZE = 12;
/** Catalogue sizes change only when games are imported: counted at most every 30 s. */
const TOTALS_TTL_MS = 30_000;
const SEARCH_LIMIT = 20;

/**
 * A JSON body serialised and encoded once, when it is cached: a cached read is then written to the
 * socket as it is, without turning the same 50 games into JSON and UTF-8 again for every request.
 */
export type JsonBody = Buffer & { readonly __json: true };
const toJson = (value: unknown) => Buffer.from(JSON.stringify(value)) as JsonBody;

@Injectable()
export class GamesService {
  constructor(
    private readonly em: EntityManager,
    readonly cache: MicroCache,
  ) {}

  private readonly totals = new MicroCache(TOTALS_TTL_MS, 20);

  private get games() {
    return this.em.getRepository(Game);
  }

  findPage(query: GamePageQueryDto): Promise<JsonBody> {
    return this.cache.get(
      `all:${query.page}:${query.size}:${query.platform ?? ''}:${query.sortBy}`,
      async () => toJson(await this.loadPage(query)),
    );
  }

  private async loadPage(query: GamePageQueryDto) {
    const platform = query.platform ? platformName(query.platform) : undefined;
    const [rows, total] = await Promise.all([
      this.games.findPage({ page: query.page, size: query.size, platform, sortBy: query.sortBy }),
      this.totals.get(platform ?? 'all', () => this.games.countGames(platform)),
    ]);
    return {
      content: rows.map(presentSummary),
      totalPages: Math.ceil(total / query.size),
      totalElements: total,
      page: query.page,
      size: query.size,
    };
  }

  search(name: string): Promise<JsonBody> {
    return this.cache.get(`search:${name.trim().toLowerCase()}`, async () =>
      toJson((await this.games.search(name, SEARCH_LIMIT)).map(presentSummary)),
    );
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
  private async findKey(igdbId: number) {
    const key = await this.games.findKey(igdbId);
    if (!key) throw new NotFoundException('Juego no encontrado');
    return key;
  }

  detail(igdbId: number): Promise<JsonBody> {
    return this.cache.get(`detail:${igdbId}`, async () => {
      const game = await this.games.findDetail({ igdbId });
      if (!game) throw new NotFoundException('Juego no encontrado');
      return toJson(presentDetail(game));
    });
  }

  /** The featured game with its media reviews, or null when the operator has not chosen one. */
  async featured() {
    const featured = await this.em.findOne(FeaturedGame, { id: 1 });
    if (!featured) return null;
    const [game, reviews] = await Promise.all([
      this.games.findDetail({ id: featured.game.id }),
      this.em.getRepository(MediaReview).findForGame(featured.game.id),
    ]);
    if (!game) return null;
    return {
      ...presentDetail(game),
      imageArt: featured.imageArt || game.imageArt || null,
      reviews: reviews.map(presentMediaReview),
    };
  }

  /** Not cached: the front reads it right after the user's own rating has been counted. */
  async playerAverage(igdbId: number): Promise<number | null> {
    return (await this.findKey(igdbId)).avUserRatings;
  }

  /** Media reviews change only when a scraper job stores new ones: cached like the catalogue. */
  mediaReviews(igdbId: number): Promise<JsonBody> {
    return this.cache.get(`pro:${igdbId}`, async () => {
      const { id } = await this.findKey(igdbId);
      return toJson((await this.em.getRepository(MediaReview).findForGame(id)).map(presentMediaReview));
    });
  }

  /** Not cached: a crítico's new or edited review shows at once. */
  async userReviews(igdbId: number) {
    const { id } = await this.findKey(igdbId);
    return (await this.em.getRepository(UserReview).findForGame(id)).map(presentUserReview);
  }
}
