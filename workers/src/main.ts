// First: refuses an unsupported Node.js before any native module loads.
import '@veredicto/config/require-node.js';
import 'reflect-metadata';
import { getQueueToken, type WorkerHost } from '@nestjs/bullmq';
import { Logger as NestLogger, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue, Worker } from 'bullmq';
import { Logger } from 'nestjs-pino';
import { loadConfigOrExit } from '@veredicto/config';
import { ALL_QUEUES, configureQueueConnection, logConnectionErrors } from '@veredicto/jobs';
import { QUEUE_PROCESSORS, servedQueues } from './queue-families.js';
import { WorkersModule } from './workers.module.js';

/** After the grace period, how long a forced close and the closing of connections may take. */
const CLOSE_TIMEOUT_MS = 5000;
const sleep = (ms: number) => new Promise<false>((resolve) => setTimeout(() => resolve(false), ms));

/** The worker process: a Nest application context (no HTTP server) running the job processors. */
async function main(): Promise<void> {
  const config = loadConfigOrExit('workers');
  const queue = configureQueueConnection(config);
  const app = await NestFactory.createApplicationContext(WorkersModule.forRoot(config, queue), {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  await app.init();
  // Connection errors (a database or Redis restart) become one short warning line per queue and worker.
  const logger = new NestLogger('Queues');
  const warn = (line: string) => logger.warn(line);
  for (const name of ALL_QUEUES) {
    logConnectionErrors(app.get<Queue>(getQueueToken(name), { strict: false }), warn, `cola ${name}`);
  }
  // Only the families of WORKER_QUEUES have a worker in this process.
  const workers = servedQueues(config).map((name) => app.get<WorkerHost>(QUEUE_PROCESSORS[name]).worker);
  for (const worker of workers) logConnectionErrors(worker, warn, `worker ${worker.name}`);

  let stopping: Promise<void> | undefined;
  const stop = (reason: string) =>
    (stopping ??= shutdown(app, workers, config.WORKER_SHUTDOWN_GRACE_MS, reason).then(
      (code) => process.exit(code),
      () => process.exit(1),
    ));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('disconnect', () => void stop('supervisor gone'));

  app.get(Logger).log(`workers ready (queues on ${queue.backend})`, 'Bootstrap');
  process.stdout.write('WORKERS READY\n');
  process.send?.({ type: 'ready', process: 'workers' });
}

/**
 * The shutdown order: stop taking jobs and let the running ones finish (at most `graceMs`), and only then
 * close the queues, the relay and the database, so a finishing job can still store its result and mark
 * itself completed. A job still running after the grace period is abandoned: its lock expires and another
 * worker runs it again (jobs are idempotent). Answers the exit code.
 */
async function shutdown(
  app: INestApplicationContext,
  workers: Worker[],
  graceMs: number,
  reason: string,
): Promise<number> {
  const logger = new NestLogger('Shutdown');
  const started = Date.now();
  logger.log(
    `${reason}: no se aceptan trabajos nuevos; se esperan los que están en marcha (máx. ${graceMs} ms)`,
  );
  const drained = await Promise.race([
    Promise.all(workers.map((worker) => worker.close())).then(() => true),
    sleep(graceMs),
  ]);
  if (!drained) {
    logger.warn(`plazo de ${graceMs} ms agotado: se abandonan los trabajos en marcha`);
    await Promise.race([Promise.all(workers.map((worker) => worker.close(true))), sleep(CLOSE_TIMEOUT_MS)]);
  }
  await Promise.race([app.close(), sleep(CLOSE_TIMEOUT_MS)]);
  logger.log(`detenido en ${Date.now() - started} ms`);
  return drained ? 0 : 1;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[workers] failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
