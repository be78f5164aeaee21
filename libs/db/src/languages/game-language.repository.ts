import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { SpanishAnswer } from '@veredicto/contract';
import { jsonRecordset } from '../json-recordset.js';
import { typedSql, type TypedSql } from '../typed-sql.js';
import type { GameLanguage, LanguageLocale, LanguageSource } from './game-language.entity.js';
import { spanishVerdict, type VerdictEntry } from './spanish-verdict.js';

/** A language entry as the API shows it (docs/CONTRACT.md §13). */
export interface GameLanguageRow {
  platform: string | null;
  locale: LanguageLocale;
  text: boolean | null;
  audio: boolean | null;
  interface: boolean | null;
  subtitles: boolean | null;
  source: LanguageSource;
  asOf: string;
}

/** An entry a source states, its game by IGDB id. */
export interface LanguageStatement extends GameLanguageRow {
  igdbId: number;
  sourceRef: string | null;
}

type StoredStatement = LanguageStatement & { game: number };

const entryKey = (entry: { platform: string | null; locale: string; source: string }) =>
  `${entry.platform ?? ''}|${entry.locale}|${entry.source}`;

const sameStatement = (a: StoredStatement, b: StoredStatement) =>
  a.text === b.text &&
  a.audio === b.audio &&
  a.interface === b.interface &&
  a.subtitles === b.subtitles &&
  a.sourceRef === b.sourceRef &&
  a.asOf === b.asOf;

const VALUE_COLUMNS = [
  'platform',
  'locale',
  'text',
  'audio',
  'interface',
  'subtitles',
  'source',
  'sourceRef',
  'asOf',
] as const;

export class GameLanguageRepository extends EntityRepository<GameLanguage> {
  private get db(): TypedSql {
    return typedSql(this.getEntityManager());
  }

  /** The entries of a game, all platforms first, then by platform, locale and source. */
  async findForGame(gameId: number): Promise<GameLanguageRow[]> {
    const rows = await this.db
      .selectFrom('GameLanguage')
      .select(['platform', 'locale', 'text', 'audio', 'interface', 'subtitles', 'source', 'asOf'])
      .where('game', '=', gameId)
      .orderBy(sql`platform nulls first`)
      .orderBy('locale')
      .orderBy('source')
      .execute();
    return rows.map((row) => ({
      platform: row.platform ?? null,
      locale: row.locale,
      text: row.text ?? null,
      audio: row.audio ?? null,
      interface: row.interface ?? null,
      subtitles: row.subtitles ?? null,
      source: row.source,
      asOf: row.asOf,
    }));
  }

