import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { reusableQuery, typedRows, typedSql } from '../typed-sql.js';
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

  /**
   * The account a token names and whether its session (token id) was ended, in one round trip: what every
   * signed-in request reads before it runs (AuthGuard); null when the account no longer exists.
   */
  async sessionAccount(userId: number, tokenId: string): Promise<SessionAccount | null> {
    const em = this.getEntityManager();
    const [row] = await typedRows(em, sessionAccountQuery(em, { userId, tokenId }));
    return row
      ? { ...row, id: Number(row.id), tokenVersion: Number(row.tokenVersion), revoked: row.revoked === true }
      : null;
  }
}

/** A signed-in request's account and whether its session was ended: one statement, prepared per connection. */
export interface SessionAccount {
  id: number;
  username: string;
  email: string;
  tokenVersion: number;
  revoked: boolean;
}

const sessionAccountQuery = reusableQuery((db, { userId, tokenId }: { userId: number; tokenId: string }) =>
  db
    .selectFrom('User as u')
    .select(['u.id as id', 'u.username as username', 'u.email as email', 'u.tokenVersion as tokenVersion'])
    .select((eb) =>
      eb
        .exists(eb.selectFrom('RevokedToken as r').select('r.tokenId').where('r.tokenId', '=', tokenId))
        .as('revoked'),
    )
    .where('u.id', '=', userId),
);
