import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { RevokedTokenRepository } from './revoked-token.repository.js';

/**
 * A session (user or admin token) ended before it expired, by its token id. Kept only until the token
 * would have expired anyway; the signature and expiry of every token are still checked first.
 */
@Entity({ tableName: 'revoked_tokens', repository: () => RevokedTokenRepository })
export class RevokedToken {
  [EntityRepositoryType]?: RevokedTokenRepository;

  @PrimaryKey({ length: 36 })
  tokenId!: string;

  @Property({ type: 'timestamptz' })
  @Index({ name: 'revoked_tokens_expires_idx' })
  expiresAt!: Date;
}