  /**
   * Stores what sources state: a new or changed entry is written with a copy in game_language_changes (the
   * history), an identical one is left alone, so running an import again changes nothing. Call it inside
   * the writer's transaction. Answers the IGDB ids of the games whose entries changed (for their
   * `game.languages-changed` events), after refreshing their `spanish` verdict.
   */
  async state(statements: LanguageStatement[]): Promise<number[]> {
    if (statements.length === 0) return [];
    const games = await this.db
      .selectFrom('Game')
      .select(['id', 'igdbId'])
      .where('igdbId', 'in', [...new Set(statements.map((statement) => statement.igdbId))])
      .execute();
    const gameOf = new Map(games.map((game) => [Number(game.igdbId), Number(game.id)]));
    const incoming: StoredStatement[] = statements.flatMap((statement) => {
      const game = gameOf.get(statement.igdbId);
      return game === undefined ? [] : [{ ...statement, game }];
    });
    if (incoming.length === 0) return [];
    const stored = await this.db
      .selectFrom('GameLanguage')
      .select(['game', ...VALUE_COLUMNS])
      .where('game', 'in', [...new Set(incoming.map((entry) => entry.game))])
      .execute();
    const storedByKey = new Map(
      stored.map((row) => [
        `${Number(row.game)}|${entryKey({ platform: row.platform ?? null, locale: row.locale, source: row.source })}`,
        {
          igdbId: 0,
          game: Number(row.game),
          platform: row.platform ?? null,
          locale: row.locale,
          text: row.text ?? null,
          audio: row.audio ?? null,
          interface: row.interface ?? null,
          subtitles: row.subtitles ?? null,
          source: row.source,
          sourceRef: row.sourceRef ?? null,
          asOf: row.asOf,
        } satisfies StoredStatement,
      ]),
    );
    const changed = [
      ...new Map(incoming.map((entry) => [`${entry.game}|${entryKey(entry)}`, entry])).entries(),
    ]
      .filter(([key, entry]) => {
        const before = storedByKey.get(key);
        return !before || !sameStatement(before, entry);
      })
      .map(([, entry]) => entry);
    if (changed.length === 0) return [];

    const types = {
      game: 'int',
      platform: 'text',
      locale: 'text',
      text: 'boolean',
      audio: 'boolean',
      interface: 'boolean',
      subtitles: 'boolean',
      source: 'text',
      sourceRef: 'text',
      asOf: 'text',
    } as const;
    const rows = changed.map(({ igdbId: _igdbId, ...row }) => row);
    const entries = jsonRecordset('x', rows, types);
    await this.db
      .insertInto('GameLanguage')
      .columns(['game', ...VALUE_COLUMNS])
      .expression((insert) =>
        insert.selectFrom(entries.table).select(entries.select('game', ...VALUE_COLUMNS)),
      )
      .onConflict((conflict) =>
        conflict.columns(['game', 'platform', 'locale', 'source']).doUpdateSet((update) => ({
          text: update.ref('excluded.text'),
          audio: update.ref('excluded.audio'),
          interface: update.ref('excluded.interface'),
          subtitles: update.ref('excluded.subtitles'),
          sourceRef: update.ref('excluded.sourceRef'),
          asOf: update.ref('excluded.asOf'),
          updatedAt: sql<Date>`now()`,
        })),
      )
      .execute();
    const history = jsonRecordset('h', rows, types);
    await this.db
      .insertInto('GameLanguageChange')
      .columns(['game', ...VALUE_COLUMNS])
      .expression((insert) =>
        insert.selectFrom(history.table).select(history.select('game', ...VALUE_COLUMNS)),
      )
      .execute();
    const changedGames = [...new Set(changed.map((entry) => entry.game))];
    await this.refreshVerdicts(changedGames);
    return [...new Set(changed.map((entry) => entry.igdbId))];
  }

  /**
   * Takes a new search_version for these games (by IGDB id): what a change the triggers cannot see calls, so
   * every API process's memory reads them again (the `spanish` verdict's columns are watched by the update
   * trigger since migration CatalogueMemory; the languages' event consumer still calls it).
   */
  async bumpSearchVersion(igdbIds: number[]): Promise<number> {
    if (igdbIds.length === 0) return 0;
    const result = await this.db
      .updateTable('Game')
      .set({ searchVersion: sql<string>`nextval('games_search_version_seq')` })
      .where('igdbId', 'in', igdbIds)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Recomputes games.spanish_audio and spanish_text of these games from their entries. */
  async refreshVerdicts(gameIds: number[]): Promise<void> {
    if (gameIds.length === 0) return;
    const [games, entries] = await Promise.all([
      this.db.selectFrom('Game').select(['id', 'platforms']).where('id', 'in', gameIds).execute(),
      this.db
        .selectFrom('GameLanguage')
        .select(['game', 'platform', 'locale', 'text', 'audio'])
        .where('game', 'in', gameIds)
        .execute(),
    ]);
    const entriesOf = new Map<number, VerdictEntry[]>();
    for (const entry of entries) {
      const list = entriesOf.get(Number(entry.game)) ?? [];
      list.push({
        platform: entry.platform ?? null,
        locale: entry.locale,
        text: entry.text ?? null,
        audio: entry.audio ?? null,
      });
      entriesOf.set(Number(entry.game), list);
    }
    const verdicts: { id: number; spanishAudio: SpanishAnswer; spanishText: SpanishAnswer }[] = games.map(
      (game) => {
        const verdict = spanishVerdict(game.platforms, entriesOf.get(Number(game.id)) ?? []);
        return { id: Number(game.id), spanishAudio: verdict.audio, spanishText: verdict.text };
      },
    );
    const batch = jsonRecordset('v', verdicts, { id: 'int', spanishAudio: 'text', spanishText: 'text' });
    await this.db
      .updateTable('Game')
      .from(batch.table)
      .set({
        spanishAudio: batch.column('spanishAudio'),
        spanishText: batch.column('spanishText'),
      })
      .where((eb) => eb(eb.ref('Game.id'), '=', batch.column('id')))
      .execute();
  }
}
