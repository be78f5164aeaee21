import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { Outlet, OutletAgreement, OutletCall, OutletDifferences, Page } from '@veredicto/contract';
import {
  DIFFERENCE_BIN_WIDTH,
  OutletPagesRepository,
  repository,
  type OutletCall as OutletCallRow,
  type OutletRow,
} from '@veredicto/db';
import type { JsonBody } from '../games/games.service.js';
import type { OutletPageQueryDto, OutletReviewsQueryDto } from './dto/outlet-query.dto.js';
import { presentOutlet } from './outlet.presenter.js';

/** How many of an outlet's most generous and harshest calls its page lists. */
const EXTREME_CALLS = 5;
const NOT_FOUND = 'Medio no encontrado';

function round(value: number, digits: number): number;
function round(value: number | null, digits: number): number | null;
function round(value: number | null, digits: number) {
  return value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;
}

const presentCall = (call: OutletCallRow): OutletCall => ({
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

  private get pages() {
    return repository(this.em, OutletPagesRepository);
  }

  async list(query: OutletPageQueryDto): Promise<Page<Outlet>> {
    const { rows, total } = await this.pages.findPage({
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

  async detail(slug: string): Promise<Outlet> {
    return presentOutlet(await this.find(slug));
  }

  /**
   * A page of its reviews, ready to send: `{ content, totalElements }` with the content's JSON as the
   * database wrote it (one prepared statement finds the outlet, counts and pages its reviews).
   */
  async reviews(slug: string, query: OutletReviewsQueryDto): Promise<JsonBody> {
    const page = await this.pages.reviewsPageBySlug(slug, query.page, query.size);
    if (!page) throw new NotFoundException(NOT_FOUND);
    return Buffer.from(`{"content":${page.content},"totalElements":${page.total}}`) as JsonBody;
  }

  async differences(slug: string): Promise<OutletDifferences> {
    const chart = await this.pages.differencesBySlug(slug, EXTREME_CALLS);
    if (!chart) throw new NotFoundException(NOT_FOUND);
    return {
      histogram: chart.histogram,
      binWidth: DIFFERENCE_BIN_WIDTH,
      generous: chart.generous.map(presentCall),
      harsh: chart.harsh.map(presentCall),
    };
  }

  async agreement(userId: number, slug: string): Promise<OutletAgreement> {
    const outlet = await this.find(slug);
    const row = await this.pages.agreement(userId, outlet.id);
    return {
      games: row.games,
      meanDifference: round(row.meanDifference, 1),
      meanAbsoluteDifference: round(row.meanAbsoluteDifference, 1),
      correlation: row.games >= 3 ? round(row.correlation, 2) : null,
    };
  }

  private async find(slug: string): Promise<OutletRow> {
    const outlet = await this.pages.findBySlug(slug);
    if (!outlet || outlet.reviewCount === 0) throw new NotFoundException(NOT_FOUND);
    return outlet;
  }
}
