import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { JobGateway, QueueName } from '@veredicto/jobs';
import { ServingState } from './serving-state.js';

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms)),
  ]);

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobGateway,
    private readonly serving: ServingState,
  ) {}

  @Get('live')
  live() {
    return { status: 'ok' };
  }

  /**
   * Ready when the database answers and the queue backend accepts a read, and the process is neither
   * stopping nor completing a first start's demo catalogue.
   */
  @Get('ready')
  async ready() {
    if (this.serving.stopping) {
      throw new ServiceUnavailableException({
        message: 'Servicio deteniéndose',
        checks: { stopping: 'yes' },
      });
    }
    if (this.serving.completingCatalogue) {
      throw new ServiceUnavailableException({
        message: 'Cargando el catálogo de demostración',
        checks: { catalogue: 'loading' },
      });
    }
    const checks: Record<string, 'ok' | 'down'> = { database: 'down', queue: 'down' };
    await withTimeout(this.em.getConnection().execute('select 1'), 2000)
      .then(() => (checks.database = 'ok'))
      .catch(() => undefined);
    await withTimeout(this.jobs.queue(QueueName.Averages).getJobCounts('waiting'), 2000)
      .then(() => (checks.queue = 'ok'))
      .catch(() => undefined);
    if (Object.values(checks).some((value) => value !== 'ok')) {
      throw new ServiceUnavailableException({ message: 'Servicio no disponible', checks });
    }
    return { status: 'ok', checks };
  }
}
