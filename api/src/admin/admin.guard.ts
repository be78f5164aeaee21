import { Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { AdminTokenService, bearerToken } from './admin-token.service.js';

export const ADMIN_UNAUTHORIZED_MESSAGE = 'Se requiere acceso de administrador';

/**
 * Every admin API call: a bearer admin token and nothing else. The dashboard cookie is deliberately not
 * accepted here, so a cross-site form can never ride on it to call the admin API.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly tokens: AdminTokenService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    if (await this.tokens.isValid(bearerToken(request.headers.authorization))) return true;
    throw new UnauthorizedException(ADMIN_UNAUTHORIZED_MESSAGE);
  }
}
