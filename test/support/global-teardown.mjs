import pg from 'pg';

export default async function globalTeardown() {
  const serverUrl = process.env.TEST_SERVER_URL;
  const database = process.env.TEST_DATABASE_NAME;
  if (serverUrl && database) {
    const url = new URL(serverUrl);
    url.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`drop database if exists "${database}" with (force)`).catch(() => undefined);
    await admin.end();
  }
  await globalThis.__EMBEDDED_PG__?.stop();
}
