import type { EntityMetadata } from '@mikro-orm/core';
import type { PostgreSqlConnection, SqlEntityManager } from '@mikro-orm/postgresql';
import { sql, type Compilable, type CompiledQuery } from 'kysely';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { typedSql } from './typed-sql.js';

/** How a column's value is written in COPY's text format. */
type FieldKind = 'value' | 'array' | 'json';

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Text as one field of COPY's text format: backslash, newline, carriage return and tab escaped. */
const SPECIAL = /[\\\n\r\t]/;
const escapeField = (text: string) =>
  SPECIAL.test(text) ? text.replace(/[\\\n\r\t]/g, (character) => ESCAPES[character]) : text;

/** A scalar as PostgreSQL reads it from text, as JSON would give it (a Date as its ISO form). */
function scalarText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** An array literal (`{"a","b",NULL}`): every element quoted, its quotes and backslashes escaped. */
function arrayLiteral(items: readonly unknown[]): string {
  const elements = items.map((item) => {
    const text = scalarText(item);
    return text === null ? 'NULL' : `"${text.replace(/["\\]/g, '\\$&')}"`;
  });
  return `{${elements.join(',')}}`;
}

/** One value as a field of COPY's text format (`\N` for null). */
export function copyField(value: unknown, kind: FieldKind = 'value'): string {
  if (value === null || value === undefined) return '\\N';
  if (kind === 'json') return escapeField(JSON.stringify(value));
  if (kind === 'array') return escapeField(arrayLiteral(value as unknown[]));
  const text = scalarText(value);
  return text === null ? '\\N' : escapeField(text);
}

const kindOf = (columnType: string): FieldKind =>
  columnType.endsWith('[]') ? 'array' : columnType === 'jsonb' || columnType === 'json' ? 'json' : 'value';

/** What a bulk session asks of the `pg` pool behind MikroORM's connection. */
interface NativePool {
  connect(): Promise<pg.PoolClient>;
}

/**
 * One connection of the pool in a transaction of its own, for what an import writes in bulk: typed
 * statements compiled by Kysely (locks, reads, checks) and `COPY … FROM STDIN` of rows into an entity's
 * table, all in that transaction.
 */
export class BulkSession {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly client: pg.PoolClient,
  ) {}

  /**
   * Runs a typed query (built with typedSql, or a `sql` fragment compiled by it) on this session; answers
   * its rows as the driver gives them.
   */
  async run<Row>(query: Compilable<Row> | CompiledQuery<Row>): Promise<Row[]> {
    const compiled = 'compile' in query ? query.compile() : query;
    const result = await this.client.query(compiled.sql, [...compiled.parameters]);
    return result.rows as Row[];
  }

  /**
   * Takes the lock that keeps other writers out of an entity's table until the session ends (SHARE ROW
   * EXCLUSIVE: readers go on, a second bulk session waits for this one).
   */
  async lockAgainstWriters(entity: EntityMetadata): Promise<void> {
    await this.run(
      sql`lock table ${sql.table(entity.tableName)} in share row exclusive mode`.compile(typedSql(this.em)),
    );
  }

  /**
   * Streams rows into an entity's table with `COPY … FROM STDIN` (text format), in the given properties'
   * columns (named and typed from the metadata: arrays as array literals, json columns as JSON). The table's
   * defaults, constraints and triggers apply as for an INSERT.
   */
  async copy<Row extends object>(
    entity: EntityMetadata,
    props: readonly (keyof Row & string)[],
    rows: Iterable<Row>,
  ): Promise<number> {
    const columns = props.map((prop) => {
      const property = entity.properties[prop];
      return { prop, name: property.fieldNames[0], kind: kindOf(property.columnTypes[0]) };
    });
    const statement = sql`copy ${sql.table(entity.tableName)} (${sql.join(
      columns.map((column) => sql.id(column.name)),
    )}) from stdin`.compile(typedSql(this.em));
    let count = 0;
    function* lines(): Generator<string> {
      let batch: string[] = [];
      for (const row of rows) {
        const record = row as Record<string, unknown>;
        let line = copyField(record[columns[0].prop], columns[0].kind);
        for (let index = 1; index < columns.length; index += 1) {
          line += `\t${copyField(record[columns[index].prop], columns[index].kind)}`;
        }
        batch.push(line);
        count += 1;
        if (batch.length === 1000) {
          yield `${batch.join('\n')}\n`;
          batch = [];
        }
      }
      if (batch.length) yield `${batch.join('\n')}\n`;
    }
    await pipeline(Readable.from(lines()), this.client.query(copyFrom(statement.sql)));
    return count;
  }
}

/**
 * Runs `work` in a transaction on one connection of the EntityManager's pool: committed when it
 * resolves, rolled back when it throws.
 */
export async function inBulkSession<T>(
  em: SqlEntityManager,
  work: (session: BulkSession) => Promise<T>,
): Promise<T> {
  const connection = em.getConnection('write') as unknown as PostgreSqlConnection;
  const pool = (await connection.getNativeClient()) as unknown as NativePool;
  const client = await pool.connect();
  const session = new BulkSession(em, client);
  let failed = false;
  try {
    await session.run(sql`begin`.compile(typedSql(em)));
    const result = await work(session);
    await session.run(sql`commit`.compile(typedSql(em)));
    return result;
  } catch (error) {
    failed = true;
    await session.run(sql`rollback`.compile(typedSql(em))).catch(() => undefined);
    throw error;
  } finally {
    // A connection whose rollback failed too is not given back to the pool.
    client.release(failed ? true : undefined);
  }
}
