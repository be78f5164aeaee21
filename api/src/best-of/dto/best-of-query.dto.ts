import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { PLATFORM_IDS } from '@veredicto/db';

export const MAX_BEST_OF_PAGE_SIZE = 100;

export class BestOfQueryDto {
  @ApiPropertyOptional({ description: 'Año de lanzamiento', example: 2023 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'year debe ser un número entero' })
  @Min(1950, { message: 'year no puede ser anterior a 1950' })
  @Max(2100, { message: 'year no puede ser posterior a 2100' })
  year?: number;

  @ApiPropertyOptional({ enum: PLATFORM_IDS })
  @IsOptional()
  @IsIn(PLATFORM_IDS, { message: `platform debe ser uno de: ${PLATFORM_IDS.join(', ')}` })
  platform?: string;

  @ApiPropertyOptional({ description: 'Género en español como slug (rol, aventura, estrategia-por-turnos…)' })
  @IsOptional()
  @Matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'genre debe ser el slug de un género' })
  genre?: string;

  @ApiPropertyOptional({ description: 'Página, empezando en 0', default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page debe ser un número entero' })
  @Min(0, { message: 'page no puede ser negativo' })
  @Max(100000, { message: 'page es demasiado grande' })
  page: number = 0;

  @ApiPropertyOptional({ description: `Tamaño de página (máximo ${MAX_BEST_OF_PAGE_SIZE})`, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'size debe ser un número entero' })
  @Min(1, { message: 'size debe ser al menos 1' })
  @Max(MAX_BEST_OF_PAGE_SIZE, { message: `size no puede ser mayor que ${MAX_BEST_OF_PAGE_SIZE}` })
  size: number = 50;
}
