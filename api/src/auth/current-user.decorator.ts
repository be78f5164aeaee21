import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** The account behind a verified bearer token (set by AuthGuard). */
export interface AuthUser {
  id: number;
  username: string;
  email: string;
  tokenVersion: number;
  /** The session of the token this request came with, and when that token expires. */
  sessionId: string;
  expiresAt: Date;
}

export type AuthenticatedRequest = Request & { user?: AuthUser };

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser => {
  const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
  // Only reachable behind AuthGuard; a route without it is a programming error.
  if (!user) throw new Error('CurrentUser used on a route without AuthGuard');
  return user;
});
