import { Inject, Injectable } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import { limitedBy, UserLimitGuard, type UserLimit } from './user-limit.guard.js';

export const TOO_MANY_WRITES_MESSAGE =
  'Has hecho demasiados cambios seguidos. Espera un minuto antes de seguir.';

/** Per-user limit on writes (ratings, reviews, list changes), USER_WRITES_PER_MINUTE a minute. */
@Injectable()
export class UserWriteLimitGuard extends UserLimitGuard {
  constructor(
    @Inject(ThrottlerStorage) storage: ThrottlerStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(storage);
  }

  protected override limit(): UserLimit {
    return {
      name: 'user-writes',
      windowMs: 60_000,
      most: this.config.USER_WRITES_PER_MINUTE,
      message: TOO_MANY_WRITES_MESSAGE,
    };
  }
}

/** On a write method of a controller guarded by AuthGuard at class level. */
export const LimitUserWrites = () => limitedBy(UserWriteLimitGuard, TOO_MANY_WRITES_MESSAGE);
