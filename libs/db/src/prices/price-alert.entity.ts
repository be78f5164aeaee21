import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';

/**
 * A reader's threshold for one game (docs/CONTRACT.md §20): a polled price at or below it raises a
 * `price-below` alert for them, whether they follow the game or not.
 */
@Entity({ tableName: 'price_alerts' })
export class PriceAlert {
  @ManyToOne(() => User, { primary: true, deleteRule: 'cascade' })
  user!: User;

  @PrimaryKey()
  gameIgdbId!: number;

  /** Cents of euro. */
  @Property({ type: 'integer' })
  priceBelow!: number;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt!: Date;
}
