import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { RevokedToken } from '@veredicto/db';
import { retryRead } from '../common/unavailable.js';
import { AuthTokenService } from './auth-token.service.js';
import type { AuthenticatedRequest } from './current-user.decorator.js';

export const INVALID_TOKEN_MESSAGE = 'Token inválido o expirado';

/**
 * Accepts a bearer token only if it verifies, its session was not ended (logout), its account still
 * exists and its version matches the account's: deleting the account or changing its password ends its
 * earlier sessions at once. The account and the session's end are one prepared statement.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly tokens: AuthTokenService,
    private readonly em: EntityManager,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw new UnauthorizedException(INVALID_TOKEN_MESSAGE);
    // Guards run before the interceptor that retries a request after a lost connection: their reads are
    // retried here, so a connection sweep does not turn a valid session into a 503.
    const subject = await this.tokens.verify(token);
    if (!subject) throw new UnauthorizedException(INVALID_TOKEN_MESSAGE);
    // The account and whether this session was ended (logout), in one statement.
    const user = await retryRead(() =>
      this.em.getRepository(RevokedToken).sessionAccount(subject.userId, subject.sessionId),
    );
    if (!user || user.revoked || user.tokenVersion !== subject.tokenVersion) {
      throw new UnauthorizedException(INVALID_TOKEN_MESSAGE);
    }
    request.user = {
      id: user.id,
      username: user.username,
      email: user.email,
      tokenVersion: user.tokenVersion,
      sessionId: subject.sessionId,
      expiresAt: subject.expiresAt,
    };
    return true;
  }
}
