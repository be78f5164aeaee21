import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';

export const MAX_OUTLET_PAGE_SIZE = 100;

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

  @ApiPropertyOptional({ description: 'Página, empezando en 0', default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page debe ser un número entero' })
  @Min(0, { message: 'page no puede ser negativo' })
  @Max(100000, { message: 'page es demasiado grande' })
  page: number = 0;

  @ApiPropertyOptional({ description: `Tamaño de página (máximo ${MAX_OUTLET_PAGE_SIZE})`, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'size debe ser un número entero' })
  @Min(1, { message: 'size debe ser al menos 1' })
  @Max(MAX_OUTLET_PAGE_SIZE, { message: `size no puede ser mayor que ${MAX_OUTLET_PAGE_SIZE}` })
  size: number = 50;
}

export class OutletReviewsQueryDto {
  @ApiPropertyOptional({ description: 'Página, empezando en 0', default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page debe ser un número entero' })
  @Min(0, { message: 'page no puede ser negativo' })
  @Max(100000, { message: 'page es demasiado grande' })
  page: number = 0;

  @ApiPropertyOptional({ description: `Tamaño de página (máximo ${MAX_OUTLET_PAGE_SIZE})`, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'size debe ser un número entero' })
  @Min(1, { message: 'size debe ser al menos 1' })
  @Max(MAX_OUTLET_PAGE_SIZE, { message: `size no puede ser mayor que ${MAX_OUTLET_PAGE_SIZE}` })
  size: number = 20;
}
