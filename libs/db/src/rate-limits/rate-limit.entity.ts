import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { RateLimitRepository } from './rate-limit.repository.js';

/**
 * One rate limit's count (a throttler's window, an account's failed logins) when there is no Redis: every
 * API process of `npm start` reads and changes the same row. Gone once neither time is ahead.
 */
@Entity({ tableName: 'rate_limits', repository: () => RateLimitRepository })
export class RateLimit {
  [EntityRepositoryType]?: RateLimitRepository;

  @PrimaryKey({ type: 'text' })
  key!: string;

  /** Requests in the window, or failures in a row. */
  @Property({ type: 'integer' })
  count!: number;

  /** When the count starts again from zero: the window's end, or the failures forgotten. */
  @Property({ type: 'timestamptz' })
  @Index({ name: 'rate_limits_resets_at_idx' })
  resetsAt!: Date;

  /** Until when the key is held back (blocked, or its next attempt delayed). */
  @Property({ type: 'timestamptz' })
  heldUntil!: Date;
}
