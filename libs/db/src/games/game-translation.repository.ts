import { EntityRepository, type SqlEntityManager } from '@mikro-orm/postgresql';
import { Game, type SpanishTextSource } from './game.entity.js';

/** How long a game whose translation failed is left out of the translation sweep. */
const TRANSLATION_RETRY_DAYS = 7;

/** The translation sweep's reads and writes: which games lack a Spanish synopsis, and storing one. */
export class GameTranslationRepository extends EntityRepository<Game> {
  constructor(em: SqlEntityManager) {
    super(em, Game);
  }

  /**
   * Games with an English synopsis and no Spanish one, best-known first, leaving out recent failures:
   * the translation sweep takes a bounded batch per run and the next run goes on where it stopped.
   */
  async findUntranslatedIds(limit: number, igdbIds?: number[]): Promise<number[]> {
    const retryAfter = new Date(Date.now() - TRANSLATION_RETRY_DAYS * 86_400_000);
    const games = await this.find(
      {
        summary: { $ne: null },
        summaryEs: null,
        $or: [{ translationFailedAt: null }, { translationFailedAt: { $lt: retryAfter } }],
        ...(igdbIds ? { igdbId: { $in: igdbIds } } : {}),
      },
      {
        fields: ['id'],
        orderBy: { criticReviewCount: 'desc', userRatingCount: 'desc', id: 'asc' },
        limit,
      },
    );
    return games.map((game) => game.id);
  }

  /** The English synopsis to translate and whether a Spanish one is already there. */
  async findTranslationSource(id: number): Promise<{ summary: string | null; hasSpanish: boolean } | null> {
    const game = await this.findOne({ id }, { fields: ['summary', 'summaryEs'], disableIdentityMap: true });
    if (!game) return null;
    return { summary: game.summary ?? null, hasSpanish: Boolean(game.summaryEs) };
  }

  /** Stores a translation unless a Spanish text arrived meanwhile (the seed file's wins). */
  async saveTranslation(id: number, summaryEs: string, source: SpanishTextSource): Promise<boolean> {
    const updated = await this.nativeUpdate(
      { id, summaryEs: null },
      { summaryEs, summaryEsSource: source, translationFailedAt: null },
    );
    return updated > 0;
  }

  async markTranslationFailed(id: number): Promise<void> {
    await this.nativeUpdate({ id }, { translationFailedAt: new Date() });
  }
}
