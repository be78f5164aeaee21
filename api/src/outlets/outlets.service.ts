import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import { OutletGameScore, type OutletCall, type OutletRow } from '@veredicto/db';
import type { OutletPageQueryDto, OutletReviewsQueryDto } from './dto/outlet-query.dto.js';
import { presentOutlet } from './outlet.presenter.js';

/** How many of an outlet's most generous and harshest calls its page lists. */
const EXTREME_CALLS = 5;

const round = (value: number | null, digits: number) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

const presentCall = (call: OutletCall) => ({
  igdbID: call.igdbId,
  title: call.title,
  score: round(call.score, 1),
  othersMean: round(call.othersMean, 1),
  othersCount: call.othersCount,
  difference: round(call.difference, 1),
});

/** Outlet pages (section 15): everything read from the figures the workers precompute. */
@Injectable()
export class OutletsService {
  constructor(private readonly em: EntityManager) {}

  private get stats() {
    return this.em.getRepository(OutletGameScore);
  }

  async list(query: OutletPageQueryDto) {
    const { rows, total } = await this.stats.findPage({
      q: query.q?.trim() || undefined,
      country: query.country?.toUpperCase(),
      language: query.language?.toLowerCase(),
      page: query.page,
      size: query.size,
    });
    return {
      content: rows.map(presentOutlet),
      totalElements: total,
      totalPages: Math.ceil(total / query.size),
      page: query.page,
      size: query.size,
    };
  }

  async detail(slug: string) {
    return presentOutlet(await this.find(slug));
  }

  async reviews(slug: string, query: OutletReviewsQueryDto) {
    const outlet = await this.find(slug);
    const { rows, total } = await this.stats.reviewsPage(outlet.name, query.page, query.size);
    return {
      content: rows.map((row) => ({
        igdbID: row.igdbId,
        title: row.title,
        rating: row.rating,
        date: row.date,
      })),
      totalElements: total,
    };
  }

  async differences(slug: string) {
    const outlet = await this.find(slug);
    const [histogram, generous, harsh] = await Promise.all([
      this.stats.differenceHistogram(outlet.id),
      this.stats.extremeCalls(outlet.id, 'generous', EXTREME_CALLS),
      this.stats.extremeCalls(outlet.id, 'harsh', EXTREME_CALLS),
    ]);
    return { histogram, binWidth: 5, generous: generous.map(presentCall), harsh: harsh.map(presentCall) };
  }

  async agreement(userId: number, slug: string) {
    const outlet = await this.find(slug);
    const row = await this.stats.agreement(userId, outlet.id);
    return {
      games: row.games,
      meanDifference: round(row.meanDifference, 1),
      meanAbsoluteDifference: round(row.meanAbsoluteDifference, 1),
      correlation: row.games >= 3 ? round(row.correlation, 2) : null,
    };
  }

  private async find(slug: string): Promise<OutletRow> {
    const outlet = await this.stats.findBySlug(slug);
    if (!outlet || outlet.reviewCount === 0) throw new NotFoundException('Medio no encontrado');
    return outlet;
  }
}
