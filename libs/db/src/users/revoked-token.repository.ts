import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type { RevokedToken } from './revoked-token.entity.js';

export class RevokedTokenRepository extends EntityRepository<RevokedToken> {
  /** Ends a session now; entries of tokens that have expired by themselves are dropped on the way. */
  async revoke(tokenId: string, expiresAt: Date): Promise<void> {
    const db = typedSql(this.getEntityManager());
    await db
      .deleteFrom('RevokedToken')
      .where('expiresAt', '<', sql<Date>`now()`)
      .execute();
    await db
      .insertInto('RevokedToken')
      .values({ tokenId, expiresAt })
      .onConflict((conflict) => conflict.column('tokenId').doNothing())
      .execute();
  }

  async isRevoked(tokenId: string): Promise<boolean> {
    return (await this.count({ tokenId })) > 0;
  }
}
