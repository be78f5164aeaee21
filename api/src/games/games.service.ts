import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import {
  FeaturedGame,
  Game,
  MediaReview,
  platformName,
  UserReview,
} from '../../../libs/db/src/index.js';
import type { GamePageQueryDto } from './dto/game-query.dto.js';
import {
  presentDetail,
  presentMediaReview,
  presentSummary,
  presentUserReview,
} from './game.presenter.js';

const CAROUSEL_SIZE = 12;
const SEARCH_LIMIT = 20;

@Injectable()
export class GamesService {
  constructor(private readonly em: EntityManager) {}

  private get games() {
    return this.em.getRepository(Game);
  }

  async findPage(query: GamePageQueryDto) {
    const { rows, total } = await this.games.findPage({
      page: query.page,
      size: query.size,
      platform: query.platform ? platformName(query.platform) : undefined,
      sortBy: query.sortBy,
    });
    return {
      content: rows.map(presentSummary),
      totalPages: Math.ceil(total / query.size),
      totalElements: total,
      page: query.page,
      size: query.size,
    };
  }

  async search(name: string) {
    return (await this.games.search(name, SEARCH_LIMIT)).map(presentSummary);
  }

  async best() {
    const since = new Date();
    since.setUTCFullYear(since.getUTCFullYear() - 1);
    return (await this.games.findBest(CAROUSEL_SIZE, since.toISOString().slice(0, 10))).map(presentSummary);
  }

  async latest() {
    return (await this.games.findLatest(CAROUSEL_SIZE)).map(presentSummary);
  }

  async upcoming() {
    return (await this.games.findUpcoming(CAROUSEL_SIZE)).map(presentSummary);
  }

  async findGame(igdbId: number): Promise<Game> {
    const game = await this.games.findOne({ igdbId });
    if (!game) throw new NotFoundException('Juego no encontrado');
    return game;
  }

  async detail(igdbId: number) {
    return presentDetail(await this.findGame(igdbId));
  }

  /** The featured game with its media reviews, or null when the operator has not chosen one. */
  async featured() {
    const featured = await this.em.findOne(FeaturedGame, { id: 1 }, { populate: ['game'] });
    if (!featured) return null;
    const reviews = await this.em.getRepository(MediaReview).findForGame(featured.game.id);
    return {
      ...presentDetail(featured.game),
      imageArt: featured.imageArt || featured.game.imageArt || null,
      reviews: reviews.map(presentMediaReview),
    };
  }

  async playerAverage(igdbId: number): Promise<number | null> {
    return (await this.findGame(igdbId)).avUserRatings ?? null;
  }

  async mediaReviews(igdbId: number) {
    const game = await this.findGame(igdbId);
    return (await this.em.getRepository(MediaReview).findForGame(game.id)).map(presentMediaReview);
  }

  async userReviews(igdbId: number) {
    const game = await this.findGame(igdbId);
    return (await this.em.getRepository(UserReview).findForGame(game.id)).map(presentUserReview);
  }
}
