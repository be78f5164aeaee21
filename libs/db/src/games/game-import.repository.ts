import { EntityRepository, type SqlEntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { AliasKind } from '../search/game-alias.entity.js';
import {
  renormalizeAliasTerms,
  replaceGameAliases,
  type GameAliasReplacement,
} from '../search/game-alias.repository.js';
import { Game, type SpanishTextSource } from './game.entity.js';
import { GameRecordset } from './game-recordset.js';
import type { GameUpsertRow, SpanishContentRow } from './game-rows.js';
import { normalizeSearchText, titleAcronyms } from './search-text.js';
import { isMatureTitle } from './mature.js';
import { isAddon } from './addon.js';
import { typedSql, type TypedSql } from '../typed-sql.js';

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
    const columns = [
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
    const x = new GameRecordset(
      this.getEntityManager().getMetadata(this.entityName),
      'x',
      columns,
      games.map((game) => ({
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
      })),
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
    await this.aliases().replaceAliases(
      games.map((game) => {
        const given = Object.entries(game.aliases ?? {}) as [AliasKind, string[]][];
        // An acronym is worth keeping for a game people know (one with reference scores); for the long
        // tail it would only crowd out better matches.
        const known = game.metascore != null || game.igdbRating != null;
        return {
          igdbId: game.igdbId,
          kinds: ['acronym', ...given.map(([kind]) => kind)],
          aliases: [
            ...(known ? titleAcronyms(game.title).map((alias) => ({ kind: 'acronym' as const, alias })) : []),
            ...given.flatMap(([kind, names]) => names.map((alias) => ({ kind, alias }))),
          ],
        };
      }),
    );
    return Number(result?.total ?? 0);
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
          kinds: ['acronym'],
          aliases: row.known
            ? titleAcronyms(row.title).map((alias) => ({ kind: 'acronym' as const, alias }))
            : [],
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
