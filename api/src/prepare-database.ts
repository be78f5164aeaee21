import { Logger } from '@nestjs/common';
import type { AppConfig } from '@veredicto/config';
import { CatalogueImporter, migrateDatabase, openDatabase } from '@veredicto/db';

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
    if (!config.SEED_DEMO) return;
    const importer = new CatalogueImporter(orm.em.fork());
    if (await importer.isDemoCatalogueCurrent()) return;
    logger.log('loading the demo catalogue (first start)…');
    const report = await importer.importDemoCatalogue();
    logger.log(
      `demo catalogue loaded: ${report.games} games, ${report.reviews} media reviews in ${report.milliseconds} ms`,
    );
  } finally {
    await orm.close(true);
  }
}
