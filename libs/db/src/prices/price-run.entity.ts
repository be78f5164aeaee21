import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { PriceRunSource } from '@veredicto/contract';

/** One store's part of a price poll, for the admin's status: when, how many games, changes and failures. */
@Entity({ tableName: 'price_runs' })
@Index({ name: 'price_runs_store_idx', properties: ['store', 'startedAt'] })
export class PriceRun {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 20 })
  store!: PriceRunSource;

  @Property({ type: 'timestamptz' })
  startedAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  finishedAt?: Date | null;

  @Property({ type: 'integer' })
  games!: number;

  @Property({ type: 'integer' })
  changed!: number;

  /** Games the store did not answer for (a failed call counts each of its games). */
  @Property({ type: 'integer' })
  failed!: number;
}
