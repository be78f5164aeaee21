import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type WorkersConfig } from '@veredicto/config';
import { type DiscoveryFinding, type DiscoveryGame, ReviewDiscovery, ScraperSource } from '@veredicto/db';
import { JobGateway, JobName, type JobResults } from '@veredicto/jobs';
import { candidatePages, type CandidatePage } from '@veredicto/scraping/discovery/review-page-urls.js';
import { ReadOnce } from '@veredicto/scraping/html/read-once.js';
import { readReviewPage } from '@veredicto/scraping/reviews/extract-reviews.js';
import { logRefusals } from '@veredicto/scraping/reviews/review-refusals.js';
import { WorkerPageFetcher } from '../common/page-fetcher.provider.js';
import { errorMessage } from '../common/scrape-errors.js';
import type { ProgressReporter } from '../common/progress-reporter.js';
import { IgdbImportService } from './igdb-import.service.js';

/** Games released this many days ago at most, or coming within UPCOMING_DAYS, are looked at. */
const RECENT_DAYS = 30;
/** Reviews come out before release, under embargo. */
const UPCOMING_DAYS = 14;
/** Most-followed games still without a critic average, per run. */
const FOLLOWED_LIMIT = 25;
/**
 * Recent and upcoming games per run: each costs a fetch per aggregator, spaced per domain, so a run stays
 * within minutes however many small releases IGDB brings.
 */
const DATED_LIMIT = 150;
/** A source whose reads still found new reviews this recently is read again past its weeks. */
const GROWTH_GRACE_DAYS = 7;

/**
 * discover-review-sources: the critic-review pages of recent, upcoming and most-followed games are found
 * (Metacritic's and OpenCritic's addresses from the title, IGDB's websites, the registry outlets' articles),
 * each fetched once through the worker's fetcher (SSRF guard, robots.txt, per-domain spacing) and read; a
 * page that holds critic reviews of that game becomes a source and is scraped, anything else is recorded
 * with its reason. The discovered sources are then read again while their game's reviews keep arriving.
 */
@Injectable()
export class ReviewDiscoveryService {
  private readonly logger = new Logger(ReviewDiscoveryService.name);

  constructor(
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: WorkersConfig,
    private readonly pages: WorkerPageFetcher,
    private readonly igdb: IgdbImportService,
    private readonly jobs: JobGateway,
  ) {}

  get enabled(): boolean {
    return this.config.REVIEW_DISCOVERY === 'on';
  }

  async run(
    progress: ProgressReporter,
    signal?: AbortSignal,
  ): Promise<JobResults[JobName.DiscoverReviewSources]> {
    if (!this.enabled) return { enabled: false, games: 0, added: 0, refused: 0, rereads: 0 };
    const em = this.orm.em.fork();
    const discoveries = em.getRepository(ReviewDiscovery);
    const today = new Date().toISOString().slice(0, 10);
    const games = await discoveries.candidateGames({
      today,
      recentDays: RECENT_DAYS,
      upcomingDays: UPCOMING_DAYS,
      followedLimit: FOLLOWED_LIMIT,
      datedLimit: DATED_LIMIT,
    });
    const outletDomains = await discoveries.outletDomains();
    // IGDB away costs this run its websites, not the run: the title and the outlets still give pages.
    const websites = await this.igdb
      .websites(
        games.map((game) => game.igdbId),
        signal,
      )
      .catch((error: unknown) => {
        if (signal?.aborted) throw error;
        this.logger.warn(`IGDB no dio las webs de los juegos: ${errorMessage(error)}`);
        return new Map<number, string[]>();
      });
    let added = 0;
    let refused = 0;
    const addedSources = new Set<number>();
    for (const [index, game] of games.entries()) {
      signal?.throwIfAborted();
      const findings = await this.discover(game, {
        igdbWebsites: websites.get(game.igdbId) ?? [],
        outletDomains,
        outletArticles: await discoveries.reviewArticles(game.title),
        addedSources,
        signal,
      });
      await discoveries.record(game.id, findings);
      added += findings.filter((finding) => finding.outcome === 'added').length;
      refused += findings.filter((finding) => finding.outcome === 'refused').length;
      await progress({
        percent: Math.round(5 + ((index + 1) / games.length) * 85),
        message: `juegos revisados: ${index + 1}/${games.length}`,
      });
    }

    // A page added in this run is being scraped already.
    const rereads = (
      await discoveries.sourcesToReread({
        today,
        weeks: this.config.REVIEW_DISCOVERY_WEEKS,
        upcomingDays: UPCOMING_DAYS,
        graceDays: GROWTH_GRACE_DAYS,
      })
    ).filter((sourceId) => !addedSources.has(sourceId));
    await this.jobs.enqueueMany(
      JobName.ScrapeGame,
      rereads.map((sourceId) => ({ sourceId })),
    );
    await progress({ percent: 100, message: `páginas añadidas: ${added}, rechazadas: ${refused}` });
    this.logger.log(
      `descubrimiento de críticas: ${games.length} juegos, ${added} páginas añadidas, ${refused} rechazadas, ${rereads.length} relecturas`,
    );
    return { enabled: true, games: games.length, added, refused, rereads: rereads.length };
  }

