import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { User } from './user.entity.js';

/** Single-use, expiring e-mail link (account confirmation). Only the SHA-256 of the token is stored. */
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
  purpose!: 'confirm-email';

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
