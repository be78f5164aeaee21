import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length, Matches } from 'class-validator';
import { CATALOGUE_QUERY_LIMITS as LIMITS } from '@veredicto/contract';
import { PageParam, PageSizeParam } from '../../common/query-params.js';

export const MAX_OUTLET_PAGE_SIZE = 100;
const SIZE = { least: 1, most: MAX_OUTLET_PAGE_SIZE };

export class OutletPageQueryDto {
  @ApiPropertyOptional({ description: 'Parte del nombre del medio (1-100 caracteres)' })
  @IsOptional()
  @IsString({ message: 'q debe ser un texto' })
  @Length(1, 100, { message: 'q debe tener entre 1 y 100 caracteres' })
  q?: string;

  @ApiPropertyOptional({ description: 'País (ISO 3166-1 alfa-2, p. ej. ES)' })
  @IsOptional()
  @Matches(/^[A-Za-z]{2}$/, { message: 'country debe ser un código de país de dos letras' })
  country?: string;

  @ApiPropertyOptional({ description: 'Idioma (ISO 639-1, p. ej. es)' })
  @IsOptional()
  @Matches(/^[A-Za-z]{2}$/, { message: 'language debe ser un código de idioma de dos letras' })
  language?: string;

  @PageParam(LIMITS.page)
  page: number = 0;

  @PageSizeParam(SIZE, 50)
  size: number = 50;
}

export class OutletReviewsQueryDto {
  @PageParam(LIMITS.page)
  page: number = 0;

  @PageSizeParam(SIZE, 20)
  size: number = 20;
}
