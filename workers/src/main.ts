// First: refuses an unsupported Node.js before any native module loads.
import '../../libs/config/src/require-node.js';
import 'reflect-metadata';
import { getQueueToken } from '@nestjs/bullmq';
import { Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { Logger } from 'nestjs-pino';
import { loadConfigOrExit } from '../../libs/config/src/index.js';
import { ALL_QUEUES, configureQueueConnection, logConnectionErrors } from '../../libs/jobs/src/index.js';
import { RecalculateAverageProcessor } from './averages/recalculate-average.processor.js';
import { NewsProcessor } from './news/news.processor.js';
import { ScrapingProcessor } from './scraping/scraping.processor.js';
import { TranslationProcessor } from './translation/translation.processor.js';
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
  // Connection errors (a database or Redis restart) become one short warning line per queue and worker.
  const logger = new NestLogger('Queues');
  const warn = (line: string) => logger.warn(line);
  for (const name of ALL_QUEUES) {
    logConnectionErrors(app.get<Queue>(getQueueToken(name), { strict: false }), warn, `cola ${name}`);
  }
  for (const processor of [
    RecalculateAverageProcessor,
    NewsProcessor,
    ScrapingProcessor,
    TranslationProcessor,
  ]) {
    const { worker } = app.get(processor);
    logConnectionErrors(worker, warn, `worker ${worker.name}`);
  }
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
