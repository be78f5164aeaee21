import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// Issue 10: SQL is written with the typed query builder of libs/db (typedSql), so a renamed column fails
// the type-check. This scans the sources of api/, workers/ and libs/ (not tests, not migrations) for SQL
// given as text: a MikroORM `execute(sql, ...)` (on the EntityManager or a connection), a Kysely
// `executeQuery(...)` or `raw(...)`, a pg client's `query('select ...')`. Kysely's own `.execute()` takes
// no argument and passes.
const root = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE_DIRS = ['api', 'workers', 'libs'];
const SQL_TEXT =
  /^\s*(select|insert|update|delete|with|create|drop|alter|truncate|vacuum|analyze|set|lock)\b/i;

interface Finding {
  file: string;
  line: number;
  /** The statement (the first argument) as written, its whitespace collapsed. */
  statement: string;
}

/**
 * Statements that name no column of the schema, so the type-check has nothing to guard. Each entry must
 * still be found (a stale entry fails the test too).
 */
const ALLOWED: { file: string; statement: string; why: string }[] = [
  {
    file: 'api/src/health/health.controller.ts',
    statement: "'select 1'",
    why: 'the health check: is the database answering',
  },
  {
    file: 'libs/db/src/database.ts',
    statement: "'select pg_advisory_lock($1)'",
    why: 'the migrations lock, by number, on its own session',
  },
  {
    file: 'libs/db/src/database.ts',
    statement: "'select pg_advisory_unlock($1)'",
    why: 'the migrations lock, by number, on its own session',
  },
  {
    file: 'libs/db/src/replication/database-servers.ts',
    statement:
      '`select case when not pg_is_in_recovery() then null when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0 else extract(epoch from now() - pg_last_xact_replay_timestamp()) end as lag`',
    why: "a replica's lag: server functions only, asked of one given server",
  },
  {
    file: 'libs/db/src/games/game-recordset.ts',
    statement: 'SERIAL_TYPES[type] ?? type',
    why: "a batch column's SQL type, read from the entity metadata (no text of ours)",
  },
  {
    file: 'libs/db/src/typed-sql.ts',
    statement: 'compiled',
    why: 'runs a typed query compiled by Kysely (typedRows, typedRowsInTransaction)',
  },
  {
    file: 'libs/db/src/typed-sql.ts',
    statement:
      'async (trx) => { await prepare.execute(trx); return (await trx.executeQuery(compiled)).rows; }',
    why: 'runs a typed query compiled by Kysely in its own transaction (typedRowsInTransaction)',
  },
  {
    file: 'libs/db/src/typed-sql.ts',
    statement: 'trx',
    why: "typedRowsInTransaction's set_config, a Kysely sql fragment run on the transaction",
  },
  {
    file: 'libs/runtime/src/embedded-postgres.ts',
    statement: "'select 1 from pg_database where datname = $1'",
    why: "the embedded server's bootstrap: creates the database before there is a schema or an ORM",
  },
  {
    file: 'libs/runtime/src/embedded-postgres.ts',
    statement: '`create database "${database}"`',
    why: "the embedded server's bootstrap: creates the database before there is a schema or an ORM",
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return ['node_modules', 'dist', 'migrations', 'test', 'fixtures'].includes(entry.name)
        ? []
        : sourceFiles(path);
    }
    return /\.tsx?$/.test(entry.name) &&
      !/\.(spec|test)\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

/** Calls that hand SQL text to the database, in one source file. */
function rawSqlCalls(file: string, code: string): Finding[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const findings: Finding[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : undefined;
      const [first] = node.arguments;
      const literal = first && (ts.isStringLiteralLike(first) || ts.isTemplateExpression(first));
      const rawSql =
        // MikroORM's em.execute / connection.execute: the first argument is the SQL (Kysely's has none).
        (name === 'execute' && ts.isPropertyAccessExpression(callee) && node.arguments.length > 0) ||
        name === 'executeQuery' ||
        name === 'raw' ||
        // A pg client or pool (an IGDB `query` is an HTTP body, never SQL text).
        (name === 'query' && literal && SQL_TEXT.test(first.getText(source).slice(1)));
      if (rawSql) {
        findings.push({
          file,
          line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
          statement: first ? first.getText(source).replace(/\s+/g, ' ') : '',
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

const allFindings = SOURCE_DIRS.flatMap((dir) => sourceFiles(join(root, dir))).flatMap((path) =>
  rawSqlCalls(relative(root, path), readFileSync(path, 'utf8')),
);

describe('typed SQL everywhere (issue 10)', () => {
  it('finds no SQL text outside the allow-lists', () => {
    const unexpected = allFindings.filter(
      (finding) =>
        !ALLOWED.some((allowed) => allowed.file === finding.file && allowed.statement === finding.statement),
    );
    expect(unexpected.map((finding) => `${finding.file}:${finding.line} ${finding.statement}`)).toEqual([]);
  });

  it('keeps no stale entry on the allow-lists', () => {
    const stale = [
      ...ALLOWED.filter(
        (allowed) =>
          !allFindings.some(
            (finding) => finding.file === allowed.file && finding.statement === allowed.statement,
          ),
      ).map((allowed) => `${allowed.file}: ${allowed.statement}`),
    ];
    expect(stale).toEqual([]);
  });

  it.each([
    [
      'an EntityManager execute with SQL text',
      "await this.em.execute('select score from ratings where id = ?', [id]);",
    ],
    [
      'a connection execute with a query variable',
      "return this.em.getConnection().execute<T[]>(query, params, 'all');",
    ],
    [
      'a template literal on a forked connection',
      'await em.fork().getConnection().execute(`delete from games`);',
    ],
    ['a Kysely raw query', "await db.executeQuery(CompiledQuery.raw('select * from games'));"],
    ['a raw fragment', "qb.where(raw('lower(title) = ?', [title]));"],
    ['a pg client query', "await client.query('update games set title = $1', [title]);"],
  ])('catches %s', (_case, code) => {
    expect(rawSqlCalls('libs/db/src/example.ts', code)).not.toEqual([]);
  });

  it.each([
    ['a typed query', "await typedSql(em).selectFrom('Game').select('id').where('id', '=', id).execute();"],
    [
      'a typed query taking its first row',
      "await db.deleteFrom('Rating').where('id', '=', id).executeTakeFirst();",
    ],
    ['an IGDB (HTTP) query', 'const batch = await this.query(token, `fields name; limit 500;`);'],
  ])('lets %s pass', (_case, code) => {
    expect(rawSqlCalls('libs/db/src/example.ts', code)).toEqual([]);
  });
});
