import { EntityRepository } from '@mikro-orm/postgresql';
import {
  SUBSCRIPTION_SERVICE_NAMES,
  type GamePricesBody,
  type SubscriptionService,
} from '@veredicto/contract';
import { sql } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type { SubscriptionMembership } from './subscription-membership.entity.js';

/** A stay in a service still open (the product is in it now). */
export interface OpenMembership {
  id: number;
  storeId: string;
  since: Date;
  leaving: Date | null;
}

/** What one poll of a service changed: the open stays before and after it, and whether it was the first. */
export interface MembershipChanges {
  before: OpenMembership[];
  after: OpenMembership[];
  /** No poll of the service had recorded anything yet: its memberships are a baseline, not news. */
  first: boolean;
  entered: number;
  leaving: number;
  left: number;
}

/**
 * Subscriptions (docs/CONTRACT.md §20): the products in each service, since when, leaving and left, and a
 * game's current subscriptions for its page. Games link to products by their Microsoft Store ids.
 */
export class SubscriptionRepository extends EntityRepository<SubscriptionMembership> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /** Every catalogue game's Microsoft Store ids (game_store_ids, store 'xbox'), upper-cased. */
  async microsoftStoreIds(): Promise<{ igdbId: number; storeId: string }[]> {
    const rows = await this.db
      .selectFrom('GameStoreId as s')
      .innerJoin('Game as g', 'g.id', 's.game')
      .select(['g.igdbId', 's.storeId'])
      .where('s.store', '=', 'xbox')
      .orderBy('g.igdbId')
      .execute();
    return rows.map((row) => ({ igdbId: row.igdbId, storeId: row.storeId.toUpperCase() }));
  }

  /**
   * Records one complete read of a service's lists in one transaction: a product not in it before opens a
   * stay, one still there moves its `seenAt` on (its `leaving` set the first time it is in 'leaving soon',
   * cleared when it is no longer there), one gone is closed. `seen` maps each product to whether it is
   * leaving. Answers the open stays before and after, for the alerts.
   */
  async recordMemberships(
    service: SubscriptionService,
    seen: ReadonlyMap<string, boolean>,
    at: Date,
  ): Promise<MembershipChanges> {
    return this.getEntityManager().transactional(async (tx) => {
      const db = typedSql(tx);
      const open = () =>
        db
          .selectFrom('SubscriptionMembership')
          .select(['id', 'storeId', 'since', 'leaving'])
          .where('service', '=', service)
          .where('leftAt', 'is', null)
          .orderBy('id');
      const before = (await open().forUpdate().execute()).map(toOpen);
      const first =
        before.length === 0 &&
        !(await db
          .selectFrom('SubscriptionMembership')
          .select('id')
          .where('service', '=', service)
          .limit(1)
          .executeTakeFirst());
      const current = new Map(before.map((row) => [row.storeId, row]));
      const entering = [...seen].filter(([storeId]) => !current.has(storeId));
      const gone = before.filter((row) => !seen.has(row.storeId)).map((row) => row.id);
      const nowLeaving = before.filter((row) => seen.get(row.storeId) === true && row.leaving === null);
      const noLongerLeaving = before.filter((row) => seen.get(row.storeId) === false && row.leaving !== null);
      if (entering.length > 0) {
        await db
          .insertInto('SubscriptionMembership')
          .values(
            entering.map(([storeId, leaving]) => ({
              service,
              storeId,
              since: at,
              leaving: leaving ? at : null,
              seenAt: at,
            })),
          )
          .execute();
      }
      const stillThere = before.filter((row) => seen.has(row.storeId)).map((row) => row.id);
      if (stillThere.length > 0)
        await db
          .updateTable('SubscriptionMembership')
          .set({ seenAt: at })
          .where('id', 'in', stillThere)
          .execute();
      if (nowLeaving.length > 0)
        await db
          .updateTable('SubscriptionMembership')
          .set({ leaving: at })
          .where(
            'id',
            'in',
            nowLeaving.map((row) => row.id),
          )
          .execute();
      if (noLongerLeaving.length > 0)
        await db
          .updateTable('SubscriptionMembership')
          .set({ leaving: null })
          .where(
            'id',
            'in',
            noLongerLeaving.map((row) => row.id),
          )
          .execute();
      if (gone.length > 0)
        await db.updateTable('SubscriptionMembership').set({ leftAt: at }).where('id', 'in', gone).execute();
      return {
        before,
        after: (await open().execute()).map(toOpen),
        first,
        entered: entering.length,
        leaving: nowLeaving.length + entering.filter(([, leaving]) => leaving).length,
        left: gone.length,
      };
    });
  }

  /**
   * The game's current subscriptions for its page: per service, `since` the earliest open stay of any of its
   * products, and `leaving` only when every product of it in the service is in 'leaving soon' (the latest
   * such day), as days in Spain (yyyy-MM-dd).
   */
  async forGame(igdbId: number): Promise<GamePricesBody['subscriptions']> {
    const rows = await this.db
      .selectFrom('SubscriptionMembership as m')
      .innerJoin('GameStoreId as s', (join) =>
        join
          .on('s.store', '=', 'xbox')
          .on((eb) => eb(sql`upper(${eb.ref('s.storeId')})`, '=', eb.ref('m.storeId'))),
      )
      .innerJoin('Game as g', 'g.id', 's.game')
      .select((eb) => [
        'm.service',
        sql<string>`to_char(min(${eb.ref('m.since')}) at time zone 'Europe/Madrid', 'YYYY-MM-DD')`.as(
          'sinceDay',
        ),
        sql<
          string | null
        >`case when bool_and(${eb.ref('m.leaving')} is not null) then to_char(max(${eb.ref('m.leaving')}) at time zone 'Europe/Madrid', 'YYYY-MM-DD') end`.as(
          'leavingDay',
        ),
      ])
      .where('g.igdbId', '=', igdbId)
      .where('m.leftAt', 'is', null)
      .groupBy('m.service')
      .orderBy('m.service')
      .execute();
    return rows.map((row) => ({
      service: SUBSCRIPTION_SERVICE_NAMES[row.service],
      since: row.sinceDay,
      leaving: row.leavingDay,
    }));
  }
}

const toOpen = (row: {
  id: number;
  storeId: string;
  since: Date;
  leaving?: Date | null;
}): OpenMembership => ({
  id: row.id,
  storeId: row.storeId,
  since: row.since,
  leaving: row.leaving ?? null,
});
