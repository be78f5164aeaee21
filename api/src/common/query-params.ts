import { ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { PLATFORM_IDS } from '@veredicto/db';

type FieldDecorator = (target: object, key: string) => void;

/** The bounds of a numeric query parameter, as libs/contract's limits write them. */
interface Bounds {
  least: number;
  most: number;
}

/**
 * One decorator for a stack of them, applied as TypeScript applies the same stack written above a property:
 * the last first. The order is the validation's: with stopAtFirstError, the first constraint that fails is
 * the message the client reads.
 */
export const stacked =
  (...decorators: FieldDecorator[]): FieldDecorator =>
  (target, key) => {
    for (const decorator of [...decorators].reverse()) decorator(target, key);
  };

/** `page`, zero-based. */
export const PageParam = (bounds: Bounds, description = 'Página, empezando en 0') =>
  stacked(
    ApiPropertyOptional({ description, default: 0 }),
    IsOptional(),
    Type(() => Number),
    IsInt({ message: 'page debe ser un número entero' }),
    Min(bounds.least, { message: 'page no puede ser negativo' }),
    Max(bounds.most, { message: 'page es demasiado grande' }),
  );

/** `size`, the items of a page: `fallback` when absent (the property's initial value says it too). */
export const PageSizeParam = (bounds: Bounds, fallback: number, what = 'Tamaño de página') =>
  stacked(
    ApiPropertyOptional({ description: `${what} (máximo ${bounds.most})`, default: fallback }),
    IsOptional(),
    Type(() => Number),
    IsInt({ message: 'size debe ser un número entero' }),
    Min(bounds.least, { message: `size debe ser al menos ${bounds.least}` }),
    Max(bounds.most, { message: `size no puede ser mayor que ${bounds.most}` }),
  );

/** `year`, a release year. */
export const YearParam = (bounds: Bounds, options: ApiPropertyOptions = {}) =>
  stacked(
    ApiPropertyOptional({ description: 'Año de lanzamiento', ...options }),
    IsOptional(),
    Type(() => Number),
    IsInt({ message: 'year debe ser un número entero' }),
    Min(bounds.least, { message: `year no puede ser anterior a ${bounds.least}` }),
    Max(bounds.most, { message: `year no puede ser posterior a ${bounds.most}` }),
  );

/** `platform`, one of the site's platform ids. */
export const PlatformParam = () =>
  stacked(
    ApiPropertyOptional({ enum: PLATFORM_IDS }),
    IsOptional(),
    IsIn(PLATFORM_IDS, { message: `platform debe ser uno de: ${PLATFORM_IDS.join(', ')}` }),
  );

/** A yes/no parameter, off unless the query says `true`; the message names the property. */
export const FlagParam =
  (description: string): FieldDecorator =>
  (target, key) =>
    stacked(
      ApiPropertyOptional({ description, default: false }),
      IsOptional(),
      Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value)),
      IsBoolean({ message: `${key} debe ser true o false` }),
    )(target, key);
