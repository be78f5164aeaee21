import pg from 'pg';
import { testEnv } from './test-env.js';

/**
 * Every integration file starts with no stored catalogue orderings (catalogue_orderings). Files share their
 * worker's database, and the workers of one file store the orderings of the catalogue as it was then; a
 * later file that changes games straight in the database (factories, importers), with no worker of its own
 * to walk them again, would read those totals and anchors. With none stored, an API counts and pages the
 * catalogue itself until a worker has walked it, as a fresh database does.
 */
beforeAll(async () => {
  const client = new pg.Client({ connectionString: testEnv().databaseUrl });
  await client.connect();
  try {
    await client.query(
      `do $$ begin if to_regclass('catalogue_orderings') is not null then delete from catalogue_orderings; end if; end $$`,
    );
  } finally {
    await client.end();
  }
});
