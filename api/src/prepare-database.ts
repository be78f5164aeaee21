import type { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '@veredicto/config';
import {
  AppMeta,
  CatalogueImporter,
  GameLanguage,
  GameImportRepository,
  migrateDatabase,
  openDatabase,
  repository,
  SEARCH_TEXT_VERSION,
} from '@veredicto/db';
import { languagesChanged, recordDomainEvents } from '@veredicto/jobs';

const SEARCH_TEXT_KEY = 'search_text_version';

const stepList = (steps: Record<string, number>) =>
  Object.entries(steps)
    .map(([name, ms]) => `${name} ${ms} ms`)
    .join(', ');

/**
 * Before the API listens: apply pending migrations (under an advisory lock, so replicas and workers
 * starting together do it once) and, on the first start of an empty database, load the demo catalogue.
 *
 * A first load brings in before listening what the pages need (games, Spanish texts, reviews, outlets,
 * averages) and answers the rest as a function to run once the API listens (the language lists and the
 * outlets' calls, some seconds): the caller runs it in the background. A refresh of an older demo version
 * runs whole before listening (its events are written with it).
 */
export async function prepareDatabase(config: AppConfig): Promise<(() => Promise<void>) | undefined> {
  const logger = new Logger('Database');
  const orm = await openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: 2 });
  let completion: (() => Promise<void>) | undefined;
  try {
    const executed = await migrateDatabase(orm, config.DATABASE_URL);
    if (executed.length) logger.log(`migrations applied: ${executed.join(', ')}`);
    await refreshSearchText(orm.em.fork(), logger);
    if (!config.SEED_DEMO) return undefined;
    const importer = new CatalogueImporter(orm.em.fork());
    if (await importer.isDemoCatalogueCurrent()) return undefined;
    if (await importer.isDemoCatalogueLoaded()) {
      // A refresh tells the workers which games' Spanish changed (search index, CDN).
      logger.log('refreshing the demo catalogue…');
      const report = await importer.importDemoCatalogue(undefined, (tx, igdbIds) =>
        recordDomainEvents(tx, igdbIds.map(languagesChanged)),
      );
      logger.log(
        `demo catalogue loaded: ${report.games} games, ${report.reviews} media reviews in ${report.milliseconds} ms (${stepList(report.steps)})`,
      );
      return undefined;
    }
    logger.log('loading the demo catalogue (first start)…');
    const report = await importer.importDemoEssentials();
    logger.log(
      `demo catalogue loaded: ${report.games} games, ${report.reviews} media reviews in ${report.milliseconds} ms (${stepList(report.steps)}); language lists and outlet figures follow in the background`,
    );
    completion = async () => {
      try {
        // The search index of this process (and of any other) was read before the Spanish verdicts were in:
        // each game whose verdict the lists set takes a new search_version, as the event consumer does
        // (search-freshness.consumer.ts), and every index reads it again on its next search.
        const rest = await new CatalogueImporter(orm.em.fork()).completeDemoCatalogue(
          undefined,
          (tx, igdbIds) => tx.getRepository(GameLanguage).bumpSearchVersion(igdbIds),
        );
        logger.log(`demo catalogue completed in ${rest.milliseconds} ms (${stepList(rest.steps)})`);
      } catch (error) {
        // The demo version stays unrecorded: the next start loads the catalogue again.
        logger.error(
          `demo catalogue not completed: ${error instanceof Error ? error.message : String(error)}`,
        );
      } finally {
        await orm.close(true);
      }
    };
    return completion;
  } finally {
    if (!completion) await orm.close(true);
  }
}

/** Rewrites the stored search text once after the normalisation changed (a no-op on an empty database). */
async function refreshSearchText(em: EntityManager, logger: Logger): Promise<void> {
  const stored = await em.findOne(AppMeta, { key: SEARCH_TEXT_KEY });
  if (stored?.value === SEARCH_TEXT_VERSION) return;
  const games = await repository(em, GameImportRepository).refreshSearchText();
  if (games) logger.log(`search text of ${games} games brought up to date`);
  await em.upsert(AppMeta, { key: SEARCH_TEXT_KEY, value: SEARCH_TEXT_VERSION });
}
