import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { BullBoardModule } from '@bull-board/nestjs';
import { EntityManager } from '@mikro-orm/postgresql';
import { Module } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import { ALL_QUEUES } from '@veredicto/jobs';
import { ADMIN_COOKIE, AdminTokenService, bearerToken, cookieValue } from './admin-token.service.js';
import { ADMIN_UNAUTHORIZED_MESSAGE } from './admin.guard.js';
import { QUEUE_DASHBOARD_PATH } from './admin.controller.js';

/**
 * bull-board at /admin/queues, for admins only. A browser navigating there cannot add a bearer header, so
 * the dashboard also accepts the admin token from the HttpOnly cookie that POST /api/admin/session sets
 * (SameSite=Strict, path /admin/queues).
 */
function adminOnly(tokens: AdminTokenService) {
  return (request: Request, response: Response, next: NextFunction) => {
    const token =
      bearerToken(request.headers.authorization) ?? cookieValue(request.headers.cookie, ADMIN_COOKIE);
    void tokens.isValid(token).then((valid) => {
      if (valid) return next();
      response.status(401).json({ statusCode: 401, message: ADMIN_UNAUTHORIZED_MESSAGE });
    }, next);
  };
}

@Module({
  imports: [
    BullBoardModule.forRootAsync({
      inject: [APP_CONFIG, EntityManager],
      useFactory: (config: AppConfig, em: EntityManager) => ({
        route: QUEUE_DASHBOARD_PATH,
        adapter: ExpressAdapter,
        boardOptions: { uiConfig: { boardTitle: `${config.SITE_NAME} · colas` } },
        middleware: adminOnly(new AdminTokenService(config, em)),
      }),
    }),
    BullBoardModule.forFeature(...ALL_QUEUES.map((name) => ({ name, adapter: BullMQAdapter }))),
  ],
})
export class QueueDashboardModule {}
