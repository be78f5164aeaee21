import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { User } from './user.entity.js';

export type EmailTokenPurpose = 'confirm-email' | 'reset-password' | 'change-email' | 'login-link';

/**
 * Single-use, expiring e-mail link (account confirmation, password reset, change of address, login while
 * the account is under attack). Only the
 * SHA-256 of the token is stored.
 */
@Entity({ tableName: 'email_tokens' })
export class EmailToken {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index({ name: 'email_tokens_user_idx' })
  user!: User;

  @Property({ length: 64 })
  @Unique({ name: 'email_tokens_hash_unique' })
  tokenHash!: string;

  @Property({ length: 20 })
  purpose!: EmailTokenPurpose;

  /** For 'change-email': the address the link was sent to, which becomes the account's once opened. */
  @Property({ length: 254, nullable: true })
  newEmail?: string | null;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
