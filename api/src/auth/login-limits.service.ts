import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import {
  DEFAULT_POLICY,
  type AttemptPolicy,
  type LoginAttemptsStore,
} from '../rate-limits/login-attempts.store.js';
import { LOGIN_ATTEMPTS } from '../rate-limits/rate-limits.module.js';

/** The browser's proof that it logged in to an account before (OWASP's "device cookie"). */
export const DEVICE_COOKIE = 'veredicto_dispositivo';
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 3600 * 1000;

export const UNDER_ATTACK_MESSAGE =
  'Esta cuenta está recibiendo demasiados intentos fallidos. Entra desde un dispositivo en el que ya ' +
  'hayas iniciado sesión o pide un enlace de acceso por correo.';

/**
 * Every client that is not a known device of the account shares this allowance: far more than an owner
 * mistypes, and past it an attacker with many addresses gets one guess per growing delay (at most 15 min).
 */
export const UNTRUSTED_CLIENTS_POLICY: AttemptPolicy = {
  freeFailures: 20,
  firstDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
};

interface Scope {
  key: string;
  policy: AttemptPolicy;
  /** Whether a right password clears it (the untrusted clients' total outlives one owner's login). */
  clearedOnSuccess: boolean;
  refusal: (waitMs: number) => string;
}

export interface LoginClient {
  ip: string;
  deviceCookie: string | null;
}

const perClientRefusal = (waitMs: number) => {
  const seconds = Math.ceil(waitMs / 1000);
  return `Demasiados intentos fallidos con esta cuenta. Espera ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'} antes de volver a intentarlo.`;
};

/**
 * OWASP's protection against brute force without lock-out: failures are counted per account AND client
 * (a known device on its own; any other client per address, plus a total shared by all unknown clients).
 * So strangers' failures never slow a browser that logged in to the account before, and an owner on a new
 * device while the account is under attack can get in with a link sent by e-mail.
 */
@Injectable()
export class LoginLimitsService {
  private readonly deviceKey: string;

  constructor(
    @Inject(LOGIN_ATTEMPTS) private readonly attempts: LoginAttemptsStore,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.deviceKey = `${config.JWT_SECRET}:device`;
  }

  /** Reserves the attempt on each of its scopes, or refuses it (429) with the reason in Spanish. */
  async admit(account: string, client: LoginClient): Promise<Scope[]> {
    const scopes = this.scopesOf(account, client);
    for (const scope of scopes) {
      const wait = await this.attempts.reserve(scope.key, Date.now(), scope.policy);
      if (wait > 0) throw new HttpException(scope.refusal(wait), HttpStatus.TOO_MANY_REQUESTS);
    }
    return scopes;
  }

  async failed(scopes: Scope[]): Promise<void> {
    const now = Date.now();
    await Promise.all(scopes.map((scope) => this.attempts.failed(scope.key, now, scope.policy)));
  }

  async succeeded(scopes: Scope[]): Promise<void> {
    await Promise.all(
      scopes.filter((scope) => scope.clearedOnSuccess).map((scope) => this.attempts.succeeded(scope.key)),
    );
  }

  /** A new device cookie for the account: `account.nonce.signature`, signed with a key of its own. */
  deviceCookieFor(account: string): string {
    const payload = `${Buffer.from(account).toString('base64url')}.${randomBytes(16).toString('base64url')}`;
    return `${payload}.${this.sign(payload)}`;
  }

  /** The cookie's nonce when it is a genuine device cookie of this account, null otherwise. */
  knownDevice(account: string, cookie: string | null): string | null {
    const [name, nonce, signature, ...rest] = (cookie ?? '').split('.');
    if (!name || !nonce || !signature || rest.length) return null;
    const expected = Buffer.from(this.sign(`${name}.${nonce}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return Buffer.from(name, 'base64url').toString() === account ? nonce : null;
  }

  private scopesOf(account: string, client: LoginClient): Scope[] {
    const device = this.knownDevice(account, client.deviceCookie);
    if (device) {
      return [
        {
          key: `device:${device}`,
          policy: DEFAULT_POLICY,
          clearedOnSuccess: true,
          refusal: perClientRefusal,
        },
      ];
    }
    return [
      {
        key: `client:${client.ip}:${account}`,
        policy: DEFAULT_POLICY,
        clearedOnSuccess: true,
        refusal: perClientRefusal,
      },
      {
        key: `untrusted:${account}`,
        policy: UNTRUSTED_CLIENTS_POLICY,
        clearedOnSuccess: false,
        refusal: () => UNDER_ATTACK_MESSAGE,
      },
    ];
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.deviceKey).update(payload).digest('base64url');
  }
}
