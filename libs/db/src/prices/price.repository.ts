import { EntityRepository } from '@mikro-orm/postgresql';
import type {
  GamePricesBody,
  PriceHistoryPointBody,
  PriceRunSource,
  PriceRunStatusBody,
  PriceStore,
  SteamSpanishBody,
} from '@veredicto/contract';
import { steamSpanishLabel } from '@veredicto/contract';
import { typedSql } from '../typed-sql.js';
import type { PriceOffer } from './price-offer.entity.js';

/** A price as a store answered it in one poll, for one of our games. */
export interface ObservedPrice {
  gameIgdbId: number;
  store: PriceStore;
  platform: string;
  storeId: string;
  url: string;
  regular: number;
  final: number;
  discountPct: number;
  lowest30d: number | null;
  endsAt: Date | null;
}

/** A price that changed (or was seen for the first time) in a poll, with the snapshot that recorded it. */
export interface ChangedPrice extends ObservedPrice {
  snapshotId: string;
  /** The final price before this change; null the first time. */
  previousFinal: number | null;
  /** The game's lowest final price in our snapshots before this change (any store); null without one. */
  previousLow: number | null;
}

/** A game's Steam reviews in Spanish as one poll read them (`spanish` and `latam` added up). */
export interface ObservedSteamSpanish {
  gameIgdbId: number;
  appId: string;
  positive: number;
  total: number;
}

export interface RunCounts {
  games: number;
  changed: number;
  failed: number;
}

/** What a snapshot compares: a poll that reads the same values writes nothing. */
interface Figures {
  regular: number;
  final: number;
  discountPct: number;
  lowest30d?: number | null;
  endsAt?: Date | null;
}

const sameFigures = (a: Figures, b: Figures) =>
  a.regular === b.regular &&
  a.final === b.final &&
  a.discountPct === b.discountPct &&
  (a.lowest30d ?? null) === (b.lowest30d ?? null) &&
  (a.endsAt?.getTime() ?? null) === (b.endsAt?.getTime() ?? null);

const offerKey = (price: Pick<ObservedPrice, 'gameIgdbId' | 'store' | 'platform'>) =>
  `${price.gameIgdbId}|${price.store}|${price.platform}`;

/**
 * Prices per store (docs/CONTRACT.md §20): the current offers, their history of changes and the poll's
 * runs. Store ids come from the language lists (Steam app ids) and game_store_ids (IGDB's external games,
 * Nintendo's matched nsuids).
 */
