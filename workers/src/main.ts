// First: refuses an unsupported Node.js before any native module loads.
import '@veredicto/config/require-node.js';
import 'reflect-metadata';
import { getQueueToken, type WorkerHost } from '@nestjs/bullmq';
import { Logger as NestLogger, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue, Worker } from 'bullmq';
import { Logger } from 'nestjs-pino';
import { loadConfigOrExit } from '@veredicto/config';
import {
  ALL_QUEUES,
  configureQueueConnection,
  logConnectionErrors,
  type QueueName,
  WORKER_SHUTDOWN_RESERVE_MS,
} from '@veredicto/jobs';
import { QUEUE_PROCESSORS, servedQueues } from './queue-families.js';
import { WorkersModule } from './workers.module.js';

/** Of the reserve, how long jobs given up at the end of the grace may take to hand themselves back. */
const HAND_BACK_MS = 1500;
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
  const workers = servedQueues(config).map((name) => ({
    queue: name,
    worker: app.get<WorkerHost>(QUEUE_PROCESSORS[name]).worker,
  }));
  for (const { worker } of workers) logConnectionErrors(worker, warn, `worker ${worker.name}`);

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
 * The shutdown order. Each queue's worker stops taking jobs and closes on its own: one with nothing running
 * (the averages, usually) is closed at once, whatever the others are doing. Running jobs may finish until
 * the grace period minus a reserve; then they are given up: their signal aborts the fetch they wait for
 * (scrapes, news, IGDB) and the job goes back to the queue (moved to wait, no attempt spent), so a worker
 * started later runs it from the beginning. A job that ignores its signal is abandoned (its lock expires
 * and another worker runs it again: jobs are idempotent). Queues, relay and database close last, so a
 * finishing job can still store its result. The whole stop stays within `graceMs`. Answers the exit
 * code: 0, or 1 when a job had to be abandoned.
 */
async function shutdown(
  app: INestApplicationContext,
  workers: { queue: QueueName; worker: Worker }[],
  graceMs: number,
  reason: string,
): Promise<number> {
  const logger = new NestLogger('Shutdown');
  const started = Date.now();
  const jobsDeadline = started + Math.max(0, graceMs - WORKER_SHUTDOWN_RESERVE_MS);
  logger.log(
    `${reason}: no se aceptan trabajos nuevos; se esperan los que están en marcha (máx. ${graceMs} ms)`,
  );
  const closed = await Promise.all(
    workers.map(async ({ queue, worker }) => {
      const closing = worker.close().then(() => true);
      let done = await Promise.race([closing, sleep(jobsDeadline - Date.now())]);
      if (!done) {
        worker.cancelAllJobs('shutdown: grace period over');
        done = await Promise.race([closing, sleep(HAND_BACK_MS)]);
      }
      if (done) logger.log(`cola ${queue}: cerrada en ${Date.now() - started} ms`);
      else logger.warn(`cola ${queue}: plazo agotado; se abandonan los trabajos en marcha`);
      return done;
    }),
  );
  await Promise.race([app.close(), sleep(Math.max(500, started + graceMs - Date.now()))]);
  logger.log(`detenido en ${Date.now() - started} ms`);
  return closed.every(Boolean) ? 0 : 1;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[workers] failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
