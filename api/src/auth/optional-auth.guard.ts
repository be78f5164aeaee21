import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { createParamDecorator } from '@nestjs/common';
import { AuthGuard } from './auth.guard.js';
import type { AuthenticatedRequest } from './current-user.decorator.js';

/**
 * For pages anyone may read whose answer depends on who asks (a profile for followers): no token is an
 * anonymous reader; a token is checked as AuthGuard checks it (a bad one is still a 401).
 */
@Injectable()
export class OptionalAuthGuard implements CanActivate {
  constructor(private readonly auth: AuthGuard) {}

  canActivate(context: ExecutionContext): Promise<boolean> | boolean {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (!request.headers.authorization) return true;
    return this.auth.canActivate(context);
  }
}

/** The id of the account behind the request's token, or null for an anonymous reader. */
export const ViewerId = createParamDecorator(
  (_data: unknown, context: ExecutionContext): number | null =>
    context.switchToHttp().getRequest<AuthenticatedRequest>().user?.id ?? null,
);
