import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type { RateLimit } from './rate-limit.entity.js';

/** A key's count as the rules read it, times in milliseconds since the epoch. */
export interface RateLimitEntry {
  count: number;
  resetsAt: number;
  heldUntil: number;
}

/** What a rule makes of a key's entry: the entry to keep (null: forget the key) and its answer. */
export interface RateLimitChange<T> {
  entry: RateLimitEntry | null;
  result: T;
}

/** One change in SWEEP_EVERY also drops the keys nobody came back to. */
const SWEEP_EVERY = 200;

export class RateLimitRepository extends EntityRepository<RateLimit> {
  /**
   * Applies a rule to a key's entry (null when it has none or it has lapsed at `now`) and stores what the
   * rule gives back, the row locked meanwhile: two API processes counting the same key take turns.
   */
  async change<T>(
    key: string,
    now: number,
    rule: (entry: RateLimitEntry | null) => RateLimitChange<T>,
  ): Promise<T> {
    const answer = await this.getEntityManager().transactional(async (em) => {
      const db = typedSql(em);
      // The row exists before it is locked, so two first requests at once wait for each other too.
      await db
        .insertInto('RateLimit')
        .values({ key, count: 0, resetsAt: new Date(0), heldUntil: new Date(0) })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('RateLimit')
        .select(['count', 'resetsAt', 'heldUntil'])
        .where('key', '=', key)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const stored: RateLimitEntry = {
        count: row.count,
        resetsAt: row.resetsAt.getTime(),
        heldUntil: row.heldUntil.getTime(),
      };
      const { entry, result } = rule(stored.resetsAt > now || stored.heldUntil > now ? stored : null);
      if (entry) {
        await db
          .updateTable('RateLimit')
          .set({
            count: entry.count,
            resetsAt: new Date(entry.resetsAt),
            heldUntil: new Date(entry.heldUntil),
          })
          .where('key', '=', key)
          .execute();
      } else {
        await db.deleteFrom('RateLimit').where('key', '=', key).execute();
      }
      return result;
    });
    if (Math.random() < 1 / SWEEP_EVERY) await this.sweep(now);
    return answer;
  }

  /**
   * One hit of a throttler on `key`, counted in one statement (the row locked only while it runs, so hits on
   * one key from many requests at once never wait on each other's round trips): a fixed window of `ttl` ms
   * (count, resetsAt) started by the first hit after the last ended; past `limit` hits in it the key is held
   * for `blockDuration` (the window's length when 0), which may outlive the window. The rule of the Redis
   * storage's script. Answers the entry after the hit, times in milliseconds.
   */
  async countHit(
    key: string,
    now: number,
    ttl: number,
    limit: number,
    blockDuration: number,
  ): Promise<RateLimitEntry> {
    const at = new Date(now);
    const windowEnd = new Date(now + ttl);
    const heldTo = new Date(now + (blockDuration || ttl));
    const row = await typedSql(this.getEntityManager())
      .insertInto('RateLimit')
      .values({
        key,
        count: 1,
        resetsAt: windowEnd,
        heldUntil: 1 > limit ? heldTo : new Date(0),
      })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet(() => {
          const inWindow = sql<boolean>`rate_limits.resets_at > ${at}`;
          const count = sql<number>`case when ${inWindow} then rate_limits.count + 1 else 1 end`;
          return {
            count,
            resetsAt: sql<Date>`case when ${inWindow} then rate_limits.resets_at else ${windowEnd} end`,
            heldUntil: sql<Date>`case when rate_limits.held_until <= ${at} and ${count} > ${limit} then ${heldTo} else rate_limits.held_until end`,
          };
        }),
      )
      .returning(['count', 'resetsAt', 'heldUntil'])
      .executeTakeFirstOrThrow();
    if (Math.random() < 1 / SWEEP_EVERY) await this.sweep(now);
    return { count: row.count, resetsAt: row.resetsAt.getTime(), heldUntil: row.heldUntil.getTime() };
  }

  /** Forgets a key (a right password). */
  async forget(key: string): Promise<void> {
    await typedSql(this.getEntityManager()).deleteFrom('RateLimit').where('key', '=', key).execute();
  }

  /** Drops every key lapsed at `now`. */
  async sweep(now: number): Promise<number> {
    const at = new Date(now);
    const removed = await typedSql(this.getEntityManager())
      .deleteFrom('RateLimit')
      .where('resetsAt', '<=', at)
      .where('heldUntil', '<=', at)
      .executeTakeFirst();
    return Number(removed.numDeletedRows);
  }
}
