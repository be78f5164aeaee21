import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { LanguageLocale, LanguageSource } from '@veredicto/contract';
import { Game } from '../games/game.entity.js';
import { GameLanguageRepository } from './game-language.repository.js';

export type { LanguageLocale, LanguageSource };

/**
 * What one source says of a game's Spanish on one platform (null: every platform) and locale
 * (docs/CONTRACT.md §13). One entry per game, platform, locale and source: a newer statement of the
 * same source replaces it, and game_language_changes keeps every version.
 */
@Entity({ tableName: 'game_languages', repository: () => GameLanguageRepository })
@Unique({
  name: 'game_languages_entry_unique',
  expression:
    'create unique index "game_languages_entry_unique" on "game_languages" ("game_id", "platform", "locale", "source") nulls not distinct',
})
export class GameLanguage {
  [EntityRepositoryType]?: GameLanguageRepository;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => Game, { deleteRule: 'cascade' })
  @Index({ name: 'game_languages_game_idx' })
  game!: Game;

  /** A platform id of libs/contract platforms.ts, or null for every platform. */
  @Property({ type: 'string', length: 20, nullable: true })
  platform?: string | null;

  @Property({ type: 'string', length: 10 })
  locale!: LanguageLocale;

  /** Interface and/or subtitles; null is unknown. */
  @Property({ type: 'boolean', nullable: true })
  text?: boolean | null;

  /** Full voices. */
  @Property({ type: 'boolean', nullable: true })
  audio?: boolean | null;

  @Property({ type: 'boolean', nullable: true })
  interface?: boolean | null;

  @Property({ type: 'boolean', nullable: true })
  subtitles?: boolean | null;

  @Property({ type: 'string', length: 10 })
  source!: LanguageSource;

  /** The source's own reference (a Steam app id, a review's link, a report's id). */
  @Property({ type: 'text', nullable: true })
  sourceRef?: string | null;

  /** When the source said it: YYYY-MM-DD, or YYYY-MM when only the month is known. */
  @Property({ type: 'string', length: 10 })
  asOf!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
