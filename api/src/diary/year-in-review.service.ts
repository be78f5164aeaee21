import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import { siteUrl, yearImageRoute } from '@veredicto/contract';
import { repository, YearReviewRepository } from '@veredicto/db';
import { createHash } from 'node:crypto';
import type { YearResponse } from './dto/profile.dto.js';
import { ProfilesService } from './profiles.service.js';
import { renderYearImage } from './year-image.js';
import {
  currentYear,
  FIRST_REVIEW_YEAR,
  parseReviewYear,
  summariseYear,
  type YearSummary,
} from './year-in-review.js';

/** How many ratings of the year are read to pick the best rated (the completed games add theirs). */
const RATINGS_READ = 20;
/** Rendered images kept in memory: each is some 30 KB, and most are asked again by several previews. */
const IMAGE_CACHE_SIZE = 200;

export interface YearImage {
  /** Changes exactly when what the image shows changes: a client holding it is answered 304. */
  etag: string;
  png: () => Promise<Buffer>;
}

/** 'Tu año' (docs/CONTRACT.md §12): a user's year in games, for whoever may see their profile, and its picture. */
@Injectable()
export class YearInReviewService {
  /** Least recently used first (a Map keeps insertion order). */
  private readonly images = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly em: EntityManager,
    private readonly profiles: ProfilesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async year(username: string, yearText: string, viewerId: number | null): Promise<YearResponse> {
    const year = this.parseYear(yearText);
    const owner = await this.profiles.visibleOwner(username, viewerId);
    const summary = await this.summary(owner.id, year);
    return {
      username: owner.username,
      year,
      ...summary,
      visibility: owner.profileVisibility,
      own: owner.id === viewerId,
      image:
        owner.profileVisibility === 'public'
          ? siteUrl(this.config.PUBLIC_URL, yearImageRoute(owner.username, year))
          : null,
    };
  }

  /** The image of the year, drawn once for each version of its figures. */
  async image(username: string, yearText: string, viewerId: number | null): Promise<YearImage> {
    const year = this.parseYear(yearText);
    const owner = await this.profiles.visibleOwner(username, viewerId);
    const summary = await this.summary(owner.id, year);
    const drawn = { site: this.config.SITE_NAME, username: owner.username, year, summary };
    const key = createHash('sha256').update(JSON.stringify(drawn)).digest('base64url');
    return {
      etag: `"${key.slice(0, 32)}"`,
      png: () => this.cachedImage(key, () => renderYearImage(drawn.site, drawn.username, year, summary)),
    };
  }

  private parseYear(text: string): number {
    const year = parseReviewYear(text);
    if (year === null)
      throw new BadRequestException(`El año debe estar entre ${FIRST_REVIEW_YEAR} y ${currentYear()}`);
    return year;
  }

  private async summary(userId: number, year: number): Promise<YearSummary> {
    const years = repository(this.em, YearReviewRepository);
    const statuses = await years.statuses(userId, year);
    const sessions = await years.sessions(userId, year);
    const ratings = await years.ratings(userId, year, RATINGS_READ);
    return summariseYear(statuses, sessions, ratings);
  }

  private cachedImage(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const cached = this.images.get(key);
    if (cached) {
      this.images.delete(key);
      this.images.set(key, cached);
      return cached;
    }
    const rendering = render();
    this.images.set(key, rendering);
    rendering.catch(() => this.images.delete(key));
    if (this.images.size > IMAGE_CACHE_SIZE) this.images.delete(this.images.keys().next().value!);
    return rendering;
  }
}
