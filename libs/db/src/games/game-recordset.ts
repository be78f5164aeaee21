import type { EntityMetadata } from '@mikro-orm/core';
import { sql } from 'kysely';
import type { Game } from './game.entity.js';

/** The column type of an autoincrement key's column (serial is only a shorthand of CREATE TABLE). */
const SERIAL_TYPES: Record<string, string> = { smallserial: 'smallint', serial: 'int', bigserial: 'bigint' };

/**
 * Rows sent as one jsonb parameter and read as a table (jsonb_to_recordset) whose columns are the listed
 * Game properties' own columns, named and typed from the entity metadata: the JSON keys, the column list
 * and the references agree with the games table by construction, and a renamed property fails the
 * type-check. References name the columns themselves, which MikroORM's Kysely plugin leaves as they are in
 * every scope (it maps a property name to its column, sometimes through the wrong table).
 */
export class GameRecordset<A extends string, P extends keyof Game & string> {
  private readonly columns: Record<P, string>;
  private readonly json: string;

  constructor(
    private readonly meta: EntityMetadata<Game>,
    private readonly alias: A,
    private readonly props: readonly P[],
    rows: readonly { [K in P]: unknown }[],
  ) {
    this.columns = Object.fromEntries(
      props.map((prop) => [prop, meta.properties[prop].fieldNames[0]]),
    ) as Record<P, string>;
    this.json = JSON.stringify(
      rows.map((row) => Object.fromEntries(props.map((prop) => [this.columns[prop], row[prop]]))),
    );
  }

  /** `jsonb_to_recordset(…) as x(column type, …)`, for a FROM. */
  table() {
    const definitions = this.props.map((prop) => {
      const type = this.meta.properties[prop].columnTypes[0];
      return sql`${sql.id(this.columns[prop])} ${sql.raw(SERIAL_TYPES[type] ?? type)}`;
    });
    return sql<Record<P, unknown>>`jsonb_to_recordset(${this.json}::jsonb)`.as<A>(
      sql`${sql.id(this.alias)}(${sql.join(definitions)})`,
    );
  }

  /** The recordset's column of `prop`. */
  ref<K extends P>(prop: K) {
    return sql<Game[K]>`${sql.ref(`${this.alias}.${this.columns[prop]}`)}`;
  }
}
