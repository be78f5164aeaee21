import type {
  ConnectionType,
  GetKyselyOptions,
  PostgreSqlConnection,
  InferClassEntityDB,
  Kysely,
  SqlEntityManager,
} from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import type { ColumnType, Compilable, CompiledQuery, RawBuilder } from 'kysely';
import type { Alert } from './alerts/alert.entity.js';
import type { AlertSettings } from './alerts/alert-settings.entity.js';
import type { GameChange } from './alerts/game-change.entity.js';
import type { Notification } from './alerts/notification.entity.js';
import type { DiaryImport } from './diary/diary-import.entity.js';
import type { GameStatus } from './diary/game-status.entity.js';
import type { GamePlayerTime } from './time-to-beat/game-player-time.entity.js';
import type { GameTimeToBeat } from './time-to-beat/game-time-to-beat.entity.js';
import type { PlaySession } from './diary/play-session.entity.js';
import type { FeedEntry } from './diary/feed-entry.entity.js';
import type { UserFollow } from './diary/user-follow.entity.js';
import type { FeaturedGame } from './featured/featured-game.entity.js';
import type { CatalogueOrdering } from './games/catalogue-ordering.entity.js';
import type { Game } from './games/game.entity.js';
import type { GameLanguage } from './languages/game-language.entity.js';
import type { GameLanguageChange } from './languages/game-language-change.entity.js';
import type { LanguageReport } from './languages/language-report.entity.js';
import type { GameListEntry } from './lists/game-list-entry.entity.js';
import type { GameList } from './lists/game-list.entity.js';
import type { NewsArticle } from './news/news-article.entity.js';
import type { NewsFeed } from './news/news-feed.entity.js';
import type { AppMeta } from './meta/app-meta.entity.js';
import type { OutboxMessage } from './outbox/outbox-message.entity.js';
import type { Outlet } from './outlets/outlet.entity.js';
import type { OutletGameScore } from './outlets/outlet-game-score.entity.js';
import type { Rating } from './ratings/rating.entity.js';
import type { UnusualActivityWindow } from './ratings/unusual-activity-window.entity.js';
import { currentReadRoute } from './replication/read-routing.js';
import type { MediaReview } from './reviews/media-review.entity.js';
import type { ReviewReport } from './reviews/review-report.entity.js';
import type { ReviewVote } from './reviews/review-vote.entity.js';
import type { UserReview } from './reviews/user-review.entity.js';
import type { SimilarGame } from './similar/similar-game.entity.js';
import type { ReviewDiscovery } from './scrapers/review-discovery.entity.js';
import type { ScraperSource } from './scrapers/scraper-source.entity.js';
import type { RevokedToken } from './users/revoked-token.entity.js';
import type { RateLimit } from './rate-limits/rate-limit.entity.js';
import type { User } from './users/user.entity.js';
import type { GameAlias } from './search/game-alias.entity.js';
import type { SearchMiss } from './search/search-miss.entity.js';
import type { RemovedGame } from './games/removed-game.entity.js';
import type { SearchWord } from './search/search-word.entity.js';

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
  | Named<typeof CatalogueOrdering, 'CatalogueOrdering'>
  | Named<typeof SimilarGame, 'SimilarGame'>
  | Named<typeof GameAlias, 'GameAlias'>
  | Named<typeof GameLanguage, 'GameLanguage'>
  | Named<typeof GameLanguageChange, 'GameLanguageChange'>
  | Named<typeof LanguageReport, 'LanguageReport'>
  | Named<typeof GameChange, 'GameChange'>
  | Named<typeof Alert, 'Alert'>
  | Named<typeof AlertSettings, 'AlertSettings'>
  | Named<typeof Notification, 'Notification'>
  | Named<typeof GameList, 'GameList'>
  | Named<typeof GameListEntry, 'GameListEntry'>
  | Named<typeof DiaryImport, 'DiaryImport'>
  | Named<typeof GameStatus, 'GameStatus'>
  | Named<typeof GameTimeToBeat, 'GameTimeToBeat'>
  | Named<typeof GamePlayerTime, 'GamePlayerTime'>
  | Named<typeof PlaySession, 'PlaySession'>
  | Named<typeof FeedEntry, 'FeedEntry'>
  | Named<typeof UserFollow, 'UserFollow'>
  | Named<typeof NewsArticle, 'NewsArticle'>
  | Named<typeof NewsFeed, 'NewsFeed'>
  | Named<typeof ScraperSource, 'ScraperSource'>
  | Named<typeof ReviewDiscovery, 'ReviewDiscovery'>
  | Named<typeof AppMeta, 'AppMeta'>
  | Named<typeof MediaReview, 'MediaReview'>
  | Named<typeof OutboxMessage, 'OutboxMessage'>
  | Named<typeof Outlet, 'Outlet'>
  | Named<typeof OutletGameScore, 'OutletGameScore'>
  | Named<typeof Rating, 'Rating'>
  | Named<typeof ReviewReport, 'ReviewReport'>
  | Named<typeof ReviewVote, 'ReviewVote'>
  | Named<typeof RevokedToken, 'RevokedToken'>
  | Named<typeof RateLimit, 'RateLimit'>
  | Named<typeof UnusualActivityWindow, 'UnusualActivityWindow'>
  | Named<typeof User, 'User'>
  | Named<typeof UserReview, 'UserReview'>
  | Named<typeof SearchMiss, 'SearchMiss'>
  | Named<typeof SearchWord, 'SearchWord'>
  | Named<typeof RemovedGame, 'RemovedGame'>,
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

