import { BadRequestException, type PipeTransform } from '@nestjs/common';

/** Route ids are positive integers (the external igdbID); anything else is a 400, never a 500. */
export class IgdbIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > 2_147_483_647) {
      throw new BadRequestException('El identificador del juego no es válido');
    }
    return Number(value);
  }
}
