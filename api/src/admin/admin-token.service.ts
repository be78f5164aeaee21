import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import { RevokedToken } from '@veredicto/db';

export const ADMIN_TOKEN_ALGORITHM = 'HS256';
export const ADMIN_TOKEN_LIFETIME_SECONDS = 2 * 60 * 60;
export const ADMIN_SCOPE = 'admin';
/** The cookie that carries the admin token to the queue dashboard (a browser page cannot send a bearer). */
export const ADMIN_COOKIE = 'veredicto_admin';

/**
 * Admin tokens are signed with a key of their own (JWT_SECRET + ':admin'), so a user's session token can
 * never pass for one even if it carried a forged scope claim.
 */
@Injectable()
export class AdminTokenService {
  private readonly jwt: JwtService;
  private readonly passwordDigest: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly em: EntityManager,
  ) {
    this.jwt = new JwtService({
      secret: `${config.JWT_SECRET}:admin`,
      signOptions: { algorithm: ADMIN_TOKEN_ALGORITHM, expiresIn: ADMIN_TOKEN_LIFETIME_SECONDS },
      verifyOptions: { algorithms: [ADMIN_TOKEN_ALGORITHM] },
    });
    this.passwordDigest = sha256(config.ADMIN_PASSWORD);
  }

  /** Constant time: both sides are hashed to the same length before the comparison. */
  passwordMatches(candidate: string): boolean {
    return timingSafeEqual(sha256(candidate), this.passwordDigest);
  }

  /** Each admin session has an id of its own (jti), so its logout can end it before it expires. */
  issue(): Promise<string> {
    return this.jwt.signAsync({ scope: ADMIN_SCOPE, jti: randomUUID() });
  }

  async isValid(token: string | undefined | null): Promise<boolean> {
    const claims = await this.claimsOf(token);
    // Forked: the queue dashboard checks tokens outside any request's ORM context.
    return claims !== null && !(await this.em.fork().getRepository(RevokedToken).isRevoked(claims.jti));
  }

  /** The admin logout: the token is refused from now on, by the API and the queue dashboard. */
  async end(token: string | undefined | null): Promise<void> {
    const claims = await this.claimsOf(token);
    if (claims)
      await this.em
        .fork()
        .getRepository(RevokedToken)
        .revoke(claims.jti, new Date(claims.exp * 1000));
  }

  private async claimsOf(token: string | undefined | null): Promise<{ jti: string; exp: number } | null> {
    if (!token) return null;
    try {
      const claims = await this.jwt.verifyAsync<{ scope?: unknown; jti?: unknown; exp?: unknown }>(token, {
        algorithms: [ADMIN_TOKEN_ALGORITHM],
      });
      if (claims.scope !== ADMIN_SCOPE || typeof claims.jti !== 'string' || claims.jti.length > 36)
        return null;
      if (typeof claims.exp !== 'number') return null;
      return { jti: claims.jti, exp: claims.exp };
    } catch {
      return null;
    }
  }
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The token of an `Authorization: Bearer ...` header, if any. */
export function bearerToken(header: string | undefined): string | null {
  const [scheme, token] = (header ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** One cookie's value from a Cookie header (no cookie-parser needed for a single cookie). */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}
