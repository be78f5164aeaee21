import { Logger, ServiceUnavailableException } from '@nestjs/common';

const logger = new Logger('RateLimits');

/** Redis unreachable: the limits cannot be counted, so the request is refused with a 503, not let through. */
export function rateLimitStoreDown(error: unknown): never {
  logger.error(`rate limit store unavailable: ${error instanceof Error ? error.message : String(error)}`);
  throw new ServiceUnavailableException(
    'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  );
}
