import {
  applyDecorators,
  HttpException,
  HttpStatus,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
  type Type,
} from '@nestjs/common';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { AuthenticatedRequest } from '../auth/current-user.decorator.js';

/** How many times one user may do something in a window, and what a refused request reads. */
export interface UserLimit {
  /** The count's name in the throttler's storage. */
  name: string;
  windowMs: number;
  most: number;
  message: string;
}

/**
 * A per-user limit, whatever the IP, counted in the throttler's storage (on Redis it holds across every API
 * process). On the methods of a controller guarded by AuthGuard at class level: class guards run first, so
 * the user is known here; without one the route has already answered 401.
 */
export abstract class UserLimitGuard implements CanActivate {
  protected constructor(private readonly storage: ThrottlerStorage) {}

  protected abstract limit(): UserLimit;

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
    if (!user) return true;
    const { name, windowMs, most, message } = this.limit();
    const record = await this.storage.increment(`user:${user.id}`, windowMs, most, windowMs, name);
    if (record.isBlocked) throw new HttpException(message, HttpStatus.TOO_MANY_REQUESTS);
    return true;
  }
}

/** The decorator of a route under `guard`: the guard, and its 429 in the OpenAPI document. */
export const limitedBy = (guard: Type<UserLimitGuard>, message: string) =>
  applyDecorators(UseGuards(guard), ApiTooManyRequestsResponse({ description: message }));
