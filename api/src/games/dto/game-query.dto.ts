import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import {
  CATALOGUE_PAGE_SIZE,
  CATALOGUE_QUERY_LIMITS as PAGE,
  CATALOGUE_SORTS,
  GENRE_SLUGS,
  LENGTH_FILTERS,
  MAX_PAGE_SIZE,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_LIMITS as SEARCH,
  SPANISH_FILTERS,
  type LengthFilter,
  type SpanishFilter,
} from '@veredicto/contract';
import { PLATFORM_IDS } from '@veredicto/db';

export { MAX_PAGE_SIZE, SEARCH_PAGE_SIZE, SPANISH_FILTERS };
const SPANISH_MESSAGE = `spanish debe ser uno de: ${SPANISH_FILTERS.join(', ')}`;
const SPANISH_DESCRIPTION =
  "Solo juegos con voces ('audio') o textos ('text') en castellano según sus fuentes (spanish = yes)";

export const SORT_FIELDS = CATALOGUE_SORTS;
const LENGTH_MESSAGE = `length debe ser uno de: ${LENGTH_FILTERS.join(', ')}`;
const LENGTH_DESCRIPTION =
  'Duración de la historia principal: short (menos de 10 h), medium (10 a 30 h), long (más de 30 h)';
const GENRE_SLUG_LIST = Object.keys(GENRE_SLUGS);

export class GamePageQueryDto {
  @ApiPropertyOptional({ description: 'Página, empezando en 0', default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page debe ser un número entero' })
  @Min(PAGE.page.least, { message: 'page no puede ser negativo' })
  @Max(PAGE.page.most, { message: 'page es demasiado grande' })
  page: number = 0;

  @ApiPropertyOptional({
    description: `Tamaño de página (máximo ${MAX_PAGE_SIZE})`,
    default: CATALOGUE_PAGE_SIZE,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'size debe ser un número entero' })
  @Min(PAGE.size.least, { message: `size debe ser al menos ${PAGE.size.least}` })
  @Max(PAGE.size.most, { message: `size no puede ser mayor que ${PAGE.size.most}` })
  size: number = CATALOGUE_PAGE_SIZE;

  @ApiPropertyOptional({ enum: PLATFORM_IDS })
  @IsOptional()
  @IsIn(PLATFORM_IDS, { message: `platform debe ser uno de: ${PLATFORM_IDS.join(', ')}` })
  platform?: string;

  @ApiPropertyOptional({ enum: SPANISH_FILTERS, description: SPANISH_DESCRIPTION })
  @IsOptional()
  @IsIn(SPANISH_FILTERS, { message: SPANISH_MESSAGE })
  spanish?: SpanishFilter;

  @ApiPropertyOptional({ enum: SORT_FIELDS, default: 'releaseDate' })
  @IsOptional()
  @IsIn(SORT_FIELDS, { message: `sortBy debe ser uno de: ${SORT_FIELDS.join(', ')}` })
  sortBy: (typeof SORT_FIELDS)[number] = 'releaseDate';

  @ApiPropertyOptional({ description: 'Género, por su slug en español (rol, plataformas...)' })
  @IsOptional()
  @IsIn(GENRE_SLUG_LIST, { message: `genre debe ser uno de: ${GENRE_SLUG_LIST.join(', ')}` })
  genre?: string;

  @ApiPropertyOptional({ description: 'Año de lanzamiento' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'year debe ser un número entero' })
  @Min(PAGE.year.least, { message: `year no puede ser anterior a ${PAGE.year.least}` })
  @Max(PAGE.year.most, { message: `year no puede ser posterior a ${PAGE.year.most}` })
  year?: number;

  @ApiPropertyOptional({ description: 'Solo juegos con nota de la crítica', default: false })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'scored debe ser true o false' })
  scored?: boolean;

  @ApiPropertyOptional({ enum: LENGTH_FILTERS, description: LENGTH_DESCRIPTION })
  @IsOptional()
  @IsIn(LENGTH_FILTERS, { message: LENGTH_MESSAGE })
  length?: LengthFilter;

  @ApiPropertyOptional({
    description:
      'Incluir los juegos para adultos (por sus temas o su título), que no se muestran si no se piden',
    default: false,
  })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'mature debe ser true o false' })
  mature?: boolean;

  @ApiPropertyOptional({
    description:
      'Incluir los DLC y extras (packs, bandas sonoras, pases de temporada, lotes), que no se muestran si no se piden',
    default: false,
  })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'addons debe ser true o false' })
  addons?: boolean;
}

export class SearchQueryDto {
  @ApiPropertyOptional({ description: 'Texto a buscar (1-100 caracteres)' })
  @IsString({ message: 'name es obligatorio' })
  @Length(SEARCH.name.least, SEARCH.name.most, {
    message: `La búsqueda (name) debe tener entre ${SEARCH.name.least} y ${SEARCH.name.most} caracteres`,
  })
  name!: string;

  @ApiPropertyOptional({ description: 'Página de resultados, empezando en 0', default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page debe ser un número entero' })
  @Min(SEARCH.page.least, { message: 'page no puede ser negativo' })
  @Max(SEARCH.page.most, { message: 'page es demasiado grande' })
  page: number = 0;

  @ApiPropertyOptional({
    description: `Resultados por página (máximo ${MAX_PAGE_SIZE})`,
    default: SEARCH_PAGE_SIZE,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'size debe ser un número entero' })
  @Min(SEARCH.size.least, { message: `size debe ser al menos ${SEARCH.size.least}` })
  @Max(SEARCH.size.most, { message: `size no puede ser mayor que ${SEARCH.size.most}` })
  size: number = SEARCH_PAGE_SIZE;

  @ApiPropertyOptional({ enum: SPANISH_FILTERS, description: SPANISH_DESCRIPTION })
  @IsOptional()
  @IsIn(SPANISH_FILTERS, { message: SPANISH_MESSAGE })
  spanish?: SpanishFilter;

  @ApiPropertyOptional({ enum: LENGTH_FILTERS, description: LENGTH_DESCRIPTION })
  @IsOptional()
  @IsIn(LENGTH_FILTERS, { message: LENGTH_MESSAGE })
  length?: LengthFilter;

  @ApiPropertyOptional({
    description:
      'Incluir los juegos para adultos, que sin esto solo aparecen cuando se busca su título exacto',
    default: false,
  })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'mature debe ser true o false' })
  mature?: boolean;
}

export class SuggestQueryDto {
  @ApiPropertyOptional({ description: 'Lo escrito hasta ahora en el buscador (1-100 caracteres)' })
  @IsString({ message: 'q es obligatorio' })
  @Length(1, 100, { message: 'La búsqueda (q) debe tener entre 1 y 100 caracteres' })
  q!: string;
}
