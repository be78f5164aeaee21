// First: refuses an unsupported Node.js before any native module loads.
import '@veredicto/config/require-node.js';
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { ListenOptions } from 'node:net';
import { Logger } from 'nestjs-pino';
import { loadConfigOrExit } from '@veredicto/config';
import { configureQueueConnection, JobGateway, JobName } from '@veredicto/jobs';
import { AppModule } from './app.module.js';
import { configureApp } from './bootstrap.js';
import { CLOSE_RESERVE_MS, HttpDrain } from './common/http-drain.js';
import { ServingState } from './health/serving-state.js';
import { prepareDatabase } from './prepare-database.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit('api');
  const queue = configureQueueConnection(config);
  const completeCatalogue = await prepareDatabase(config);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, queue), {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  configureApp(app, config);
  const drain = new HttpDrain(app.getHttpServer());
  // A first start's demo catalogue: the language lists and outlet figures, while the pages are served.
  if (completeCatalogue) app.get(ServingState).completeCatalogue(completeCatalogue);
  // Several API processes of `npm start` share PORT: the kernel gives each new connection to one of them.
  // Nest's listen() is typed for a port but hands its arguments to http.Server#listen, which takes options.
  const host = process.env.HOST ?? '0.0.0.0';
  await (config.API_PROCESSES > 1
    ? app.listen({ port: config.PORT, host, reusePort: true } satisfies ListenOptions as unknown as number)
    : app.listen(config.PORT, host));
  app.get(Logger).log(`API listening on ${config.PUBLIC_URL} (queues on ${queue.backend})`, 'Bootstrap');
  // The supervisor of `npm start` waits for this line.
  process.send?.({ type: 'ready', process: 'api' });
  // It starts the other API processes once a first start's catalogue is in: their readiness would
  // otherwise say yes before this one's.
  void app
    .get(ServingState)
    .catalogueCompleted()
    .then(() => {
      process.send?.({ type: 'complete', process: 'api' });
      if (!completeCatalogue) return;
      // The completed catalogue (its language lists) marked every ordering for a new walk: the workers walk
      // them now, in the first start's background, rather than when the first rating asks for a refresh.
      app
        .get(JobGateway)
        .enqueue(JobName.RefreshCatalogueOrderings, {})
        .catch((error: unknown) =>
          app
            .get(Logger)
            .warn(
              `órdenes del catálogo a la espera del próximo cambio: ${error instanceof Error ? error.message : String(error)}`,
              'Bootstrap',
            ),
        );
    });
  // SIGTERM (Kubernetes, the supervisor) and Ctrl-C: readiness false, drain the connections, then close
  // the application, all within API_SHUTDOWN_GRACE_MS.
  let stopping: Promise<void> | undefined;
  const stop = (reason: string) =>
    (stopping ??= (async () => {
      const started = Date.now();
      const logger = app.get(Logger);
      app.get(ServingState).markStopping();
      logger.log(
        `${reason}: se dejan de aceptar peticiones (máx. ${config.API_SHUTDOWN_GRACE_MS} ms)`,
        'Shutdown',
      );
      const { forced } = await drain.drain(started + config.API_SHUTDOWN_GRACE_MS - CLOSE_RESERVE_MS);
      if (forced) logger.warn('plazo agotado: se cierran las conexiones que quedaban', 'Shutdown');
      await Promise.race([app.close(), new Promise((resolve) => setTimeout(resolve, CLOSE_RESERVE_MS))]);
      logger.log(`detenido en ${Date.now() - started} ms`, 'Shutdown');
      process.exit(forced ? 1 : 0);
    })().catch(() => process.exit(1)));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // Stop with the supervisor if it dies without telling us (e.g. SIGKILL).
  process.on('disconnect', () => void stop('supervisor gone'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[api] failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
