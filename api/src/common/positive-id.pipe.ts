import { BadRequestException, type PipeTransform } from '@nestjs/common';

/** Numeric route ids (news, feeds): a positive 32-bit integer or a 400, never a 500. */
export class PositiveIdPipe implements PipeTransform<string, number> {
  constructor(private readonly message = 'El identificador no es válido') {}

  transform(value: string): number {
    if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > 2_147_483_647) {
      throw new BadRequestException(this.message);
    }
    return Number(value);
  }
}
