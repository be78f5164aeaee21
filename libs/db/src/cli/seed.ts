/**
 * node dist/libs/db/src/cli/seed.js demo          load (or refresh) the demo catalogue
 * node dist/libs/db/src/cli/seed.js large [file]  load the large benchmark catalogue (bench/data)
 */
import 'reflect-metadata';
import { fromRoot } from '@veredicto/config/project-root.js';
import { CatalogueOrderingRepository } from '../games/catalogue-ordering.repository.js';
import { GameFiguresRepository } from '../games/game-figures.repository.js';
import { OutletGameScore } from '../outlets/outlet-game-score.entity.js';
import { migrateDatabase, openDatabase } from '../database.js';
import { CatalogueImporter } from '../seeders/catalogue-importer.js';
import { repository } from '../repository.js';

const LARGE_FILE = fromRoot('bench/data/games-large.jsonl.gz');

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    process.stderr.write('DATABASE_URL is required\n');
    process.exit(78);
  }
  const orm = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    await migrateDatabase(orm, databaseUrl);
    const importer = new CatalogueImporter(orm.em.fork());
    if (process.argv[2] === 'large') {
      const started = performance.now();
      const games = await importer.importGames(process.argv[3] ?? LARGE_FILE);
      const updated = await repository(orm.em.fork(), GameFiguresRepository).recalculateAllAverages();
      await orm.em.fork().getRepository(OutletGameScore).refreshAll();
      // The import marked every stored ordering of the catalogue; walked here, a running site's pages and
      // totals are the new catalogue's when the seed ends, not when the workers' next sweep comes (10 min).
      const walked = await repository(orm.em, CatalogueOrderingRepository).walkDue();
      process.stdout.write(
        `large catalogue: ${games} games in ${Math.round(performance.now() - started)} ms (${updated} averages updated, ${walked} orderings walked)\n`,
      );
    } else {
      const report = await importer.importDemoCatalogue();
      process.stdout.write(`demo catalogue: ${JSON.stringify(report)}\n`);
    }
  } finally {
    await orm.close(true);
  }
}

await main();
