import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { claimsFor, subjectOf, TOKEN_ALGORITHM, type TokenSubject } from './token-claims.js';

/** Signs and verifies session tokens (HS256 only: 'none' and asymmetric algorithms are refused). */
@Injectable()
export class AuthTokenService {
  constructor(private readonly jwt: JwtService) {}

  issue(user: { id: number; tokenVersion: number }): Promise<string> {
    return this.jwt.signAsync(claimsFor(user));
  }

  /** The token's subject, or null when it is forged, expired or malformed. */
  async verify(token: string): Promise<TokenSubject | null> {
    try {
      return subjectOf(await this.jwt.verifyAsync(token, { algorithms: [TOKEN_ALGORITHM] }));
    } catch {
      return null;
    }
  }
}
