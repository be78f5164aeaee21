import { NotFoundException, type PipeTransform } from '@nestjs/common';
import { PROFILE_NOT_FOUND } from './profiles.service.js';

/** A username in a path: what no account can be named (too long, odd characters) is simply not found. */
export class UsernameParamPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!/^[\p{L}\p{N}_.-]{1,30}$/u.test(value)) throw new NotFoundException(PROFILE_NOT_FOUND);
    return value;
  }
}
