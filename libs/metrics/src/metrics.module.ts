import { MikroORM } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import type { Server } from 'node:http';
import { APP_CONFIG, type ApiConfig, type WorkersConfig } from '@veredicto/config';
import { AppMeta, databaseServers, OutboxMessage, poolUse, replicationLagSeconds } from '@veredicto/db';
import { ALL_QUEUES } from '@veredicto/jobs';
import { ProcessMetrics } from './metrics.js';
import { startMetricsServer, metricsPort } from './metrics-server.js';
import { exportQueueMetrics } from './queue-metrics.js';

export type MetricsProcess = 'api' | 'workers';
const PROCESS = Symbol('METRICS_PROCESS');

/**
 * Starts this process's /metrics listener once the application is up and stops it on shutdown. Besides
 * what the process records itself (HTTP, jobs), each scrape reads the queue counts (BullMQ's export),
 * the database pools and the replicas' lag.
 */
@Injectable()
export class MetricsExporter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server?: Server;
  private queues: Queue[] = [];

  constructor(
    readonly metrics: ProcessMetrics,
    private readonly moduleRef: ModuleRef,
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: ApiConfig | WorkersConfig,
    @Inject(PROCESS) private readonly processName: MetricsProcess,
  ) {
    const servers = () => databaseServers(this.orm);
    metrics.gauge(
      'veredicto_db_pool_connections',
      'Conexiones del pool de PostgreSQL por servidor y estado (total, idle, waiting = peticiones esperando)',
      ['server', 'state'],
      async (gauge) => {
        for (const server of servers()) {
          const use = await poolUse(server);
          gauge.set({ server: server.name, state: 'total' }, use.total);
          gauge.set({ server: server.name, state: 'idle' }, use.idle);
          gauge.set({ server: server.name, state: 'waiting' }, use.waiting);
        }
      },
    );
    metrics.gauge(
      'veredicto_db_replica_lag_seconds',
      'Retraso de cada réplica de lectura respecto al primario, en segundos',
      ['server'],
      async (gauge) => {
        for (const server of servers().slice(1)) {
          const lag = await replicationLagSeconds(server).catch(() => null);
          if (lag !== null) gauge.set({ server: server.name }, lag);
        }
      },
    );
    this.exportReliability(metrics);
  }

  /**
   * The reliability figures of the jobs branch, read from the database at each scrape: what the last
   * reconciliation of the stored figures repaired (zero in a healthy system) and the outbox's backlog. A
   * database that does not answer leaves them out of that scrape rather than failing it.
   */
  private exportReliability(metrics: ProcessMetrics): void {
    const report = () =>
      this.orm.em
        .fork()
        .getRepository(AppMeta)
        .findReconciliationReport()
        .catch(() => null);
    const backlog = () =>
      this.orm.em
        .fork()
        .getRepository(OutboxMessage)
        .backlog()
        .catch(() => null);
    metrics.gauge(
      'veredicto_reconciliation_fixed',
      'Juegos cuyas cifras corrigió la última reconciliación (cero si nada se perdió)',
      [],
      async (gauge) => {
        const last = await report();
        if (last) gauge.set(last.fixed);
      },
    );
    metrics.gauge(
      'veredicto_reconciliation_checked',
      'Juegos comparados por la última reconciliación',
      [],
      async (gauge) => {
        const last = await report();
        if (last) gauge.set(last.checked);
      },
    );
    metrics.gauge(
      'veredicto_reconciliation_timestamp_seconds',
      'Momento (Unix) de la última reconciliación de las cifras',
      [],
      async (gauge) => {
        const last = await report();
        if (last) gauge.set(Date.parse(last.at) / 1000);
      },
    );
    metrics.gauge(
      'veredicto_outbox_pending',
      'Trabajos de la bandeja de salida aún no entregados a la cola',
      [],
      async (gauge) => {
        const current = await backlog();
        if (current) gauge.set(current.pending);
      },
    );
    metrics.gauge(
      'veredicto_outbox_oldest_pending_seconds',
      'Antigüedad del trabajo pendiente más antiguo de la bandeja de salida (0 sin pendientes)',
      [],
      async (gauge) => {
        const current = await backlog();
        if (current) gauge.set(current.oldestPendingSeconds ?? 0);
      },
    );
  }

  /** The port the listener got (METRICS_PORT 0 picks a free one); undefined when it could not start. */
  get port(): number | undefined {
    return this.server ? metricsPort(this.server) : undefined;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.queues = ALL_QUEUES.map((name) => this.moduleRef.get<Queue>(getQueueToken(name), { strict: false }));
    const port = 'METRICS_PORT' in this.config ? this.config.METRICS_PORT : this.config.WORKER_METRICS_PORT;
    try {
      this.server = await startMetricsServer({
        port,
        host: this.config.METRICS_HOST,
        token: this.config.METRICS_TOKEN,
        render: () => this.metrics.render([() => exportQueueMetrics(this.queues)]),
      });
      this.logger.log(`métricas en http://${this.config.METRICS_HOST}:${this.port}/metrics`);
    } catch (error) {
      // A second process on one machine with the default port: it runs without metrics, it does not stop.
      this.logger.warn(`sin /metrics: el puerto ${port} no está libre (${(error as Error).message})`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

@Global()
@Module({})
export class MetricsModule {
  static forRoot(processName: MetricsProcess): DynamicModule {
    return {
      module: MetricsModule,
      providers: [
        { provide: PROCESS, useValue: processName },
        { provide: ProcessMetrics, useValue: new ProcessMetrics(processName) },
        MetricsExporter,
      ],
      exports: [ProcessMetrics, MetricsExporter],
    };
  }
}