/**
 * The typed query builder of repositories, on the EntityManager's connection and current transaction.
 * `route` 'read' sends it to a replica when there is one (pass `currentReadRoute()` for a read-only query
 * of a request); inside a transaction the transaction's connection is used whatever the route.
 */
export function typedSql(em: SqlEntityManager, route: ConnectionType = 'write'): TypedSql {
  return em.getKysely<Database>({ ...OPTIONS, type: route });
}

/**
 * Runs a typed query on the connection of `route` (or the EntityManager's current transaction), without
 * the plugin's result conversion: the rows come back as PostgreSQL's driver gives them, under the names
 * the query selects (alias every column in snake case, so the type says what arrives). The conversion
 * walks the whole query tree for every result, ~3 ms for a large query such as the search's; names are
 * still checked and mapped when the query is compiled.
 */
export async function typedRows<Row>(
  em: SqlEntityManager,
  query: Compilable<Row>,
  route: ConnectionType = 'write',
): Promise<Row[]> {
  const compiled: CompiledQuery<Row> & { statement?: string } = query.compile();
  const transaction = em.getTransactionContext<Kysely<unknown>>();
  if (!transaction && compiled.statement && !unpreparable.has(compiled.statement)) {
    // A reusable query's statement is prepared once per connection under its name: PostgreSQL then
    // does not parse it again (nor plan it, when its generic plan is as good): a fifth of its time for
    // a catalogue page, nearly half for a search's cards. The pool is the one the connection's Kysely client
    // uses, with the same type parsers.
    const pool = await nativePool(em.getConnection(route));
    try {
      const { rows } = await pool.query<Row>({
        name: compiled.statement,
        text: compiled.sql,
        values: compiled.parameters as unknown[],
      });
      return rows;
    } catch (error) {
      if (!isStalePreparedStatement(error)) throw error;
      // A migration changed a column under the statement while this process ran (a rolling deploy), or
      // the server lost its prepared statements: this statement runs unprepared from now on.
      unpreparable.add(compiled.statement);
    }
  }
  const client = transaction ?? em.getConnection(route).getClient<unknown>();
  const { rows } = await client.executeQuery<Row>(compiled);
  return rows;
}

/** Prepared statements PostgreSQL refused to run again: see typedRows. */
const unpreparable = new Set<string>();

/**
 * 'cached plan must not change result type' (0A000: a column's type changed since the statement was
 * prepared on that connection) and 'prepared statement does not exist' (26000: a server that forgot it).
 */
function isStalePreparedStatement(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '26000' || (code === '0A000' && /cached plan/i.test(String((error as Error).message)));
}

/** What typedRows asks of the `pg` pool behind a connection: a query by a prepared statement's name. */
interface NativePool {
  query<Row>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }>;
}

function nativePool(connection: ReturnType<SqlEntityManager['getConnection']>): Promise<NativePool> {
  return (connection as unknown as PostgreSqlConnection).getNativeClient() as Promise<NativePool>;
}

/** Like typedRows, in a transaction of its own on the connection of `route`, after `prepare` (set_config). */
export async function typedRowsInTransaction<Row>(
  em: SqlEntityManager,
  prepare: RawBuilder<unknown>,
  query: Compilable<Row>,
  route: ConnectionType = 'write',
): Promise<Row[]> {
  const compiled = query.compile();
  return em
    .getConnection(route)
    .getClient<unknown>()
    .transaction()
    .execute(async (trx) => {
      await prepare.execute(trx);
      return (await trx.executeQuery(compiled)).rows;
    });
}

/** The values a reusable query is built from: text and numbers (parameters), in arrays and objects. */
type Leaf = string | number | boolean | null | undefined;
export type QueryArgs = Leaf | readonly QueryArgs[] | { readonly [key: string]: QueryArgs };

/** Where a value of the arguments goes in the compiled statement's parameters. */
type ParameterSlot = { slot: number } | { constant: unknown } | { array: ParameterSlot[] };

