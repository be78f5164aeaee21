import { sql } from 'kysely';
import type { AliasedRawBuilder, RawBuilder } from 'kysely';

/** The PostgreSQL types a batch's columns may have (the `x(name type, ...)` list of jsonb_to_recordset). */
const TYPES = {
  int: sql`int`,
  bigint: sql`bigint`,
  smallint: sql`smallint`,
  text: sql`text`,
  date: sql`date`,
  timestamptz: sql`timestamptz`,
  boolean: sql`boolean`,
  jsonb: sql`jsonb`,
};

export type RecordsetType = keyof typeof TYPES;

export interface JsonRecordset<Row, Alias extends string> {
  /** The rows as a table to select from or join, with the row's keys as its columns. */
  table: AliasedRawBuilder<Row, Alias>;
  /**
   * One of the rows' columns. A plain identifier on purpose: the Kysely plugin of typedSql would map a
   * reference `x.igdbId` to the column of a joined entity's property of the same name (`igdb_id`), which
   * the batch does not have.
   */
  column<Column extends keyof Row & string>(name: Column): RawBuilder<Row[Column]>;
  /** The columns, in this order, each selected under its own name (for an INSERT ... SELECT). */
  select<Column extends keyof Row & string>(...names: Column[]): AliasedRawBuilder<Row[Column], Column>[];
}

/**
 * A whole batch of rows as one JSON parameter, read back as a table with jsonb_to_recordset: one
 * statement and one parameter however many rows, where a multi-row VALUES would need a parameter per
 * value. The keys of `types` are the rows' keys (typed by the caller, usually the entity's property names,
 * so a renamed property fails the type-check) and give the SQL type of each column.
 */
export function jsonRecordset<Row extends object, Alias extends string>(
  alias: Alias,
  rows: readonly Row[],
  types: { [Column in keyof Row & string]: RecordsetType },
): JsonRecordset<Row, Alias> {
  const definitions = Object.entries<RecordsetType>(types).map(
    ([name, type]) => sql`${sql.id(name)} ${TYPES[type]}`,
  );
  const column = <Column extends keyof Row & string>(name: Column) =>
    sql<Row[Column]>`${sql.id(alias, name)}`;
  return {
    table: sql<Row>`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`.as<Alias>(
      sql`${sql.id(alias)}(${sql.join(definitions)})`,
    ),
    column,
    select: (...names) => names.map((name) => column(name).as(name)),
  };
}
