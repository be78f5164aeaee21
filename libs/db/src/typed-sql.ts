import type { GetKyselyOptions, InferClassEntityDB, Kysely, SqlEntityManager } from '@mikro-orm/postgresql';
import type { ColumnType } from 'kysely';
import type { FeaturedGame } from './featured/featured-game.entity.js';
import type { Game } from './games/game.entity.js';
import type { GameListEntry } from './lists/game-list-entry.entity.js';
import type { GameList } from './lists/game-list.entity.js';
import type { NewsArticle } from './news/news-article.entity.js';
import type { NewsFeed } from './news/news-feed.entity.js';
import type { ScraperSource } from './scrapers/scraper-source.entity.js';

/**
 * Queries name entities and their properties (`NewsFeed`, `lastFetchedAt`); MikroORM's Kysely plugin turns
 * them into the tables and columns of the entity metadata. Renaming a property, or giving it another type,
 * fails `npm run typecheck` in every query that uses it.
 */
const OPTIONS = {
  tableNamingStrategy: 'entity',
  columnNamingStrategy: 'property',
  // Rows come back as the entities' types (a timestamptz as a Date), as the types below say.
  convertValues: true,
} as const satisfies GetKyselyOptions;

/** The entity's name as the query's table name (legacy decorators do not carry it in the type). */
type Named<Class, Name extends string> = Class & { '~entityName'?: Name };

/** The entities typed SQL may query; add one here to query it. */
type EntityTables = InferClassEntityDB<
  | Named<typeof FeaturedGame, 'FeaturedGame'>
  | Named<typeof Game, 'Game'>
  | Named<typeof GameList, 'GameList'>
  | Named<typeof GameListEntry, 'GameListEntry'>
  | Named<typeof NewsArticle, 'NewsArticle'>
  | Named<typeof NewsFeed, 'NewsFeed'>
  | Named<typeof ScraperSource, 'ScraperSource'>,
  typeof OPTIONS
>;

/**
 * A class entity's type does not say which properties have a database default (ids, `createdAt`), so every
 * column may be left out of an insert; the database's defaults and NOT NULL constraints decide. Reads and
 * updates keep the property's own type.
 */
type InsertOptional<Table> = {
  [Column in keyof Table]: ColumnType<Table[Column], Table[Column] | undefined, Table[Column]>;
};

export type Database = { [Table in keyof EntityTables]: InsertOptional<EntityTables[Table]> };

export type TypedSql = Kysely<Database>;

/** The typed query builder of repositories, on the EntityManager's connection and current transaction. */
export function typedSql(em: SqlEntityManager): TypedSql {
  return em.getKysely<Database>(OPTIONS);
}
