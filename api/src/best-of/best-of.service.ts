import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable } from '@nestjs/common';
import { BEST_OF_MIN_GAMES, type BestOfLists, type BestOfRank } from '@veredicto/contract';
import { BestOfRepository, GENRES_BY_SLUG, PLATFORMS, platformName, repository } from '@veredicto/db';
import type { JsonBody } from '../games/games.service.js';
import type { BestOfQueryDto } from './dto/best-of-query.dto.js';

const platformIdOf = (name: string) => PLATFORMS.find((platform) => platform.name === name)?.id ?? null;

/** Best-of lists (section 15) and a game's places in them. */
@Injectable()
export class BestOfService {
  constructor(private readonly em: EntityManager) {}

  private get lists() {
    return repository(this.em, BestOfRepository);
  }

  /**
   * A page of a list, ready to send: its cards as the database wrote them (presentSummary's JSON byte for
   * byte) in the page's JSON, so the API neither maps nor serialises fifty cards per request.
   */
  async page(query: BestOfQueryDto): Promise<JsonBody> {
    const genre = query.genre === undefined ? undefined : GENRES_BY_SLUG.get(query.genre);
    if (query.genre !== undefined && !genre) throw new BadRequestException('genre no es un género conocido');
    const { cards, total } = await this.lists.findPage(
      { year: query.year, platform: query.platform ? platformName(query.platform) : undefined, genre },
      query.page,
      query.size,
    );
    const rest = JSON.stringify({
      totalElements: total,
      totalPages: Math.ceil(total / query.size),
      page: query.page,
      size: query.size,
    });
    return Buffer.from(`{"content":[${cards.join(',')}],${rest.slice(1)}`) as JsonBody;
  }

  /**
   * The lists worth offering: the years and their platforms with at least BEST_OF_MIN_GAMES ranked games,
   * decided from the data (the review data may stop years before today).
   */
  async offeredLists(): Promise<BestOfLists> {
    const sizes = await this.lists.listSizes(BEST_OF_MIN_GAMES);
    const years = new Map<number, BestOfLists['years'][number]>();
    for (const size of sizes) {
      if (size.platform === null) years.set(size.year, { year: size.year, games: size.games, platforms: [] });
    }
    for (const size of sizes) {
      const id = size.platform === null ? null : platformIdOf(size.platform);
      if (id) years.get(size.year)?.platforms.push({ id, games: size.games });
    }
    return { years: [...years.values()] };
  }

  /** The game's place in its year's list and in its platforms' lists of that year, best first. */
  async ranks(igdbId: number): Promise<BestOfRank[]> {
    const ranks = await this.lists.ranksOf(igdbId);
    return ranks
      .map((rank) => ({
        year: rank.year,
        platform: rank.platform && platformIdOf(rank.platform),
        rank: rank.rank,
      }))
      .filter((rank, index) => index === 0 || rank.platform !== null)
      .sort((a, b) => a.rank - b.rank);
  }
}
