import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Game } from '../games/game.entity.js';
import type { LanguageLocale, LanguageSource } from './game-language.entity.js';

/** Every version a language entry has had, written in the transaction that changed it: nothing is lost. */
@Entity({ tableName: 'game_language_changes' })
export class GameLanguageChange {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => Game, { deleteRule: 'cascade' })
  @Index({ name: 'game_language_changes_game_idx' })
  game!: Game;

  @Property({ type: 'string', length: 20, nullable: true })
  platform?: string | null;

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

  @Property({ type: 'string', length: 10 })
  source!: LanguageSource;

  @Property({ type: 'text', nullable: true })
  sourceRef?: string | null;

  @Property({ type: 'string', length: 10 })
  asOf!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  changedAt: Date = new Date();
}