export class PriceRepository extends EntityRepository<PriceOffer> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /**
   * Every catalogue game with a Steam app id, one app a game: the app of its `steam` language entries
   * (languages.jsonl.gz's link) when it has one, else the lowest of the app ids IGDB's external games gave
   * (game_store_ids), so a game is asked for once and its offer is never written twice in one batch.
   */
  async steamApps(): Promise<{ igdbId: number; appId: string }[]> {
    const fromLanguages = await this.db
      .selectFrom('GameLanguage as l')
      .innerJoin('Game as g', 'g.id', 'l.game')
      .select(['g.igdbId', 'l.sourceRef'])
      .distinctOn('g.igdbId')
      .where('l.source', '=', 'steam')
      .where('l.sourceRef', 'is not', null)
      .orderBy('g.igdbId')
      .execute();
    const fromStoreIds = await this.db
      .selectFrom('GameStoreId as s')
      .innerJoin('Game as g', 'g.id', 's.game')
      .select(['g.igdbId', 's.storeId'])
      .where('s.store', '=', 'steam')
      .execute();
    const isAppId = (value: string | null | undefined): value is string =>
      typeof value === 'string' && /^\d{1,10}$/.test(value);
    const apps = new Map<number, string>();
    for (const row of fromLanguages) if (isAppId(row.sourceRef)) apps.set(row.igdbId, row.sourceRef);
    const fromIgdb = new Map<number, string>();
    for (const row of fromStoreIds) {
      const known = fromIgdb.get(row.igdbId);
      if (isAppId(row.storeId) && (known === undefined || Number(row.storeId) < Number(known)))
        fromIgdb.set(row.igdbId, row.storeId);
    }
    for (const [igdbId, appId] of fromIgdb) if (!apps.has(igdbId)) apps.set(igdbId, appId);
    return [...apps].sort(([a], [b]) => a - b).map(([igdbId, appId]) => ({ igdbId, appId }));
  }

  /**
   * Stores one batch of a poll in one transaction: every offer's `checkedAt` moves on, and a snapshot is
   * written for each offer whose figures changed (or that is new). Answers those changes.
   */
  async recordPrices(observed: ObservedPrice[], seenAt: Date): Promise<ChangedPrice[]> {
    if (observed.length === 0) return [];
    // One offer per game, store and platform: a game with two products on one platform (two editions) shows
    // the cheaper, and one statement never writes a row twice.
    const cheapest = new Map<string, ObservedPrice>();
    for (const price of observed) {
      const known = cheapest.get(offerKey(price));
      if (!known || price.final < known.final) cheapest.set(offerKey(price), price);
    }
    const prices = [...cheapest.values()];
    return this.getEntityManager().transactional(async (tx) => {
      const db = typedSql(tx);
      const current = await db
        .selectFrom('PriceOffer')
        .select(['gameIgdbId', 'store', 'platform', 'regular', 'final', 'discountPct', 'lowest30d', 'endsAt'])
        .where(
          'gameIgdbId',
          'in',
          prices.map((price) => price.gameIgdbId),
        )
        .where('store', 'in', [...new Set(prices.map((price) => price.store))])
        .forUpdate()
        .execute();
      const before = new Map(current.map((row) => [offerKey(row), row]));
      const changed = prices.filter((price) => {
        const previous = before.get(offerKey(price));
        return !previous || !sameFigures(previous, price);
      });
      await db
        .insertInto('PriceOffer')
        .values(prices.map((price) => ({ ...price, checkedAt: seenAt })))
        .onConflict((conflict) =>
          conflict.columns(['gameIgdbId', 'store', 'platform']).doUpdateSet((update) => ({
            storeId: update.ref('excluded.storeId'),
            url: update.ref('excluded.url'),
            regular: update.ref('excluded.regular'),
            final: update.ref('excluded.final'),
            discountPct: update.ref('excluded.discountPct'),
            lowest30d: update.ref('excluded.lowest30d'),
            endsAt: update.ref('excluded.endsAt'),
            checkedAt: update.ref('excluded.checkedAt'),
          })),
        )
        .execute();
      if (changed.length === 0) return [];
      const lows = await db
        .selectFrom('PriceSnapshot')
        .select(['gameIgdbId', (eb) => eb.fn.min('final').as('low')])
        .where(
          'gameIgdbId',
          'in',
          changed.map((price) => price.gameIgdbId),
        )
        .groupBy('gameIgdbId')
        .execute();
      const lowOf = new Map(lows.map((row) => [row.gameIgdbId, Number(row.low)]));
      const snapshots = await db
        .insertInto('PriceSnapshot')
        .values(
          changed.map((price) => ({
            gameIgdbId: price.gameIgdbId,
            store: price.store,
            platform: price.platform,
            regular: price.regular,
            final: price.final,
            discountPct: price.discountPct,
            lowest30d: price.lowest30d,
            endsAt: price.endsAt,
            seenAt,
          })),
        )
        .returning(['id'])
        .execute();
      return changed.map((price, index) => ({
        ...price,
        snapshotId: String(snapshots[index]!.id),
        previousFinal: before.get(offerKey(price))?.final ?? null,
        previousLow: lowOf.get(price.gameIgdbId) ?? null,
      }));
    });
  }

  /** Each reader's threshold on these games (price_alerts), by game. */
  async thresholds(igdbIds: number[]): Promise<Map<number, number[]>> {
    const byGame = new Map<number, number[]>();
    if (igdbIds.length === 0) return byGame;
    const rows = await this.db
      .selectFrom('PriceAlert')
      .select(['gameIgdbId', 'priceBelow'])
      .where('gameIgdbId', 'in', igdbIds)
      .execute();
    for (const row of rows)
      byGame.set(row.gameIgdbId, [...(byGame.get(row.gameIgdbId) ?? []), row.priceBelow]);
    return byGame;
  }

  /** A reader's threshold on a game; null when they set none. */
  async threshold(userId: number, igdbId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('PriceAlert')
      .select('priceBelow')
      .where('user', '=', userId)
      .where('gameIgdbId', '=', igdbId)
      .executeTakeFirst();
    return row?.priceBelow ?? null;
  }

  /** Sets (or with null removes) a reader's threshold on a game. */
  async setThreshold(userId: number, igdbId: number, priceBelow: number | null): Promise<void> {
    if (priceBelow === null) {
      await this.db
        .deleteFrom('PriceAlert')
        .where('user', '=', userId)
        .where('gameIgdbId', '=', igdbId)
        .execute();
      return;
    }
    await this.db
      .insertInto('PriceAlert')
      .values({ user: userId, gameIgdbId: igdbId, priceBelow })
      .onConflict((conflict) =>
        conflict.columns(['user', 'gameIgdbId']).doUpdateSet({ priceBelow, createdAt: new Date() }),
      )
      .execute();
  }

  async startRun(store: PriceRunSource, startedAt: Date): Promise<number> {
    const row = await this.db
      .insertInto('PriceRun')
      .values({ store, startedAt, games: 0, changed: 0, failed: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async finishRun(id: number, counts: RunCounts): Promise<void> {
    await this.db
      .updateTable('PriceRun')
      .set({ ...counts, finishedAt: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** The last run of each store, for the admin. */
  async lastRuns(): Promise<PriceRunStatusBody[]> {
    const rows = await this.db
      .selectFrom('PriceRun')
      .select(['store', 'startedAt', 'finishedAt', 'games', 'changed', 'failed'])
      .distinctOn('store')
      .orderBy('store')
      .orderBy('startedAt', 'desc')
      .execute();
    return rows.map((row) => ({
      ...row,
      startedAt: row.startedAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    }));
  }

  /** The game page's block: current offers and the historic low of our snapshots. */
  async gamePrices(igdbId: number): Promise<GamePricesBody> {
    // Two statements at once (each on its own pooled connection): the block waits for one round trip.
    const [offers, low] = await Promise.all([
      this.db
        .selectFrom('PriceOffer')
        .selectAll()
        .where('gameIgdbId', '=', igdbId)
        .orderBy('final')
        .orderBy('store')
        .orderBy('platform')
        .execute(),
      this.db
        .selectFrom('PriceSnapshot')
        .select(['final', 'store', 'seenAt'])
        .where('gameIgdbId', '=', igdbId)
        .orderBy('final')
        .orderBy('seenAt')
        .limit(1)
        .executeTakeFirst(),
    ]);
    return {
      offers: offers.map((offer) => ({
        store: offer.store,
        platform: offer.platform,
        url: offer.url,
        regular: offer.regular,
        final: offer.final,
        discountPct: offer.discountPct,
        lowest30d: offer.lowest30d ?? null,
        endsAt: offer.endsAt?.toISOString() ?? null,
        asOf: offer.checkedAt.toISOString(),
      })),
      historicLow: low ? { final: low.final, store: low.store, at: low.seenAt.toISOString() } : null,
      subscriptions: [],
    };
  }

  /** Every change we saw of the game's prices, oldest first (a store's only when given). */
  async history(igdbId: number, store?: PriceStore): Promise<PriceHistoryPointBody[]> {
    const rows = await this.db
      .selectFrom('PriceSnapshot')
      .select(['store', 'platform', 'regular', 'final', 'discountPct', 'seenAt'])
      .where('gameIgdbId', '=', igdbId)
      .$if(store !== undefined, (query) => query.where('store', '=', store!))
      .orderBy('seenAt')
      .orderBy('id')
      .limit(2000)
      .execute();
    return rows.map(({ seenAt, ...row }) => ({ ...row, at: seenAt.toISOString() }));
  }

  /**
   * The Steam apps whose review summary in Spanish is read next: the never read first, then the longest
   * unread, at most `limit` (the budget of a run, docs/PRICES.md).
   */
  async steamSpanishDue(limit: number): Promise<{ igdbId: number; appId: string }[]> {
    const checked = new Map(
      (await this.db.selectFrom('SteamSpanishReviews').select(['gameIgdbId', 'checkedAt']).execute()).map(
        (row) => [row.gameIgdbId, row.checkedAt.getTime()],
      ),
    );
    const at = (igdbId: number) => checked.get(igdbId) ?? -Infinity;
    return (await this.steamApps()).sort((a, b) => at(a.igdbId) - at(b.igdbId)).slice(0, limit);
  }

  async recordSteamSpanish(observed: ObservedSteamSpanish[], checkedAt: Date): Promise<void> {
    if (observed.length === 0) return;
    await this.db
      .insertInto('SteamSpanishReviews')
      .values(observed.map((row) => ({ ...row, checkedAt })))
      .onConflict((conflict) =>
        conflict.column('gameIgdbId').doUpdateSet((update) => ({
          appId: update.ref('excluded.appId'),
          positive: update.ref('excluded.positive'),
          total: update.ref('excluded.total'),
          checkedAt: update.ref('excluded.checkedAt'),
        })),
      )
      .execute();
  }

  /** 'En Steam, en español' for the game page; null when never read or no review is in Spanish. */
  async steamSpanish(igdbId: number): Promise<SteamSpanishBody | null> {
    const row = await this.db
      .selectFrom('SteamSpanishReviews')
      .select(['positive', 'total'])
      .where('gameIgdbId', '=', igdbId)
      .executeTakeFirst();
    if (!row || row.total === 0) return null;
    return { ...row, label: steamSpanishLabel(row.positive, row.total) };
  }
}
