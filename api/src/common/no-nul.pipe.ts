import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';

export const NUL_MESSAGE = 'La petición contiene caracteres no válidos';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  const items = Array.isArray(value) ? value : [...Object.keys(value), ...Object.values(value)];
  return items.some((item) => containsNul(item, depth + 1));
}

/**
 * PostgreSQL text cannot hold the NUL character: a \u0000 in any parameter, query or body would fail in
 * the database as a 500. Refused up front, for every argument of every handler, with a clear 400.
 */
@Injectable()
export class NoNulPipe implements PipeTransform {
  transform(value: unknown): unknown {
    if (containsNul(value)) throw new BadRequestException(NUL_MESSAGE);
    return value;
  }
}
