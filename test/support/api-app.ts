import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '../../api/src/app.module.js';
import { configureApp } from '../../api/src/bootstrap.js';
import { loadConfig, type AppConfig } from '@veredicto/config';
import { configureQueueConnection } from '@veredicto/jobs';
import { testEnv } from './test-env.js';

export interface TestApi {
  app: NestExpressApplication;
  config: AppConfig;
  baseUrl: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** The environment shared by an in-process API and the worker processes it talks to. */
export function testProcessEnv(backend: 'redis' | 'postgres', overrides: Record<string, string> = {}) {
  const env = testEnv();
  const redisUrl = overrides.REDIS_URL ?? env.redisUrl;
  if (backend === 'redis' && !redisUrl) throw new Error('REDIS_URL is not set');
  return {
    NODE_ENV: 'test',
    DATABASE_URL: env.databaseUrl,
    REDIS_URL: backend === 'redis' ? redisUrl! : '',
    QUEUE_PREFIX: `${env.queuePrefix}_${backend}`,
    JWT_SECRET: 'integration-test-secret-integration-test-secret',
    ADMIN_PASSWORD: 'clave-de-administracion-de-prueba',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    SCRAPER_ALLOWED_HOSTS: '127.0.0.1',
    // The tests stand for a local proxy: each request states its client address in X-Forwarded-For.
    TRUSTED_PROXIES: 'loopback',
    DATA_DIR: join(tmpdir(), `veredicto-test-${env.queuePrefix}`),
    // Free ports: engineers and CI run several test processes on one machine.
    METRICS_PORT: '0',
    WORKER_METRICS_PORT: '0',
    ...overrides,
  };
}

/** The real API (every module, real PostgreSQL and queues) listening on a random local port. */
export async function startTestApi(
  backend: 'redis' | 'postgres' = 'postgres',
  overrides: Record<string, string> = {},
  { warnings = false } = {},
): Promise<TestApi> {
  const env = testProcessEnv(backend, overrides);
  const config = loadConfig(env);
  const queue = configureQueueConnection(config);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, queue), {
    // Warnings too where a test's failure needs them told (why a request answered 503, for one).
    logger: warnings ? ['error', 'warn'] : ['error'],
  });
  configureApp(app, config);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, config, baseUrl: `http://127.0.0.1:${port}`, env, close: () => app.close() };
}
