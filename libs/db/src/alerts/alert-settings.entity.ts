import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { AlertSettingsRepository } from './alert-settings.repository.js';
import type { AlertEmail, AlertKind } from '@veredicto/contract';

/**
 * A user's alert settings; a user without a row has the defaults (mail at once, every kind, all platforms).
 * The two tokens are secrets of their links: the one-click unsubscribe of the mails and the calendar feed.
 */
@Entity({ tableName: 'alert_settings', repository: () => AlertSettingsRepository })
@Unique({ name: 'alert_settings_unsubscribe_unique', properties: ['unsubscribeToken'] })
@Unique({ name: 'alert_settings_calendar_unique', properties: ['calendarToken'] })
export class AlertSettings {
  [EntityRepositoryType]?: AlertSettingsRepository;

  @PrimaryKey({ autoincrement: false })
  userId!: number;

  @Property({ type: 'string', length: 10, default: 'immediate' })
  email!: AlertEmail;

  /** The kinds switched off (every kind is on by default). */
  @Property({ type: 'text[]', defaultRaw: "'{}'" })
  muted!: AlertKind[];

  /** 'Mis plataformas': the contract's platform ids; empty = all. */
  @Property({ type: 'text[]', defaultRaw: "'{}'" })
  platforms!: string[];

  @Property({
    length: 64,
    defaultRaw: "replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')",
  })
  unsubscribeToken!: string;

  @Property({
    length: 64,
    defaultRaw: "replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')",
  })
  calendarToken!: string;
}
