import { BadRequestException } from '@nestjs/common';
import { UnsafeUrlError, validateUrlInput } from '@veredicto/scraping/fetching/url-guard.js';

/**
 * A URL the workers will be asked to fetch, checked before anything is enqueued: 400 with the fetching
 * layer's Spanish message ('La URL no es válida.', 'Solo se admiten URL http o https.', ...). Host names
 * are resolved and checked again by the worker right before fetching.
 */
export function parseScrapeUrl(input: unknown, allowedHosts: readonly string[]): string {
  try {
    return validateUrlInput(input, { allowedHosts }).href;
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw new BadRequestException(error.message);
    throw error;
  }
}
