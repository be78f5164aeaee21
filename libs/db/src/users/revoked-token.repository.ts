import { EntityRepository } from '@mikro-orm/postgresql';
import type { RevokedToken } from './revoked-token.entity.js';

export class RevokedTokenRepository extends EntityRepository<RevokedToken> {
  /** Ends a session now; entries of tokens that have expired by themselves are dropped on the way. */
  async revoke(tokenId: string, expiresAt: Date): Promise<void> {
    await this.em.execute('delete from revoked_tokens where expires_at < now()');
    await this.em.execute(
      'insert into revoked_tokens (token_id, expires_at) values (?, ?) on conflict (token_id) do nothing',
      [tokenId, expiresAt],
    );
  }

  async isRevoked(tokenId: string): Promise<boolean> {
    return (await this.count({ tokenId })) > 0;
  }
}
