import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { AlertRepository } from './alert.repository.js';
import type { AlertKind } from '@veredicto/contract';

/**
 * One thing to tell the followers of a game (a date moved, a port, a first verdict, Spanish voices, release
 * day), once: `key` names its cause (`change-12-date`, `critic-score-1942`, `release-1942-2027-03-14`), so a
 * change dispatched twice is one alert. Each follower gets one notification of it.
 */
@Entity({ tableName: 'alerts', repository: () => AlertRepository })
@Unique({ name: 'alerts_key_unique', properties: ['key'] })
@Index({ name: 'alerts_game_idx', properties: ['gameIgdbId'] })
export class Alert {
  [EntityRepositoryType]?: AlertRepository;

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ length: 120 })
  key!: string;

  @Property({ type: 'string', length: 20 })
  kind!: AlertKind;

  @Property()
  gameIgdbId!: number;

  /** The Spanish line shown and mailed: 'Retrasado: 14-03-2027 → 02-06-2027'. */
  @Property({ length: 300 })
  text!: string;

  /** The contract's ids of the platforms it concerns ('Mis plataformas' filters release, date and port). */
  @Property({ type: 'text[]' })
  platforms!: string[];

  /** A price alert's price in cents: a `price-below` reaches those whose threshold is at or above it. */
  @Property({ type: 'integer', nullable: true })
  priceCents?: number | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt!: Date;
}
