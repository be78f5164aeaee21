import { EntityRepository } from '@mikro-orm/postgresql';
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
  async saveReconciliationReport(report: ReconciliationReport): Promise<void> {
    await this.em.execute(
      `insert into app_meta (key, value, updated_at) values (?, ?, now())
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [RECONCILIATION_KEY, JSON.stringify(report)],
      'run',
    );
  }

  async findReconciliationReport(): Promise<ReconciliationReport | null> {
    const [row] = await this.em.execute<{ value: string }[]>(
      `select value from app_meta where key = ?`,
      [RECONCILIATION_KEY],
      'all',
    );
    return row ? (JSON.parse(row.value) as ReconciliationReport) : null;
  }
}