const TEXT_SLOT = '\u0000slot:';
const NUMBER_SLOT = -1e12;

/**
 * Replaces every string and number of `args` by a marker of its position (booleans, null and the
 * arrays' lengths are the query's shape), and collects the values in that order.
 */
function markSlots(args: QueryArgs, values: unknown[]): QueryArgs {
  if (typeof args === 'string') return `${TEXT_SLOT}${values.push(args) - 1}\u0000`;
  if (typeof args === 'number') return NUMBER_SLOT - (values.push(args) - 1);
  if (Array.isArray(args)) return args.map((item: QueryArgs) => markSlots(item, values));
  if (args && typeof args === 'object') {
    return Object.fromEntries(Object.entries(args).map(([key, value]) => [key, markSlots(value, values)]));
  }
  return args;
}

function slotOf(parameter: unknown, count: number): ParameterSlot {
  if (Array.isArray(parameter)) return { array: parameter.map((item) => slotOf(item, count)) };
  if (typeof parameter === 'string' && parameter.includes(TEXT_SLOT)) {
    const slot = parameter.slice(TEXT_SLOT.length, -1);
    if (!parameter.startsWith(TEXT_SLOT) || !parameter.endsWith('\u0000') || !/^\d+$/.test(slot))
      throw new Error(`reusableQuery: a value went into a parameter made from it: ${parameter}`);
    return { slot: Number(slot) };
  }
  if (typeof parameter === 'number' && parameter <= NUMBER_SLOT / 10) {
    const slot = NUMBER_SLOT - parameter;
    if (!Number.isInteger(slot) || slot < 0 || slot >= count)
      throw new Error(`reusableQuery: a number went into a parameter computed from it`);
    return { slot };
  }
  return { constant: parameter };
}

function fill(slot: ParameterSlot, values: unknown[]): unknown {
  if ('slot' in slot) return values[slot.slot];
  if ('array' in slot) return slot.array.map((item) => fill(item, values));
  return slot.constant;
}

/**
 * The name a reusable query's statement is prepared under on each connection: from its text, so two
 * texts never share a name (pg refuses a name prepared with another text) and every process names the
 * same statement alike. A shape's statement is a few kilobytes in each connection's backend, for as
 * many shapes as the queries have (a few hundred).
 */
const statementName = (text: string) => `vq_${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;

/**
 * A typed query built and compiled once per shape of its arguments (how many words, variants...), then
 * reused with the new values as parameters: building the query and the plugin's mapping of entity and
 * property names (~1.5 ms for a query as large as the search's) are paid once per shape, not per
 * request. `build` must put every string and number of `args` into the query as a whole parameter,
 * never look at it nor compute with it (derived values belong in `args`); booleans, null and lengths may
 * decide the query's shape. A value used otherwise throws when the shape is first compiled.
 */
export function reusableQuery<Args extends QueryArgs, Row>(
  build: (db: TypedSql, args: Args) => Compilable<Row>,
  {
    maxShapes = 1000,
    prepare = true,
  }: {
    maxShapes?: number;
    /**
     * Whether typedRows runs the statement prepared once per connection (see typedRows). Not for a
     * statement of many shapes and a large plan each, which every connection would keep.
     */
    prepare?: boolean;
  } = {},
): (em: SqlEntityManager, args: Args) => Compilable<Row> {
  const shapes = new Map<
    string,
    { compiled: CompiledQuery<Row>; parameters: ParameterSlot[]; statement: string | undefined }
  >();
  return (em, args) => {
    const values: unknown[] = [];
    const marked = markSlots(args, values) as Args;
    const key = JSON.stringify(marked);
    let shape = shapes.get(key);
    if (!shape) {
      const compiled = build(typedSql(em), marked).compile();
      if (compiled.sql.includes(TEXT_SLOT)) throw new Error('reusableQuery: a value went into the SQL text');
      shape = {
        compiled,
        parameters: compiled.parameters.map((parameter) => slotOf(parameter, values.length)),
        statement: prepare ? statementName(compiled.sql) : undefined,
      };
      if (shapes.size >= maxShapes) shapes.clear();
      shapes.set(key, shape);
    }
    const { compiled, parameters, statement } = shape;
    const filled = { ...compiled, parameters: parameters.map((slot) => fill(slot, values)), statement };
    return { compile: () => filled };
  };
}

/**
 * The same builder for a read-only query outside a transaction: on a replica when the current request allows
 * it (currentReadRoute), on the primary otherwise. Inside a transaction it runs on the transaction's own
 * connection, like typedSql.
 */
export function typedReadSql(em: SqlEntityManager): TypedSql {
  return typedSql(em, currentReadRoute());
}
