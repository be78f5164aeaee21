import { EntityRepository, type SqlEntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { GameAlias, type AliasKind } from '../search/game-alias.entity.js';
import {
  aliasRows,
  renormalizeAliasTerms,
  replaceGameAliases,
  type GameAliasReplacement,
} from '../search/game-alias.repository.js';
import { inBulkSession } from '../bulk-copy.js';
import { Game, type SpanishTextSource } from './game.entity.js';
import { GameRecordset } from './game-recordset.js';
import type { GameUpsertRow, SpanishContentRow } from './game-rows.js';
import { normalizeSearchText, titleAcronyms, titleWithoutBrand } from './search-text.js';
import { isMatureTitle } from './mature.js';
import { isAddon } from './addon.js';
import { typedSql, type TypedSql } from '../typed-sql.js';

/** The games' columns an import writes (the rest are ours: averages, Spanish texts, marks of use). */
const IMPORTED_COLUMNS = [
  'igdbId',
  'slug',
  'title',
  'searchName',
  'platforms',
  'releaseDate',
  'releaseDatePrecision',
  'imageCover',
  'imageArt',
  'summary',
  'genres',
  'developers',
  'publishers',
  'screenshots',
  'bigScreenshots',
  'videos',
  'igdbRating',
  'metascore',
  'externalUserScore',
  'mature',
  'addon',
] as const;

type ImportedColumn = (typeof IMPORTED_COLUMNS)[number];

/** A game as an import stores it: lengths cut to the columns', the adult and add-on marks decided. */
function storedGame(game: GameUpsertRow): { [K in ImportedColumn]: unknown } {
  return {
    igdbId: game.igdbId,
    slug: game.slug,
    title: game.title.slice(0, 300),
    searchName: game.searchName.slice(0, 300),
    platforms: game.platforms,
    releaseDate: game.releaseDate,
    releaseDatePrecision: game.releaseDatePrecision,
    imageCover: game.imageCover,
    imageArt: game.imageArt,
    summary: game.summary,
    genres: game.genres,
    developers: game.developers,
    publishers: game.publishers,
    screenshots: game.screenshots,
    bigScreenshots: game.bigScreenshots,
    videos: game.videos,
    igdbRating: game.igdbRating,
    metascore: game.metascore ?? null,
    externalUserScore: game.externalUserScore ?? null,
    mature: game.matureTheme === true || isMatureTitle(game.title),
    addon: isAddon(game.title, game.addonByType),
  };
}

/** The kinds of alias made from the title alone, made again whenever the title is imported or normalised. */
const TITLE_ALIAS_KINDS: AliasKind[] = ['acronym', 'unbranded'];

/**
 * The aliases made from a title: its name without a brand, and its acronyms when the game is one people
 * know (one with reference scores); for the long tail an acronym would only crowd out better matches.
 */
function titleAliases(title: string, known: boolean): { kind: AliasKind; alias: string }[] {
  const unbranded = titleWithoutBrand(title);
  return [
    ...(unbranded ? [{ kind: 'unbranded' as const, alias: unbranded }] : []),
    ...(known ? titleAcronyms(title).map((alias) => ({ kind: 'acronym' as const, alias })) : []),
  ];
}

/** The aliases an import gives a game: those of its title and the names of the kinds it brings. */
function importedAliases(game: GameUpsertRow): GameAliasReplacement {
  const given = Object.entries(game.aliases ?? {}) as [AliasKind, string[]][];
  return {
    igdbId: game.igdbId,
    kinds: [...TITLE_ALIAS_KINDS, ...given.map(([kind]) => kind)],
    aliases: [
      ...titleAliases(game.title, game.metascore != null || game.igdbRating != null),
      ...given.flatMap(([kind, names]) => names.map((alias) => ({ kind, alias }))),
    ],
  };
}

/**
 * What brings games in from outside: the one upsert of the seed importer and the IGDB import, the Spanish
 * seed file's texts, and the stored search text after its normalisation changed.
 */
export class GameImportRepository extends EntityRepository<Game> {
  constructor(em: SqlEntityManager) {
    super(em, Game);
  }

  /** Typed SQL on the primary (or the current transaction). */
  private get db(): TypedSql {
    return typedSql(this.getEntityManager());
  }

  /**
   * Inserts or refreshes games by igdb_id in one statement (idempotent): the one upsert of the seed
   * importer and the IGDB import. Our own averages are left alone; empty media lists and missing
   * reference scores never wipe what is stored.
   */
  async upsertGames(games: GameUpsertRow[]): Promise<number> {
    if (games.length === 0) return 0;
    const columns = IMPORTED_COLUMNS;
    const x = new GameRecordset(
      this.getEntityManager().getMetadata(this.entityName),
      'x',
      columns,
      games.map(storedGame),
    );
    const result = await this.db
      .with('upserted', (db) =>
        db
          .insertInto('Game')
          .columns(columns)
          .expression(db.selectFrom(x.table()).select(columns.map((column) => x.ref(column).as(column))))
          .onConflict((conflict) =>
            conflict.column('igdbId').doUpdateSet((eb) => {
              const excluded = <K extends (typeof columns)[number]>(column: K) =>
                eb.ref(`excluded.${column}`);
              const kept = <K extends (typeof columns)[number]>(column: K) =>
                eb.fn.coalesce(excluded(column), eb.ref(`Game.${column}`));
              // A machine translation of an English synopsis that changed is stale: the next sweep redoes it.
              const staleTranslation = eb.and([
                eb('Game.summaryEsSource', '<>', sql.lit('seed')),
                eb(excluded('summary'), 'is distinct from', eb.ref('Game.summary')),
                eb(excluded('summary'), 'is not', null),
              ]);
              const nonEmpty = <K extends 'screenshots' | 'bigScreenshots'>(column: K) =>
                eb
                  .case()
                  .when(sql`cardinality(${excluded(column)})`, '>', sql.lit(0))
                  .then(excluded(column))
                  .else(eb.ref(`Game.${column}`))
                  .end();
              return {
                slug: excluded('slug'),
                title: excluded('title'),
                searchName: excluded('searchName'),
                platforms: excluded('platforms'),
                releaseDate: excluded('releaseDate'),
                releaseDatePrecision: excluded('releaseDatePrecision'),
                imageCover: kept('imageCover'),
                imageArt: kept('imageArt'),
                summary: kept('summary'),
                summaryEs: eb
                  .case()
                  .when(staleTranslation)
                  .then(sql<null>`null`)
                  .else(eb.ref('Game.summaryEs'))
                  .end(),
                summaryEsSource: eb
                  .case()
                  .when(staleTranslation)
                  .then(sql<null>`null`)
                  .else(eb.ref('Game.summaryEsSource'))
                  .end(),
                genres: excluded('genres'),
                mature: excluded('mature'),
                addon: excluded('addon'),
                developers: excluded('developers'),
                publishers: excluded('publishers'),
                screenshots: nonEmpty('screenshots'),
                bigScreenshots: nonEmpty('bigScreenshots'),
                videos: eb
                  .case()
                  .when(sql`jsonb_array_length(${excluded('videos')})`, '>', sql.lit(0))
                  .then(excluded('videos'))
                  .else(eb.ref('Game.videos'))
                  .end(),
                igdbRating: kept('igdbRating'),
                metascore: kept('metascore'),
                externalUserScore: kept('externalUserScore'),
                updatedAt: sql<Date>`now()`,
              };
            }),
          )
          .returning(sql<number>`1`.as('one')),
      )
      .selectFrom('upserted')
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirst();
    await this.aliases().replaceAliases(games.map(importedAliases));
    return Number(result?.total ?? 0);
  }

  /**
   * The first load of a catalogue: with the games table empty, the games and their aliases go in with
   * `COPY` (no conflict to look for, no JSON to take apart), in one transaction that keeps other writers
   * out. The rows end as upsertGames would write them into the empty table. Answers undefined, writing
   * nothing, when the table holds games (or the list names one twice): upsertGames is the way then.
   */
  async copyIntoEmpty(games: GameUpsertRow[]): Promise<number | undefined> {
    if (games.length === 0 || new Set(games.map((game) => game.igdbId)).size < games.length) return undefined;
    const em = this.getEntityManager();
    const db = typedSql(em);
    return inBulkSession(em, async (session) => {
      const gameMeta = em.getMetadata(this.entityName);
      await session.lockAgainstWriters(gameMeta);
      if ((await session.run(db.selectFrom('Game').select('id').limit(1))).length) return undefined;
      await session.copy(gameMeta, IMPORTED_COLUMNS, games.map(storedGame));
      const ids = new Map(
        (
          await session.run(
            db.selectFrom('Game').select((eb) => [eb.ref('id').as('id'), eb.ref('igdbId').as('igdb_id')]),
          )
        ).map((row) => [Number(row.igdb_id), Number(row.id)]),
      );
      const aliases = aliasRows(games.map(importedAliases)).map((row) => ({
        game: ids.get(row.igdbId)!,
        kind: row.kind,
        alias: row.alias,
        term: row.term,
      }));
      // As the upsert's ON CONFLICT DO NOTHING: the first of a game's equal terms of one kind.
      const unique = new Map<string, (typeof aliases)[number]>();
      for (const alias of aliases) {
        const key = `${alias.game}|${alias.kind}|${alias.term}`;
        if (!unique.has(key)) unique.set(key, alias);
      }
      // These games are this transaction's own, their insert gave them a search_version: the aliases'
      // trigger need not give them another (Migration20261201130000_FreshGamesAliasBump).
      await session.run(sql`select set_config('veredicto.fresh_games', 'on', true)`.compile(db));
      await session.copy(em.getMetadata(GameAlias), ['game', 'kind', 'alias', 'term'], unique.values());
      return games.length;
    });
  }

  /** The alias statements run on this repository's EntityManager (the entity class would be an import cycle). */
  private aliases() {
    return {
      replaceAliases: (games: GameAliasReplacement[]) => replaceGameAliases(this.em, games),
      renormalizeTerms: (batchSize: number) => renormalizeAliasTerms(this.em, batchSize),
    };
  }

  /**
   * Brings the stored search text of every game and alias up to the current normalisation, in batches
   * (after normalizeSearchText changed): search_name, the title acronyms and the terms of the aliases.
   */
  async refreshSearchText(batchSize = 5000): Promise<number> {
    let lastId = 0;
    let games = 0;
    for (;;) {
      const rows = await this.db
        .selectFrom('Game')
        .select((eb) => [
          'id',
          'igdbId',
          'title',
          eb.or([eb('metascore', 'is not', null), eb('igdbRating', 'is not', null)]).as('known'),
        ])
        .where('id', '>', lastId)
        .orderBy('id')
        .limit(batchSize)
        .execute();
      if (rows.length === 0) break;
      lastId = Number(rows.at(-1)!.id);
      games += rows.length;
      const x = new GameRecordset(
        this.getEntityManager().getMetadata(this.entityName),
        'x',
        ['id', 'searchName'],
        rows.map((row) => ({ id: Number(row.id), searchName: normalizeSearchText(row.title).slice(0, 300) })),
      );
      await this.db
        .updateTable('Game')
        .from(x.table())
        .set({ searchName: x.ref('searchName') })
        .where((eb) =>
          eb.and([
            eb('Game.id', '=', x.ref('id')),
            eb('Game.searchName', 'is distinct from', x.ref('searchName')),
          ]),
        )
        .execute();
      await this.aliases().replaceAliases(
        rows.map((row) => ({
          igdbId: Number(row.igdbId),
          kinds: TITLE_ALIAS_KINDS,
          aliases: titleAliases(row.title, Boolean(row.known)),
        })),
      );
    }
    await this.aliases().renormalizeTerms(batchSize);
    return games;
  }

  /** Loads the Spanish seed file's titles, synopses and genres onto the games it names (idempotent). */
  async applySpanishContent(rows: SpanishContentRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const x = new GameRecordset(
      this.getEntityManager().getMetadata(this.entityName),
      'x',
      ['igdbId', 'titleEs', 'summaryEs', 'genresEs'],
      rows.map((row) => ({
        igdbId: row.igdbId,
        titleEs: row.titleEs?.slice(0, 300) ?? null,
        summaryEs: row.summaryEs,
        genresEs: row.genresEs,
      })),
    );
    const result = await this.db
      .with('updated', (db) =>
        db
          .updateTable('Game')
          .from(x.table())
          .set((eb) => ({
            titleEs: x.ref('titleEs'),
            summaryEs: eb.fn.coalesce(x.ref('summaryEs'), eb.ref('Game.summaryEs')),
            summaryEsSource: eb
              .case()
              .when(x.ref('summaryEs'), 'is not', null)
              .then(sql<SpanishTextSource>`'seed'`)
              .else(eb.ref('Game.summaryEsSource'))
              .end(),
            genresEs: eb.fn.coalesce(x.ref('genresEs'), sql<string[]>`'{}'`),
            updatedAt: sql<Date>`now()`,
          }))
          .where('Game.igdbId', '=', x.ref('igdbId'))
          .returning(sql<number>`1`.as('one')),
      )
      .selectFrom('updated')
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirst();
    return Number(result?.total ?? 0);
  }
}
