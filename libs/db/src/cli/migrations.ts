/**
 * Migration commands without a TypeScript loader (they run on the compiled files):
 *   node dist/libs/db/src/cli/migrations.js up       apply pending migrations
 *   node dist/libs/db/src/cli/migrations.js create   write a migration from the entity/database diff
 *   node dist/libs/db/src/cli/migrations.js check    exit 1 when entities and migrations disagree
 * `check` needs an empty scratch database (it migrates it from zero, then diffs it with the entities).
 */
import 'reflect-metadata';
import { migrateDatabase, openDatabase } from '../database.js';
import { MIGRATIONS_SOURCE_DIR } from '../mikro-orm.config.js';

async function main(): Promise<void> {
  const command = process.argv[2] ?? 'up';
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    process.stderr.write('DATABASE_URL is required\n');
    process.exit(78);
  }
  const orm = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    if (command === 'up') {
      const executed = await migrateDatabase(orm, databaseUrl);
      process.stdout.write(`migrations applied: ${executed.length ? executed.join(', ') : 'none pending'}\n`);
    } else if (command === 'create') {
      await migrateDatabase(orm, databaseUrl);
      const result = await orm.migrator.create(MIGRATIONS_SOURCE_DIR, false, false, process.argv[3]);
      process.stdout.write(result.fileName ? `created ${result.fileName}\n` : 'no changes\n');
    } else if (command === 'check') {
      await migrateDatabase(orm, databaseUrl);
      const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: true });
      if (diff.trim()) {
        process.stderr.write(`Entities and migrations disagree; a migration is missing:\n${diff}\n`);
        process.exitCode = 1;
      } else {
        process.stdout.write('entities and migrations agree\n');
      }
    } else {
      process.stderr.write(`unknown command ${command} (up | create | check)\n`);
      process.exitCode = 2;
    }
  } finally {
    await orm.close(true);
  }
}

await main();
