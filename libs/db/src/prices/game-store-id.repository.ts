import { EntityRepository } from '@mikro-orm/postgresql';
import { platformName, type PriceStore } from '@veredicto/contract';
import { sql } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type { GameStoreId, GameStoreIdSource } from './game-store-id.entity.js';

/** A store id as a source names it, for one of our games (by its IGDB id). */
export interface StoreIdLink {
  igdbId: number;
  store: PriceStore;
  storeId: string;
  source: GameStoreIdSource;
}

/** A catalogue game the Nintendo matcher may link: its title and its day of release. */
export interface NintendoCandidate {
  igdbId: number;
  title: string;
  /** YYYY-MM-DD. */
  releaseDate: string;
}

const NINTENDO_PLATFORMS = [platformName('switch')!, platformName('switch-2')!];

/** The stores' ids of catalogue games (docs/CONTRACT.md §20), as the price poll reads them. */
export class GameStoreIdRepository extends EntityRepository<GameStoreId> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /**
   * Stores links (a link already known only moves its `seenAt` on); games not in the catalogue are skipped.
   * Answers how many links were new.
   */
  async link(links: StoreIdLink[], seenAt: Date): Promise<number> {
    if (links.length === 0) return 0;
    const games = await this.db
      .selectFrom('Game')
      .select(['id', 'igdbId'])
      .where('igdbId', 'in', [...new Set(links.map((link) => link.igdbId))])
      .execute();
    const gameOf = new Map(games.map((game) => [game.igdbId, game.id]));
    const unique = new Map<
      string,
      { game: number; store: PriceStore; storeId: string; source: GameStoreIdSource }
    >();
    for (const link of links) {
      const game = gameOf.get(link.igdbId);
      if (game !== undefined) unique.set(`${game}|${link.store}|${link.storeId}`, { ...link, game });
    }
    if (unique.size === 0) return 0;
    const rows = await this.db
      .insertInto('GameStoreId')
      .values(
        [...unique.values()].map(({ game, store, storeId, source }) => ({
          game,
          store,
          storeId,
          source,
          seenAt,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['game', 'store', 'storeId']).doUpdateSet((update) => ({
          seenAt: update.ref('excluded.seenAt'),
        })),
      )
      // xmax is 0 only on a row this statement inserted (an updated row carries the updating transaction).
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .execute();
    return rows.filter((row) => row.inserted).length;
  }

  /** Every catalogue game's ids in one store, by game, in a stable order. */
  async storeIds(store: PriceStore): Promise<{ igdbId: number; storeId: string }[]> {
    return this.db
      .selectFrom('GameStoreId as s')
      .innerJoin('Game as g', 'g.id', 's.game')
      .select(['g.igdbId', 's.storeId'])
      .where('s.store', '=', store)
      .orderBy('g.igdbId')
      .orderBy('s.storeId')
      .execute();
  }

  /**
   * The Nintendo games the matcher may still link: on Switch or Switch 2, released on a known day (a date
   * known only to the month or year could meet any eShop date near it), and without an nsuid yet.
   */
  async nintendoCandidates(): Promise<NintendoCandidate[]> {
    const rows = await this.db
      .selectFrom('Game as g')
      .select(['g.igdbId', 'g.title'])
      .select((eb) => sql<string | null>`to_char(${eb.ref('g.releaseDate')}, 'YYYY-MM-DD')`.as('releaseDate'))
      .where('g.platforms', '&&', sql<string[]>`${NINTENDO_PLATFORMS}::text[]`)
      .where('g.releaseDate', 'is not', null)
      .where((eb) =>
        eb.or([eb('g.releaseDatePrecision', 'is', null), eb('g.releaseDatePrecision', '=', 'day')]),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('GameStoreId as s')
              .select('s.id')
              .whereRef('s.game', '=', 'g.id')
              .where('s.store', '=', 'nintendo'),
          ),
        ),
      )
      .orderBy('g.igdbId')
      .execute();
    return rows.flatMap((row) =>
      row.releaseDate ? [{ igdbId: row.igdbId, title: row.title, releaseDate: row.releaseDate }] : [],
    );
  }
}
