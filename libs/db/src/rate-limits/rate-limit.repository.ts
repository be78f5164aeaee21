import { EntityRepository } from '@mikro-orm/postgresql';
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