  /** The findings for one game; a page already registered as its source is left to the re-reads. */
  private async discover(
    game: DiscoveryGame,
    input: {
      igdbWebsites: string[];
      outletDomains: string[];
      outletArticles: string[];
      addedSources: Set<number>;
      signal?: AbortSignal;
    },
  ): Promise<DiscoveryFinding[]> {
    const { candidates, refused } = candidatePages({
      title: game.title,
      sites: {
        metacritic: this.config.REVIEW_DISCOVERY_METACRITIC_URL,
        opencritic: this.config.REVIEW_DISCOVERY_OPENCRITIC_URL,
      },
      knownLinks: game.knownLinks,
      igdbWebsites: input.igdbWebsites,
      outletDomains: input.outletDomains,
      outletArticles: input.outletArticles,
    });
    const em = this.orm.em.fork();
    const registered = new Set(
      (await em.find(ScraperSource, { game: game.id }, { fields: ['url'] })).map((source) => source.url),
    );
    const findings: DiscoveryFinding[] = refused.map((candidate) => ({
      ...candidate,
      outcome: 'refused',
      reviewCount: 0,
    }));
    for (const candidate of candidates) {
      if (registered.has(candidate.url)) continue;
      findings.push(await this.check(game, candidate, input.addedSources, input.signal));
    }
    return findings;
  }

  /** Fetches and reads one candidate page; adds it as a source when it holds critic reviews of the game. */
  private async check(
    game: DiscoveryGame,
    candidate: CandidatePage,
    addedSources: Set<number>,
    signal?: AbortSignal,
  ): Promise<DiscoveryFinding> {
    const refuse = (reason: string): DiscoveryFinding => ({
      ...candidate,
      outcome: 'refused',
      reason,
      reviewCount: 0,
    });
    const reader = new ReadOnce((html: string, url: string) =>
      readReviewPage(html, url, { gameNames: game.names }),
    );
    let reading;
    try {
      const page = await this.pages.fetcher.fetch(candidate.url, {
        mode: 'auto',
        needsBrowser: (html) => reader.get(html, candidate.url).needsBrowser,
        signal,
      });
      reading = reader.get(page.body, page.url);
    } catch (error) {
      if (signal?.aborted) throw error;
      return refuse(errorMessage(error));
    }
    logRefusals(this.logger, candidate.url, reading.refusals);
    const otherGame = reading.refusals.find((refusal) => refusal.reason === 'other-game');
    if (otherGame) return refuse(otherGame.detail);
    if (reading.reviews.length === 0) return refuse('la página no tiene críticas de medios');

    const sourceId = await this.orm.em.fork().transactional(async (tx) => {
      const id = await tx.getRepository(ScraperSource).upsertForGame(game.id, candidate.url);
      await tx.nativeUpdate(ScraperSource, { id }, { discovered: true });
      return id;
    });
    addedSources.add(sourceId);
    await this.jobs.enqueue(JobName.ScrapeGame, { sourceId });
    return { ...candidate, outcome: 'added', reason: null, reviewCount: reading.reviews.length };
  }
}
