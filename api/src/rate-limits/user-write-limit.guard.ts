import {
  applyDecorators,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ThrottlerStorage } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import type { AuthenticatedRequest } from '../auth/current-user.decorator.js';

export const TOO_MANY_WRITES_MESSAGE =
  'Has hecho demasiados cambios seguidos. Espera un minuto antes de seguir.';

/**
 * Per-user limit on writes (ratings, reviews, list changes), whatever the IP: counted in the throttler's
 * storage, so on Redis it holds across every API process.
 */
@Injectable()
export class UserWriteLimitGuard implements CanActivate {
  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
    // Behind AuthGuard: without a user the route answers 401 before reaching here.
    if (!user) return true;
    const record = await this.storage.increment(
      `user:${user.id}`,
      60_000,
      this.config.USER_WRITES_PER_MINUTE,
      60_000,
      'user-writes',
    );
    if (record.isBlocked) throw new HttpException(TOO_MANY_WRITES_MESSAGE, HttpStatus.TOO_MANY_REQUESTS);
    return true;
  }
}

/**
 * On a write method of a controller guarded by AuthGuard at class level (class guards run first, so the
 * user is known here).
 */
export const LimitUserWrites = () =>
  applyDecorators(
    UseGuards(UserWriteLimitGuard),
    ApiTooManyRequestsResponse({ description: TOO_MANY_WRITES_MESSAGE }),
  );
