import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

@Entity({ tableName: 'users' })
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

  /** argon2id. */
  @Property({ length: 255, hidden: true })
  passwordHash!: string;

  @Property({ type: 'timestamptz', nullable: true })
  confirmedAt?: Date | null;

  /** Bumped when the account changes, so tokens issued before stop working at once. */
  @Property({ type: 'integer', default: 0 })
  tokenVersion: number = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
