import { Logger } from '@nestjs/common';

const logger = new Logger('RateLimits');
const WARN_INTERVAL_MS = 10_000;
let lastWarned = Number.NEGATIVE_INFINITY;

/**
 * The count on Redis, or, while Redis is unreachable, the same count kept in this process. A Redis outage
 * must neither refuse every rated request (writes go through the outbox meanwhile) nor let limits lapse:
 * for its length each API process holds the limits on its own, and the shared counts resume with Redis.
 */
export async function onRedisOrInProcess<T>(
  onRedis: () => Promise<T>,
  inProcess: () => Promise<T>,
): Promise<T> {
  try {
    return await onRedis();
  } catch (error) {
    const now = Date.now();
    if (now - lastWarned >= WARN_INTERVAL_MS) {
      lastWarned = now;
      const reason = error instanceof Error ? error.message : String(error);
      logger.warn(`límites contados en este proceso mientras Redis no responde: ${reason}`);
    }
    return inProcess();
  }
}
