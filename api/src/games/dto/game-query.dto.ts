import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Length } from 'class-validator';
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
import {
  FlagParam,
  PageParam,
  PageSizeParam,
  PlatformParam,
  stacked,
  YearParam,
} from '../../common/query-params.js';

export { MAX_PAGE_SIZE, SEARCH_PAGE_SIZE, SPANISH_FILTERS };

export const SORT_FIELDS = CATALOGUE_SORTS;
const GENRE_SLUG_LIST = Object.keys(GENRE_SLUGS);

/** `spanish`: the catalogue's and the search's filter by Spanish voices or texts. */
const SpanishParam = () =>
  stacked(
    ApiPropertyOptional({
      enum: SPANISH_FILTERS,
      description:
        "Solo juegos con voces ('audio') o textos ('text') en castellano según sus fuentes (spanish = yes)",
    }),
    IsOptional(),
    IsIn(SPANISH_FILTERS, { message: `spanish debe ser uno de: ${SPANISH_FILTERS.join(', ')}` }),
  );

/** `length`: the catalogue's and the search's filter by the main story's length. */
const LengthParam = () =>
  stacked(
    ApiPropertyOptional({
      enum: LENGTH_FILTERS,
      description:
        'Duración de la historia principal: short (menos de 10 h), medium (10 a 30 h), long (más de 30 h)',
    }),
    IsOptional(),
    IsIn(LENGTH_FILTERS, { message: `length debe ser uno de: ${LENGTH_FILTERS.join(', ')}` }),
  );

export class GamePageQueryDto {
  @PageParam(PAGE.page)
  page: number = 0;

  @PageSizeParam(PAGE.size, CATALOGUE_PAGE_SIZE)
  size: number = CATALOGUE_PAGE_SIZE;

  @PlatformParam()
  platform?: string;

  @SpanishParam()
  spanish?: SpanishFilter;

  @ApiPropertyOptional({ enum: SORT_FIELDS, default: 'releaseDate' })
  @IsOptional()
  @IsIn(SORT_FIELDS, { message: `sortBy debe ser uno de: ${SORT_FIELDS.join(', ')}` })
  sortBy: (typeof SORT_FIELDS)[number] = 'releaseDate';

  @ApiPropertyOptional({ description: 'Género, por su slug en español (rol, plataformas...)' })
  @IsOptional()
  @IsIn(GENRE_SLUG_LIST, { message: `genre debe ser uno de: ${GENRE_SLUG_LIST.join(', ')}` })
  genre?: string;

  @YearParam(PAGE.year)
  year?: number;

  @FlagParam('Solo juegos con nota de la crítica')
  scored?: boolean;

  @LengthParam()
  length?: LengthFilter;

  @FlagParam('Incluir los juegos para adultos (por sus temas o su título), que no se muestran si no se piden')
  mature?: boolean;

  @FlagParam(
    'Incluir los DLC y extras (packs, bandas sonoras, pases de temporada, lotes), que no se muestran si no se piden',
  )
  addons?: boolean;
}

export class SearchQueryDto {
  @ApiPropertyOptional({ description: 'Texto a buscar (1-100 caracteres)' })
  @IsString({ message: 'name es obligatorio' })
  @Length(SEARCH.name.least, SEARCH.name.most, {
    message: `La búsqueda (name) debe tener entre ${SEARCH.name.least} y ${SEARCH.name.most} caracteres`,
  })
  name!: string;

  @PageParam(SEARCH.page, 'Página de resultados, empezando en 0')
  page: number = 0;

  @PageSizeParam(SEARCH.size, SEARCH_PAGE_SIZE, 'Resultados por página')
  size: number = SEARCH_PAGE_SIZE;

  @SpanishParam()
  spanish?: SpanishFilter;

  @LengthParam()
  length?: LengthFilter;

  @FlagParam('Incluir los juegos para adultos, que sin esto solo aparecen cuando se busca su título exacto')
  mature?: boolean;
}

export class SuggestQueryDto {
  @ApiPropertyOptional({ description: 'Lo escrito hasta ahora en el buscador (1-100 caracteres)' })
  @IsString({ message: 'q es obligatorio' })
  @Length(1, 100, { message: 'La búsqueda (q) debe tener entre 1 y 100 caracteres' })
  q!: string;
}
