import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import { FeaturedGame, ScraperSource } from '@veredicto/db';
import { type EnqueuedJob, JobGateway, JobName } from '@veredicto/jobs';
import { parseScrapeUrl } from '../common/scrape-url.js';
import { findGameOr404 } from '../games/game-lookup.js';

export const FEATURED_GAME_SAVED = 'Juego marcado como el mejor con éxito';

/** The admin's scraper actions on games: review sources, the general scraper, the featured game. */
@Injectable()
export class ScrapersService {
  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Registers (or reuses) the game's source page and queues its scrape. */
  async addGameSource(input: string, igdbId: number): Promise<EnqueuedJob> {
    const url = parseScrapeUrl(input, this.config.SCRAPER_ALLOWED_HOSTS);
    const game = await this.findGame(igdbId);
    const sourceId = await this.em.getRepository(ScraperSource).upsertForGame(game.id, url);
    return this.jobs.enqueue(JobName.ScrapeGame, { sourceId });
  }

  /** The general scraper; one run at a time (asking again while it runs returns the same job). */
  runCatalogue(): Promise<EnqueuedJob> {
    return this.jobs.enqueue(JobName.ScrapeCatalogue, { requestedBy: 'admin' });
  }

  async setFeatured(igdbId: number, imageArt: string | undefined): Promise<string> {
    const art = imageArt?.trim() ? this.httpUrl(imageArt.trim()) : null;
    const game = await this.findGame(igdbId);
    await this.em.getRepository(FeaturedGame).setFeatured(game.id, art);
    return FEATURED_GAME_SAVED;
  }

  private async findGame(igdbId: number): Promise<{ id: number }> {
    return findGameOr404(this.em, igdbId);
  }

  /** An image shown by the browser: only http(s), never javascript: or data: URLs. */
  private httpUrl(value: string): string {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new BadRequestException('La URL de la imagen no es válida');
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || value.length > 2048) {
      throw new BadRequestException('La URL de la imagen debe ser http o https');
    }
    return url.href;
  }
}
