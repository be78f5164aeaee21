import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type { AppMeta } from './app-meta.entity.js';

const RECONCILIATION_KEY = 'reconciliation';

/** What the last reconciliation of the stored figures found (shown in admin, exported as metrics). */
export interface ReconciliationReport {
  /** When it ran (ISO 8601). */
  at: string;
  /** Games compared with the SQL truth. */
  checked: number;
  /** Games whose stored figures differed and were recomputed: zero in a healthy system. */
  fixed: number;
  gameIds: number[];
}

export class AppMetaRepository extends EntityRepository<AppMeta> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /** Stores the value under the key, replacing the one stored before. */
  async saveValue(key: string, value: string): Promise<void> {
    await this.db
      .insertInto('AppMeta')
      .values({ key, value, updatedAt: sql<Date>`now()` })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet((update) => ({
          value: update.ref('excluded.value'),
          updatedAt: sql<Date>`now()`,
        })),
      )
      .execute();
  }

  /** The value stored under the key, or null. */
  async findValue(key: string): Promise<string | null> {
    const row = await this.db.selectFrom('AppMeta').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value ?? null;
  }

  async saveReconciliationReport(report: ReconciliationReport): Promise<void> {
    await this.saveValue(RECONCILIATION_KEY, JSON.stringify(report));
  }

  async findReconciliationReport(): Promise<ReconciliationReport | null> {
    const value = await this.findValue(RECONCILIATION_KEY);
    return value === null ? null : (JSON.parse(value) as ReconciliationReport);
  }
}
