import { fromRoot } from '@veredicto/config';
import {
  CatalogueImporter,
  CatalogueOrderingRepository,
  Game,
  GameFiguresRepository,
  repository,
} from '@veredicto/db';
import { migratedBenchDatabase } from './bench-database.js';

/**
 * A database of its own on the server of `serverUrl` holding the large catalogue (demo + 194,180 games),
 * migrated, imported once (later runs reuse it) and vacuumed: the catalogue every scale bench runs on.
 * Answers the database's URL.
 */
export async function prepareLargeCatalogue(serverUrl: string, database: string): Promise<string> {
  const { databaseUrl, orm } = await migratedBenchDatabase(serverUrl, database);
  if ((await orm.em.fork().count(Game, {})) < 190_000) {
    const importer = new CatalogueImporter(orm.em.fork());
    await importer.importDemoCatalogue();
    await importer.importGames(fromRoot('bench/data/games-large.jsonl.gz'));
    await repository(orm.em.fork(), GameFiguresRepository).recalculateAllAverages();
  }
  // The large catalogue has no time to beat: a fifth of its games (about IGDB's share of games with one) get a
  // main-story length drawn from their id, 1 to 80 hours, so the length order and filters (`sortBy=length`,
  // `length=short`) have lists as long as a real catalogue's to walk. Bench data only, never shown.
  const lengths = await orm.em.getConnection().execute(
    `update games set length_hours = 1 + (hashint4(id) & 2147483647) % 80
        where length_hours is null and igdb_id % 5 = 0`,
    [],
    'run',
  );
  // Orderings walked before the lengths are walked again.
  if (Number((lengths as { affectedRows?: number }).affectedRows ?? 0) > 0)
    await orm.em.getConnection().execute('delete from catalogue_orderings');
  // The catalogue's orderings walked, as `seed:large` leaves them: a run measures pages read from their
  // anchors, not the workers' first sweep walking all of them (about 50 s of PostgreSQL's CPU).
  await repository(orm.em, CatalogueOrderingRepository).walkDue();
  // Fresh statistics and visibility map (index-only scans), as autovacuum leaves a settled table.
  await orm.em.getConnection().execute('vacuum analyze games');
  await orm.em.getConnection().execute('vacuum analyze game_aliases');
  await orm.close(true);
  return databaseUrl;
}
