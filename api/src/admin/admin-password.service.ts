import { HttpException, HttpStatus, Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { Counter } from 'prom-client';
import type { SessionToken } from '@veredicto/contract';
import { ProcessMetrics } from '@veredicto/metrics';
import { DEFAULT_POLICY, type LoginAttemptsStore } from '../rate-limits/login-attempts.store.js';
import { LOGIN_ATTEMPTS } from '../rate-limits/rate-limits.module.js';
import { AdminTokenService } from './admin-token.service.js';

/** One key for the one secret: the limit holds whatever addresses the guesses come from. */
const ADMIN_PASSWORD_KEY = 'admin-password';
const ALERT_INTERVAL_MS = 60_000;

export const ADMIN_PASSWORD_LIMITED_MESSAGE =
  'Demasiados intentos fallidos con la contraseña de administración. Inténtalo de nuevo en un minuto.';

/**
 * The admin password's own limit, besides the per-IP one: after 5 wrong passwords (from anywhere) each
 * further attempt waits a delay that doubles up to a minute. While it holds, the operator is told: a
 * warning in the log (at most one a minute) and the counters `veredicto_admin_password_failures_total`
 * and `veredicto_admin_password_refused_total` (alert on the second one's rate).
 */
@Injectable()
export class AdminPasswordService {
  private readonly logger = new Logger('AdminPassword');
  private readonly failures: Counter;
  private readonly refused: Counter;
  private lastAlert = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly tokens: AdminTokenService,
    @Inject(LOGIN_ATTEMPTS) private readonly attempts: LoginAttemptsStore,
    metrics: ProcessMetrics,
  ) {
    this.failures = new Counter({
      name: 'veredicto_admin_password_failures_total',
      help: 'Contraseñas de administración incorrectas comprobadas',
      registers: [metrics.registry],
    });
    this.refused = new Counter({
      name: 'veredicto_admin_password_refused_total',
      help: 'Intentos con la contraseña de administración rechazados sin comprobar: está bajo ataque',
      registers: [metrics.registry],
    });
  }

  async exchange(password: string): Promise<SessionToken> {
    const wait = await this.attempts.reserve(ADMIN_PASSWORD_KEY, Date.now(), DEFAULT_POLICY);
    if (wait > 0) {
      this.refused.inc();
      this.alert(`intento rechazado; el siguiente se comprobará dentro de ${Math.ceil(wait / 1000)} s`);
      throw new HttpException(ADMIN_PASSWORD_LIMITED_MESSAGE, HttpStatus.TOO_MANY_REQUESTS);
    }
    if (!this.tokens.passwordMatches(password)) {
      this.failures.inc();
      const failures = await this.attempts.failed(ADMIN_PASSWORD_KEY, Date.now(), DEFAULT_POLICY);
      if (failures >= DEFAULT_POLICY.freeFailures) this.alert(`${failures} contraseñas incorrectas seguidas`);
      throw new UnauthorizedException('Contraseña incorrecta');
    }
    await this.attempts.succeeded(ADMIN_PASSWORD_KEY);
    return { token: await this.tokens.issue() };
  }

  private alert(detail: string): void {
    const now = Date.now();
    if (now - this.lastAlert < ALERT_INTERVAL_MS) return;
    this.lastAlert = now;
    this.logger.warn(`la contraseña de administración está bajo ataque: ${detail}`);
  }
}
