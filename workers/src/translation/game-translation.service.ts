import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type WorkersConfig } from '@veredicto/config';
import { GameTranslationRepository, repository } from '@veredicto/db';
import { JobGateway, JobName, type JobResults } from '@veredicto/jobs';
import { createTranslator, type Translator } from './translator.js';

/**
 * translate-game: one game's English synopsis through the configured service, stored with its source.
 * The sweep queues a bounded batch of games without Spanish text; what it leaves goes in the next sweep,
 * and a game whose translation failed waits a week before it is tried again.
 */
@Injectable()
export class GameTranslationService {
  private readonly logger = new Logger(GameTranslationService.name);
  private readonly translator: Translator | null;

  constructor(
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: WorkersConfig,
    private readonly jobs: JobGateway,
  ) {
    this.translator = createTranslator(config);
  }

  get enabled(): boolean {
    return this.translator !== null;
  }

  async translate(gameId: number): Promise<JobResults[JobName.TranslateGame]> {
    const games = repository(this.orm.em.fork(), GameTranslationRepository);
    const game = await games.findTranslationSource(gameId);
    if (!this.translator || !game?.summary || game.hasSpanish) return { gameId, source: null };
    const spanish = await this.translator.translate(game.summary);
    const stored = await games.saveTranslation(gameId, spanish, this.translator.source);
    return { gameId, source: stored ? this.translator.source : null };
  }

  /** After the last attempt: leaves the game out of the sweeps for a while. */
  async markFailed(gameId: number): Promise<void> {
    await repository(this.orm.em.fork(), GameTranslationRepository).markTranslationFailed(gameId);
  }

  /**
   * Queues translate-game for games without Spanish text: the given IGDB ids (just imported) first, then
   * up to TRANSLATE_BATCH_SIZE of the rest of the catalogue, best-known first. Does nothing without a
   * translation service.
   */
  async enqueueUntranslated(igdbIds: number[] = []): Promise<number> {
    if (!this.enabled) return 0;
    const games = repository(this.orm.em.fork(), GameTranslationRepository);
    const limit = this.config.TRANSLATE_BATCH_SIZE;
    const imported = igdbIds.length ? await games.findUntranslatedIds(igdbIds.length, igdbIds) : [];
    const rest = await games.findUntranslatedIds(limit);
    const ids = [...new Set([...imported, ...rest])];
    await this.jobs.enqueueMany(
      JobName.TranslateGame,
      ids.map((gameId) => ({ gameId })),
    );
    if (ids.length) this.logger.log(`translate-game: ${ids.length} juegos en cola`);
    return ids.length;
  }
}
