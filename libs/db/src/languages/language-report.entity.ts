import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { LanguageLocale } from '@veredicto/contract';
import { Game } from '../games/game.entity.js';
import { User } from '../users/user.entity.js';
import { LanguageReportRepository } from './language-report.repository.js';

/**
 * What a player saw of a game's Spanish on one platform ('Informar sobre los idiomas'), open until the
 * operator accepts it (it becomes the `user` entry of that platform and locale) or rejects it, always
 * with a written reason the reporter is told (docs/CONTRACT.md §13).
 */
@Entity({ tableName: 'language_reports', repository: () => LanguageReportRepository })
export class LanguageReport {
  [EntityRepositoryType]?: LanguageReportRepository;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => Game, { deleteRule: 'cascade' })
  @Index({ name: 'language_reports_game_idx' })
  game!: Game;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index({ name: 'language_reports_reporter_idx' })
  reporter!: User;

  @Property({ type: 'string', length: 20 })
  platform!: string;

  @Property({ type: 'string', length: 10 })
  locale!: LanguageLocale;

  @Property({ type: 'boolean', nullable: true })
  text?: boolean | null;

  @Property({ type: 'boolean', nullable: true })
  audio?: boolean | null;

  @Property({ type: 'boolean', nullable: true })
  interface?: boolean | null;

  @Property({ type: 'boolean', nullable: true })
  subtitles?: boolean | null;

  @Property({ type: 'text', nullable: true })
  note?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  @Index({ name: 'language_reports_decided_idx' })
  decidedAt?: Date | null;

  @Property({ type: 'boolean', nullable: true })
  accepted?: boolean | null;

  @Property({ type: 'text', nullable: true })
  decisionReason?: string | null;
}
