import type { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '@veredicto/config';
import {
  AppMeta,
  CatalogueImporter,
  GameImportRepository,
  migrateDatabase,
  openDatabase,
  SEARCH_TEXT_VERSION,
} from '@veredicto/db';
import { languagesChanged, recordDomainEvents } from '@veredicto/jobs';

const SEARCH_TEXT_KEY = 'search_text_version';

/**
 * Before the API listens: apply pending migrations (under an advisory lock, so replicas and workers
 * starting together do it once) and, on the first start of an empty database, load the demo catalogue.
 */
export async function prepareDatabase(config: AppConfig): Promise<void> {
  const logger = new Logger('Database');
  const orm = await openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: 2 });
  try {
    const executed = await migrateDatabase(orm, config.DATABASE_URL);
    if (executed.length) logger.log(`migrations applied: ${executed.join(', ')}`);
    await refreshSearchText(orm.em.fork(), logger);
    if (!config.SEED_DEMO) return;
    const importer = new CatalogueImporter(orm.em.fork());
    if (await importer.isDemoCatalogueCurrent()) return;
    // A refresh tells the workers which games' Spanish changed (search index, CDN); a first load, nobody.
    const refresh = await importer.isDemoCatalogueLoaded();
    logger.log(refresh ? 'refreshing the demo catalogue…' : 'loading the demo catalogue (first start)…');
    const report = await importer.importDemoCatalogue(
      undefined,
      refresh ? (tx, igdbIds) => recordDomainEvents(tx, igdbIds.map(languagesChanged)) : undefined,
    );
    logger.log(
      `demo catalogue loaded: ${report.games} games, ${report.reviews} media reviews in ${report.milliseconds} ms`,
    );
  } finally {
    await orm.close(true);
  }
}

/** Rewrites the stored search text once after the normalisation changed (a no-op on an empty database). */
async function refreshSearchText(em: EntityManager, logger: Logger): Promise<void> {
  const stored = await em.findOne(AppMeta, { key: SEARCH_TEXT_KEY });
  if (stored?.value === SEARCH_TEXT_VERSION) return;
  const games = await new GameImportRepository(em).refreshSearchText();
  if (games) logger.log(`search text of ${games} games brought up to date`);
  await em.upsert(AppMeta, { key: SEARCH_TEXT_KEY, value: SEARCH_TEXT_VERSION });
}
