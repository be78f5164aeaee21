import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadConfigOrExit } from '../../libs/config/src/index.js';
import { configureQueueConnection } from '../../libs/jobs/src/index.js';
import { WorkersModule } from './workers.module.js';

/** The worker process: a Nest application context (no HTTP server) running the job processors. */
async function main(): Promise<void> {
  const config = loadConfigOrExit('workers');
  const queue = configureQueueConnection(config);
  const app = await NestFactory.createApplicationContext(WorkersModule.forRoot(config, queue), {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  // On SIGTERM/SIGINT Nest closes the BullMQ workers, which let running jobs finish first.
  app.enableShutdownHooks();
  await app.init();
  app.get(Logger).log(`workers ready (queues on ${queue.backend})`, 'Bootstrap');
  process.stdout.write('WORKERS READY\n');
  process.send?.({ type: 'ready', process: 'workers' });
  process.on('disconnect', () => void app.close().finally(() => process.exit(0)));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[workers] failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
