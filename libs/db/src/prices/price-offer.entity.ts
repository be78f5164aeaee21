import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { PriceStore } from '@veredicto/contract';
import { PriceRepository } from './price.repository.js';

/**
 * A game's current price in one store and platform (docs/CONTRACT.md §20), as last read by the poll.
 * Every change of it is also kept in price_snapshots; `checkedAt` moves on every poll that saw it.
 */
@Entity({ tableName: 'price_offers', repository: () => PriceRepository })
export class PriceOffer {
  [EntityRepositoryType]?: PriceRepository;

  @PrimaryKey()
  gameIgdbId!: number;

  @PrimaryKey({ type: 'string', length: 20 })
  store!: PriceStore;

  /** A platform id of libs/contract platforms.ts. */
  @PrimaryKey({ type: 'string', length: 20 })
  platform!: string;

  /** The store's own id of the product (a Steam app id). */
  @Property({ type: 'text' })
  storeId!: string;

  @Property({ type: 'text' })
  url!: string;

  /** Cents of euro. */
  @Property({ type: 'integer' })
  regular!: number;

  @Property({ type: 'integer' })
  final!: number;

  @Property({ type: 'smallint' })
  discountPct!: number;

  /** The store's 30-day low (EU Omnibus); null when it gives none. */
  @Property({ type: 'integer', nullable: true })
  lowest30d?: number | null;

  @Property({ type: 'timestamptz', nullable: true })
  endsAt?: Date | null;

  @Property({ type: 'timestamptz' })
  checkedAt!: Date;
}
