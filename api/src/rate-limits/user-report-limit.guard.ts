import { Inject, Injectable } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import { limitedBy, UserLimitGuard, type UserLimit } from './user-limit.guard.js';

export const REPORTS_PER_HOUR = 10;
export const TOO_MANY_REPORTS_MESSAGE =
  'Has enviado demasiadas denuncias en poco tiempo. Inténtalo de nuevo más tarde.';

const HOUR = 3_600_000;

/**
 * Per-user limit on reports, far below the one on writes: a report costs a moderator's time, so one
 * account cannot flood the queue.
 */
@Injectable()
export class UserReportLimitGuard extends UserLimitGuard {
  constructor(@Inject(ThrottlerStorage) storage: ThrottlerStorage) {
    super(storage);
  }

  protected override limit(): UserLimit {
    return {
      name: 'user-reports',
      windowMs: HOUR,
      most: REPORTS_PER_HOUR,
      message: TOO_MANY_REPORTS_MESSAGE,
    };
  }
}

/** On a report route of a controller guarded by AuthGuard at class level. */
export const LimitUserReports = () => limitedBy(UserReportLimitGuard, TOO_MANY_REPORTS_MESSAGE);
