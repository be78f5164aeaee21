import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Latency buckets in seconds: cached reads answer in well under a millisecond, scrapes take seconds. */
const HTTP_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/**
 * The metrics of one process (API or workers). One registry per process rather than prom-client's global
 * one, so tests that start several applications in one Jest worker never share counters.
 */
export class ProcessMetrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'Peticiones HTTP atendidas, por método, ruta y código de estado',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duración de las peticiones HTTP, por método, ruta y código de estado',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  readonly httpCacheHits = new Counter({
    name: 'veredicto_http_cache_hits_total',
    help: 'Lecturas anónimas servidas por la caché de respuestas, antes de la aplicación, por ruta',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'veredicto_job_duration_seconds',
    help: 'Duración de los trabajos procesados por este worker, por cola, trabajo y resultado',
    labelNames: ['queue', 'job', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });

  readonly jobFailures = new Counter({
    name: 'veredicto_job_failures_total',
    help: 'Intentos fallidos de trabajos en este worker, por cola y trabajo',
    labelNames: ['queue', 'job'] as const,
    registers: [this.registry],
  });

  constructor(processName: 'api' | 'workers') {
    this.registry.setDefaultLabels({ process: processName });
    collectDefaultMetrics({ register: this.registry });
  }

  /** A gauge whose value is read when Prometheus scrapes (pool sizes, replica lag, queue counts). */
  gauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    collect: (gauge: Gauge<L>) => Promise<void> | void,
  ): Gauge<L> {
    return new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        // Values of a source that has gone (a replica removed) must not linger.
        this.reset();
        await collect(this);
      },
    });
  }

  /** The exposition text: prom-client's metrics followed by any extra families (BullMQ's export). */
  async render(extra: Array<() => Promise<string>> = []): Promise<string> {
    const parts = await Promise.all([this.registry.metrics(), ...extra.map((part) => part())]);
    return `${parts.map((part) => part.trimEnd()).join('\n')}\n`;
  }
}
