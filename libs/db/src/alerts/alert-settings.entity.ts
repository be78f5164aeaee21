import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';
import { AlertSettingsRepository } from './alert-settings.repository.js';
import type { AlertEmail, AlertKind } from '@veredicto/contract';

const RANDOM_TOKEN = "replace(((gen_random_uuid())::text || (gen_random_uuid())::text), '-'::text, ''::text)";

/**
 * A user's alert settings; a user without a row has the defaults (mail at once, every kind, all platforms).
 * The two tokens are secrets of their links: the one-click unsubscribe of the mails and the calendar feed.
 */
@Entity({ tableName: 'alert_settings', repository: () => AlertSettingsRepository })
@Unique({ name: 'alert_settings_unsubscribe_unique', properties: ['unsubscribeToken'] })
@Unique({ name: 'alert_settings_calendar_unique', properties: ['calendarToken'] })
export class AlertSettings {
  [EntityRepositoryType]?: AlertSettingsRepository;

  @ManyToOne(() => User, { primary: true, deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'string', length: 10, default: 'immediate' })
  email!: AlertEmail;

  /** The kinds switched off (every kind is on by default). */
  @Property({ type: 'text[]', defaultRaw: "'{}'" })
  muted!: AlertKind[];

  /** 'Mis plataformas': the contract's platform ids; empty = all. */
  @Property({ type: 'text[]', defaultRaw: "'{}'" })
  platforms!: string[];

  // A random secret of 64 hex digits, spelt as PostgreSQL stores it (the schema check compares the text).
  @Property({ length: 64, defaultRaw: RANDOM_TOKEN })
  unsubscribeToken!: string;

  // A random secret of 64 hex digits, spelt as PostgreSQL stores it (the schema check compares the text).
  @Property({ length: 64, defaultRaw: RANDOM_TOKEN })
  calendarToken!: string;
}
