import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type { LanguageLocale } from './game-language.entity.js';
import type { LanguageStatement } from './game-language.repository.js';
import type { LanguageReport } from './language-report.entity.js';

/** What a player says of one platform and locale: each field true, false or null (not said). */
export interface LanguageClaim {
  platform: string;
  locale: LanguageLocale;
  text: boolean | null;
  audio: boolean | null;
  interface: boolean | null;
  subtitles: boolean | null;
}

/** A report as the operator's list shows it. */
export interface LanguageReportRow extends LanguageClaim {
  id: number;
  igdbID: number;
  gameTitle: string;
  reporter: string;
  note: string | null;
  createdAt: string;
}

/** A report just decided: the entry it states (when accepted) and whom to tell. */
export interface DecidedLanguageReport {
  statement: LanguageStatement;
  reporterEmail: string;
  reporterName: string;
  gameTitle: string;
}

const CLAIM_COLUMNS = ['platform', 'locale', 'text', 'audio', 'interface', 'subtitles'] as const;

export class LanguageReportRepository extends EntityRepository<LanguageReport> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  async file(gameId: number, reporterId: number, claim: LanguageClaim, note: string | null): Promise<number> {
    const row = await this.db
      .insertInto('LanguageReport')
      .values({ game: gameId, reporter: reporterId, ...claim, note })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** The reports waiting for a decision, oldest first. */
  async findOpen(): Promise<LanguageReportRow[]> {
    const rows = await this.db
      .selectFrom('LanguageReport as lr')
      .innerJoin('Game as g', 'g.id', 'lr.game')
      .innerJoin('User as u', 'u.id', 'lr.reporter')
      .select(CLAIM_COLUMNS.map((column) => `lr.${column}` as const))
      .select(['lr.id', 'g.igdbId', 'g.title', 'u.username', 'lr.note', 'lr.createdAt'])
      .where('lr.decidedAt', 'is', null)
      .orderBy('lr.createdAt')
      .orderBy('lr.id')
      .limit(500)
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      igdbID: Number(row.igdbId),
      gameTitle: row.title,
      reporter: row.username,
      platform: row.platform,
      locale: row.locale,
      text: row.text ?? null,
      audio: row.audio ?? null,
      interface: row.interface ?? null,
      subtitles: row.subtitles ?? null,
      note: row.note ?? null,
      createdAt: new Date(row.createdAt).toISOString(),
    }));
  }

  /**
   * Records the decision on an open report (null when there is none by that id); answers the `user`
   * entry it states, dated today and referring to the report ('report:<id>'), and whom to tell.
   */
  async decide(reportId: number, accepted: boolean, reason: string): Promise<DecidedLanguageReport | null> {
    const decided = await this.db
      .updateTable('LanguageReport')
      .set({ decidedAt: sql<Date>`now()`, accepted, decisionReason: reason })
      .where('id', '=', reportId)
      .where('decidedAt', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!decided) return null;
    const row = await this.db
      .selectFrom('LanguageReport as lr')
      .innerJoin('Game as g', 'g.id', 'lr.game')
      .innerJoin('User as u', 'u.id', 'lr.reporter')
      .select(CLAIM_COLUMNS.map((column) => `lr.${column}` as const))
      .select(['g.igdbId', 'g.title', 'u.email', 'u.username', sql<string>`current_date::text`.as('today')])
      .where('lr.id', '=', reportId)
      .executeTakeFirstOrThrow();
    return {
      statement: {
        igdbId: Number(row.igdbId),
        platform: row.platform,
        locale: row.locale,
        text: row.text ?? null,
        audio: row.audio ?? null,
        interface: row.interface ?? null,
        subtitles: row.subtitles ?? null,
        source: 'user',
        sourceRef: `report:${reportId}`,
        asOf: row.today,
      },
      reporterEmail: row.email,
      reporterName: row.username,
      gameTitle: row.title,
    };
  }
}
