import { Check, Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { PROFILE_VISIBILITIES, type ProfileVisibility } from '@veredicto/contract';

/** emailKey() in SQL: the same rules, kept side by side (the accounts integration test checks both). */
export const EMAIL_KEY_SQL =
  `(case when split_part(lower(email), '@', 2) in ('gmail.com', 'googlemail.com') ` +
  `then replace(regexp_replace(split_part(lower(email), '@', 1), '^(.+?)\\+.*$', '\\1'), '.', '') || '@gmail.com' ` +
  `else regexp_replace(split_part(lower(email), '@', 1), '^(.+?)\\+.*$', '\\1') || '@' || split_part(lower(email), '@', 2) end) stored`;

@Entity({
  tableName: 'users',
  triggers: [
    {
      // A profile made private takes its activity out of every feed; made visible again, brings it back.
      name: 'users_feed_visibility',
      timing: 'after',
      events: ['update'],
      forEach: 'row',
      when: 'old.profile_visibility is distinct from new.profile_visibility',
      expression:
        'create trigger "users_feed_visibility" after update of profile_visibility on "users" for each row when (old.profile_visibility is distinct from new.profile_visibility) execute function "feed_entries_from_users"()',
    },
  ],
})
@Check({
  name: 'users_profile_visibility_known',
  expression: `profile_visibility in (${PROFILE_VISIBILITIES.map((visibility) => `'${visibility}'`).join(', ')})`,
})
export class User {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ length: 30 })
  username!: string;

  /** Lower-cased username: 'Pepe' and 'pepe' are the same account name. */
  @Property({ length: 30 })
  @Unique({ name: 'users_username_key_unique' })
  usernameKey!: string;

  /** Stored lower-cased. */
  @Property({ length: 254 })
  @Unique({ name: 'users_email_unique' })
  email!: string;

  /**
   * The address in the form addresses are compared in (emailKey() says which), computed by PostgreSQL
   * from `email` so no writer can forget it: one account per mailbox.
   */
  @Property({ length: 254, generated: EMAIL_KEY_SQL, ignoreSchemaChanges: ['extra'] })
  @Unique({ name: 'users_email_key_unique' })
  emailKey!: string;

  /** argon2id. */
  @Property({ length: 255, hidden: true })
  passwordHash!: string;

  @Property({ type: 'timestamptz', nullable: true })
  confirmedAt?: Date | null;

  /** Bumped when the account changes, so tokens issued before stop working at once. */
  @Property({ type: 'integer', default: 0 })
  tokenVersion: number = 0;

  /** Who may see the public profile and its activity (docs/CONTRACT.md §12). */
  @Property({ length: 10, default: 'public' })
  profileVisibility: ProfileVisibility = 'public';

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
