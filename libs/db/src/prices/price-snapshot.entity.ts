import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { PriceStore } from '@veredicto/contract';

/**
 * One change of a game's price in a store, as the poll saw it: the history is ours (docs/CONTRACT.md §20),
 * so the historic low and the chart need no third-party service. Written only when something changed.
 */
@Entity({ tableName: 'price_snapshots' })
@Index({ name: 'price_snapshots_game_idx', properties: ['gameIgdbId', 'store', 'seenAt'] })
export class PriceSnapshot {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property()
  gameIgdbId!: number;

  @Property({ type: 'string', length: 20 })
  store!: PriceStore;

  @Property({ type: 'string', length: 20 })
  platform!: string;

  @Property({ type: 'integer' })
  regular!: number;

  @Property({ type: 'integer' })
  final!: number;

  @Property({ type: 'smallint' })
  discountPct!: number;

  @Property({ type: 'integer', nullable: true })
  lowest30d?: number | null;

  @Property({ type: 'timestamptz', nullable: true })
  endsAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  seenAt!: Date;
}
