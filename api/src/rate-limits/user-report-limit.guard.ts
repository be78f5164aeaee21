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
import type { AuthenticatedRequest } from '../auth/current-user.decorator.js';

export const REPORTS_PER_HOUR = 10;
export const TOO_MANY_REPORTS_MESSAGE =
  'Has enviado demasiadas denuncias en poco tiempo. Inténtalo de nuevo más tarde.';

const HOUR = 3_600_000;

/**
 * Per-user limit on reports, far below the one on writes: a report costs a moderator's time, so one
 * account cannot flood the queue. Counted in the throttler's storage (Redis when there is one).
 */
@Injectable()
export class UserReportLimitGuard implements CanActivate {
  constructor(@Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
    if (!user) return true;
    const record = await this.storage.increment(
      `user:${user.id}`,
      HOUR,
      REPORTS_PER_HOUR,
      HOUR,
      'user-reports',
    );
    if (record.isBlocked) throw new HttpException(TOO_MANY_REPORTS_MESSAGE, HttpStatus.TOO_MANY_REQUESTS);
    return true;
  }
}

/** On a report route of a controller guarded by AuthGuard at class level. */
export const LimitUserReports = () =>
  applyDecorators(
    UseGuards(UserReportLimitGuard),
    ApiTooManyRequestsResponse({ description: TOO_MANY_REPORTS_MESSAGE }),
  );
