import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { SubscriptionService } from '@veredicto/contract';
import { SubscriptionRepository } from './subscription.repository.js';

/**
 * One stay of a product in a subscription service (docs/CONTRACT.md §20): a Microsoft Store big id in Game
 * Pass from the first poll that saw it (`since`) until the first poll that no longer did (`leftAt`), with
 * the day we first saw it in the 'leaving soon' list (`leaving`). A product that comes back is a new row, so
 * an alert keyed by the row fires once per stay. Games link to it through game_store_ids (store 'xbox').
 */
@Entity({ tableName: 'subscription_memberships', repository: () => SubscriptionRepository })
@Unique({
  name: 'subscription_memberships_open_unique',
  expression:
    'create unique index "subscription_memberships_open_unique" on "subscription_memberships" ("service", "store_id") where "left_at" is null',
})
export class SubscriptionMembership {
  [EntityRepositoryType]?: SubscriptionRepository;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 20 })
  service!: SubscriptionService;

  /** The service's product id: a Microsoft Store big id, upper-cased. */
  @Property({ type: 'text' })
  storeId!: string;

  @Property({ type: 'timestamptz' })
  since!: Date;

  /** When we first saw it in the service's 'leaving soon' list; null when it is not there. */
  @Property({ type: 'timestamptz', nullable: true })
  leaving?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  leftAt?: Date | null;

  /** The last poll that saw it. */
  @Property({ type: 'timestamptz' })
  seenAt!: Date;
}
