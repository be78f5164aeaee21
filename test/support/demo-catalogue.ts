import type { MikroORM } from '@mikro-orm/postgresql';
import { CatalogueImporter, migrateDatabase, openDatabase } from '@veredicto/db';
import { testEnv } from './test-env.js';

/**
 * The test database, migrated and holding the demo catalogue (loaded once per database: a later file of the
 * same worker finds it current). The ORM stays open for the caller, who closes it.
 */
export async function openDemoCatalogue(): Promise<MikroORM> {
  const orm = await openDatabase({ databaseUrl: testEnv().databaseUrl, poolSize: 2 });
  await migrateDatabase(orm, testEnv().databaseUrl);
  const importer = new CatalogueImporter(orm.em.fork());
  if (!(await importer.isDemoCatalogueCurrent())) await importer.importDemoCatalogue();
  return orm;
}

/** `openDemoCatalogue` for a file that needs only the rows. */
export async function ensureDemoCatalogue(): Promise<void> {
  await (await openDemoCatalogue()).close(true);
}
