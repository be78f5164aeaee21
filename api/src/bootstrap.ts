import type { NestExpressApplication } from '@nestjs/platform-express';
import { Reflector } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import { json, static as serveStatic, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { isAbsolute, join } from 'node:path';
import { fromRoot, type AppConfig } from '@veredicto/config';
import { httpMetricsMiddleware, httpRequestRecorder, ProcessMetrics } from '@veredicto/metrics';
import { PinoLogger } from 'nestjs-pino';
import { accessLogLevel } from './common/access-log.js';
import { AdminTokenService, bearerToken } from './admin/admin-token.service.js';
import { ADMIN_UNAUTHORIZED_MESSAGE } from './admin/admin.guard.js';
import { edgePolicyMiddleware } from './common/edge-policy.middleware.js';
import { EncodedAnswers } from './common/encoded-answers.js';
import { fixedHeaders } from './common/fixed-headers.js';
import { readLanesMiddleware } from './common/read-lanes.middleware.js';
import { GamesService } from './games/games.service.js';
import { HttpExceptionFilter } from './common/http-exception.filter.js';
import { refuseDeepJson } from './common/json-depth.js';
import { NoNulPipe } from './common/no-nul.pipe.js';
import { RetryLostConnectionInterceptor } from './common/unavailable.js';
import { createValidationPipe } from './common/validation.pipe.js';
import { siteConfigScriptHash } from './seo/html-shell.js';

const NO_FILES = /^\/(api|health)\//;
const API_DOCS_PATH = '/api/docs';

/** Everything main.ts and the tests both apply to the Nest application. */
export function configureApp(app: NestExpressApplication, config: AppConfig): void {
  const express = app.getHttpAdapter().getInstance();
  express.disable('x-powered-by');
  // Hashing every response body for an ETag costs more CPU than serving a cached read itself.
  express.set('etag', false);
  // Only the configured proxies may state the client's address (X-Forwarded-For); with none, the client is
  // the connection's peer, so nobody picks their own rate-limit key.
  express.set('trust proxy', config.TRUSTED_PROXIES.length ? config.TRUSTED_PROXIES : false);
  const metrics = app.get(ProcessMetrics, { strict: false });
  // First, so every answer is counted and timed, whatever serves it.
  app.use(httpMetricsMiddleware(httpRequestRecorder(metrics)));
  // Before the handlers: which database server the request's reads use, and the CDN headers of its answer.
  app.use(edgePolicyMiddleware(config));
  app.use(securityHeaders(config));
  // The read path's hook: catalogue pages and searches from the read model, with the headers set above.
  app.use(readLanes(app, config));
  // Pages, scripts, styles and JSON answers travel compressed (gzip or brotli, over 1 KB); an answer
  // already compressed once (EncodedAnswers: its Content-Encoding set) is left as it is.
  app.use(compression());
  // Over-deep bodies stop here, before any recursive validation could overflow the stack. Nest's own
  // useBodyParser does not take a `verify` hook; Nest sees this parser by name and adds no second one.
  app.use(json({ limit: '100kb', verify: refuseDeepJson }));
  app.useBodyParser('urlencoded', { limit: '100kb', extended: false });

  const dist = isAbsolute(config.FRONTEND_DIST) ? config.FRONTEND_DIST : fromRoot(config.FRONTEND_DIST);
  app.useStaticAssets(join(dist, 'assets'), {
    prefix: '/assets',
    immutable: true,
    maxAge: '365d',
    index: false,
  });
  // Files at the root (favicon, manifest, robots...). API and health paths never name a file: they skip
  // the file-system lookup every request would otherwise pay.
  const rootFiles = serveStatic(dist, { index: false, maxAge: '1h', fallthrough: true });
  app.use((request: Request, response: Response, next: NextFunction) =>
    NO_FILES.test(request.path) ? next() : rootFiles(request, response, next),
  );

  app.useGlobalFilters(new HttpExceptionFilter());
  app.useGlobalInterceptors(new RetryLostConnectionInterceptor(app.get(Reflector)));
  app.useGlobalPipes(new NoNulPipe(), createValidationPipe());
  installApiDocs(app, config);
}

/**
 * The API documentation: public for development, behind the admin token or off in production (it maps
 * every route an attacker could try).
 */
function installApiDocs(app: NestExpressApplication, config: AppConfig): void {
  const mode = config.API_DOCS ?? (config.NODE_ENV === 'production' ? 'off' : 'public');
  if (mode === 'off') return;
  if (mode === 'admin') {
    const tokens = app.get(AdminTokenService, { strict: false });
    app.use(API_DOCS_PATH, (request: Request, response: Response, next: NextFunction) => {
      void tokens.isValid(bearerToken(request.headers.authorization)).then((valid) => {
        if (valid) return next();
        response.status(401).json({ statusCode: 401, message: ADMIN_UNAUTHORIZED_MESSAGE });
      }, next);
    });
  }
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle(`${config.SITE_NAME} API`)
      .setDescription('API pública de Veredicto: juegos, críticas, puntuaciones, listas y noticias.')
      .setVersion('1.0')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup(API_DOCS_PATH.slice(1), app, document, {
    jsonDocumentUrl: `${API_DOCS_PATH.slice(1)}/openapi.json`,
  });
}

/**
 * The security headers (helmet, read once: fixedHeaders): the page's CSP for pages and the API docs, a
 * deny-all one for JSON.
 */
function securityHeaders(config: AppConfig) {
  const pageHelmet = fixedHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // The page's inline config script by its hash: the same for every visitor, so CDN-cached pages
          // carry no per-request secret.
          scriptSrc: [
            "'self'",
            siteConfigScriptHash({ siteName: config.SITE_NAME, contactEmail: config.CONTACT_EMAIL }),
          ],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: config.NODE_ENV === 'production' ? [] : null,
        },
      },
      hsts: config.NODE_ENV === 'production',
      crossOriginEmbedderPolicy: false,
    }),
  );
  // bull-board brings its own inline scripts: it gets the headers without the page CSP (Swagger UI loads
  // only its own files and gets the page's policy).
  const toolHelmet = fixedHeaders(
    helmet({ contentSecurityPolicy: false, hsts: config.NODE_ENV === 'production' }),
  );
  // JSON answers are never rendered as documents: a fixed, deny-all policy, and only the headers that
  // protect a JSON answer (OWASP's REST Security cheat sheet): no sniffing, no framing, no cross-origin
  // reads, HTTPS only. The ones that govern documents (their opener, agent cluster, DNS prefetching,
  // referrer, legacy XSS filter, IE downloads, Flash policies) go with the pages, not with every answer.
  const apiHelmet = fixedHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      hsts: config.NODE_ENV === 'production',
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      referrerPolicy: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    }),
  );
  return (request: Request, response: Response, next: NextFunction) => {
    if (request.path.startsWith('/admin/queues')) return toolHelmet(request, response, next);
    if (request.path.startsWith(API_DOCS_PATH)) return pageHelmet(request, response, next);
    if (NO_FILES.test(request.path)) return apiHelmet(request, response, next);
    return pageHelmet(request, response, next);
  };
}

