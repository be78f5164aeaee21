// First: refuses an unsupported Node.js before any native module loads.
import '@veredicto/config/require-node.js';
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { loadConfigOrExit } from '@veredicto/config';
import { configureQueueConnection } from '@veredicto/jobs';
import { AppModule } from './app.module.js';
import { configureApp } from './bootstrap.js';
import { prepareDatabase } from './prepare-database.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit('api');
  const queue = configureQueueConnection(config);
  await prepareDatabase(config);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, queue), {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  configureApp(app, config);
  await app.listen(config.PORT, process.env.HOST ?? '0.0.0.0');
  app.get(Logger).log(`API listening on ${config.PUBLIC_URL} (queues on ${queue.backend})`, 'Bootstrap');
  // The supervisor of `npm start` waits for this line.
  process.send?.({ type: 'ready', process: 'api' });
  // Stop with the supervisor if it dies without telling us (e.g. SIGKILL).
  process.on('disconnect', () => void app.close().finally(() => process.exit(0)));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[api] failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
