import { EntityRepositoryType } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';
import { DiaryImportRepository } from './diary-import.repository.js';
import {
  DIARY_IMPORT_STATES,
  type DiaryImportSource,
  type DiaryImportState,
  type PlayStatus,
} from '@veredicto/contract';

/** The file's format: one of the contract's import sources. */
export type DiaryImportFormat = DiaryImportSource;
export type { DiaryImportState };

/** A game the search found for a row. */
export interface ImportCandidate {
  igdbId: number;
  title: string;
  year: number | null;
}

/** One row of an imported file, as read, and what the matching job found for it. */
export interface DiaryImportRow {
  /** The row's number in the file (the first data row is 1). */
  line: number;
  title: string;
  /** Given by Veredicto's own export: the row names its game, no search needed. */
  igdbId: number | null;
  platform: string | null;
  status: PlayStatus | null;
  /** 0-100, on the column's detected scale (null while the scale is asked). */
  rating: number | null;
  /** The score as the file wrote it ('8,5', '4/5'); absent in imports stored before scales were read. */
  ratingText?: string | null;
  hours: number | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** Why the row cannot be imported as it is (an unknown status…); such a row is never written. */
  problem: string | null;
  /** Set by the job: the one game it matched, or the few it could be. */
  match?: 'matched' | 'ambiguous' | 'unmatched';
  candidates?: ImportCandidate[];
}

/**
 * An import of a user's games from a file (docs/CONTRACT.md §12): the rows read from it, matched to the catalogue
 * by a job, kept until the user confirms what to write. Nothing reaches the diary before that.
 */
@Entity({ tableName: 'diary_imports', repository: () => DiaryImportRepository })
@Index({ name: 'diary_imports_user_idx', properties: ['user', 'createdAt'] })
@Check({
  name: 'diary_imports_state_known',
  expression: `state in (${DIARY_IMPORT_STATES.map((state) => `'${state}'`).join(', ')})`,
})
export class DiaryImport {
  [EntityRepositoryType]?: DiaryImportRepository;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ length: 12 })
  format!: DiaryImportFormat;

  @Property({ length: 12, default: 'matching' })
  state: DiaryImportState = 'matching';

  @Property({ type: 'jsonb' })
  rows!: DiaryImportRow[];

  /** How many statuses and ratings the confirmation added. */
  @Property({ type: 'jsonb', nullable: true })
  result?: { statuses: number; ratings: number } | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
