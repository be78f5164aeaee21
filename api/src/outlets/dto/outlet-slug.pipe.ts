import { NotFoundException, type PipeTransform } from '@nestjs/common';

/** An outlet slug as the stats refresh writes them; anything else cannot name an outlet (404, no query). */
export class OutletSlugPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) || value.length > 200) {
      throw new NotFoundException('Medio no encontrado');
    }
    return value;
  }
}
