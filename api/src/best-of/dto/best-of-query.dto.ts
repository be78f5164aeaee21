import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { CATALOGUE_QUERY_LIMITS as LIMITS } from '@veredicto/contract';
import { PageParam, PageSizeParam, PlatformParam, YearParam } from '../../common/query-params.js';

export const MAX_BEST_OF_PAGE_SIZE = 100;

export class BestOfQueryDto {
  @YearParam(LIMITS.year, { example: 2023 })
  year?: number;

  @PlatformParam()
  platform?: string;

  @ApiPropertyOptional({ description: 'Género en español como slug (rol, aventura, estrategia-por-turnos…)' })
  @IsOptional()
  @Matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'genre debe ser el slug de un género' })
  genre?: string;

  @PageParam(LIMITS.page)
  page: number = 0;

  @PageSizeParam({ least: 1, most: MAX_BEST_OF_PAGE_SIZE }, 50)
  size: number = 50;
}