/**
 * The read lanes (read-lanes.middleware.ts): catalogue pages from the catalogue in memory (unless
 * CATALOGUE_MEMORY=false) and searches from the search index and the catalogue's cards, compressed once per
 * answer. Their answers are counted and timed by the metrics middleware, and logged as pino-http would.
 */
function readLanes(app: NestExpressApplication, config: AppConfig) {
  const games = app.get(GamesService, { strict: false });
  return readLanesMiddleware(
    [
      ...(config.CATALOGUE_MEMORY
        ? [{ path: '/api/games/all', answer: (query: string) => games.pageFromMemory(query) }]
        : []),
      { path: '/api/games/search', answer: (query: string) => games.searchFromLane(query) },
    ],
    app.get(EncodedAnswers, { strict: false }),
    {
      // The access line pino-http would have written (its serialisers hide secrets in query strings).
      log: (request, response, milliseconds) => {
        const level = accessLogLevel(
          { sampleRate: config.ACCESS_LOG_SAMPLE_RATE, slowMs: config.ACCESS_LOG_SLOW_MS },
          response.statusCode,
          milliseconds,
        );
        const logger = PinoLogger.root;
        if (level === 'silent' || !logger?.isLevelEnabled(level)) return;
        logger[level](
          { req: request, res: response, responseTime: Math.round(milliseconds), cache: 'read-lane' },
          'request completed',
        );
      },
    },
  );
}
