import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type {
  DiaryImport,
  DiaryImportFormat,
  DiaryImportRow,
  ImportCandidate,
} from './diary-import.entity.js';

/** A game an import may write to: its row id, and whether players may score it yet. */
export interface ImportTarget extends ImportCandidate {
  id: number;
  released: boolean;
}

export class DiaryImportRepository extends EntityRepository<DiaryImport> {
  /** Stores the rows read from a file, waiting for the matching job; answers the import's id. */
  async start(userId: number, format: DiaryImportFormat, rows: DiaryImportRow[]): Promise<number> {
    const now = new Date();
    const entity = this.create({
      user: userId,
      format,
      rows,
      state: 'matching',
      createdAt: now,
      updatedAt: now,
    });
    await this.getEntityManager().persist(entity).flush();
    return entity.id;
  }

  /** The user's import, or null (another user's is none of theirs). */
  findOwn(userId: number, importId: number): Promise<DiaryImport | null> {
    return this.findOne({ id: importId, user: userId });
  }

  /** The job's answer: every row with what it matched. */
  async saveMatches(importId: number, rows: DiaryImportRow[]): Promise<void> {
    await this.nativeUpdate({ id: importId }, { rows, state: 'ready', updatedAt: new Date() });
  }

  /** Marks a confirmed import done, once: false when it was not waiting for confirmation. */
  async finish(importId: number, result: { statuses: number; ratings: number }): Promise<boolean> {
    const changed = await this.nativeUpdate(
      { id: importId, state: 'ready' },
      { state: 'done', result, updatedAt: new Date() },
    );
    return changed > 0;
  }

  async markFailed(importId: number): Promise<void> {
    await this.nativeUpdate({ id: importId, state: 'matching' }, { state: 'failed', updatedAt: new Date() });
  }

  /** The games of these IGDB ids (those that exist), for rows that name theirs and for confirmed choices. */
  async findTargets(igdbIds: number[]): Promise<ImportTarget[]> {
    if (igdbIds.length === 0) return [];
    const rows = await typedSql(this.getEntityManager())
      .selectFrom('Game')
      .select((eb) => [
        'id',
        'igdbId',
        'title',
        sql<number | null>`extract(year from ${eb.ref('releaseDate')})::int`.as('year'),
        sql<boolean | null>`${eb.ref('releaseDate')} <= current_date`.as('released'),
      ])
      .where('igdbId', 'in', [...new Set(igdbIds)])
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      igdbId: Number(row.igdbId),
      title: row.title,
      year: row.year === null ? null : Number(row.year),
      released: row.released === true,
    }));
  }
}
