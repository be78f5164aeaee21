import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { HttpStatus } from '@nestjs/common';
import { PlainTextException } from './http-exception.filter.js';

/**
 * Runs a write whose uniqueness was checked beforehand; when a concurrent write wins the race anyway, the
 * unique index decides and the caller gets a 409 with `message` instead of a 500.
 */
export async function conflictOnUniqueViolation<Result>(
  write: () => Promise<Result>,
  message: string,
): Promise<Result> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw new PlainTextException(message, HttpStatus.CONFLICT);
    }
    throw error;
  }
}
