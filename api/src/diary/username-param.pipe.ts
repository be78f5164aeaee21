import { NotFoundException, type PipeTransform } from '@nestjs/common';
import { PROFILE_NOT_FOUND } from './profiles.service.js';

/** What could be an account's name (a NUL byte or a 300-letter name never is, and is not sent to the database). */
export const isPossibleUsername = (value: string): boolean => /^[\p{L}\p{N}_.-]{1,30}$/u.test(value);

/** A username in a path: what no account can be named (too long, odd characters) is simply not found. */
export class UsernameParamPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isPossibleUsername(value)) throw new NotFoundException(PROFILE_NOT_FOUND);
    return value;
  }
}
