import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import { RevokedToken } from '@veredicto/db';
import { claimsFor, subjectOf, TOKEN_ALGORITHM, type TokenSubject } from './token-claims.js';

/** Signs and verifies session tokens (HS256 only: 'none' and asymmetric algorithms are refused). */
@Injectable()
export class AuthTokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly em: EntityManager,
  ) {}

  issue(user: { id: number; tokenVersion: number }): Promise<string> {
    return this.jwt.signAsync(claimsFor(user, randomUUID()));
  }

  /**
   * The token's subject, or null when it is forged, expired or malformed. Whether its session was ended
   * is read with its account (RevokedTokenRepository.sessionAccount, AuthGuard), in the same statement.
   */
  async verify(token: string): Promise<TokenSubject | null> {
    try {
      return subjectOf(await this.jwt.verifyAsync(token, { algorithms: [TOKEN_ALGORITHM] }));
    } catch {
      return null;
    }
  }

  /** Logout: this session's token answers 401 from now on, wherever it is presented. */
  end(subject: { sessionId: string; expiresAt: Date }): Promise<void> {
    return this.em.getRepository(RevokedToken).revoke(subject.sessionId, subject.expiresAt);
  }
}
