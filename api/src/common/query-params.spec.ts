import type { ArgumentMetadata } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { FlagParam, PageParam } from './query-params.js';
import { createValidationPipe } from './validation.pipe.js';

/** Where @nestjs/swagger keeps a property's options (its DECORATORS.API_MODEL_PROPERTIES). */
const MODEL_PROPERTIES = 'swagger/apiModelProperties';

/** The stacks the helpers replace, written out as the DTOs had them. */
class Inline {
  @ApiPropertyOptional({ description: 'Página, empezando en 0', default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page debe ser un número entero' })
  @Min(0, { message: 'page no puede ser negativo' })
  @Max(100, { message: 'page es demasiado grande' })
  page: number = 0;

  @ApiPropertyOptional({ description: 'Solo juegos con nota de la crítica', default: false })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'scored debe ser true o false' })
  scored?: boolean;
}

class Helped {
  @PageParam({ least: 0, most: 100 })
  page: number = 0;

  @FlagParam('Solo juegos con nota de la crítica')
  scored?: boolean;
}

async function answer(metatype: ArgumentMetadata['metatype'], query: Record<string, string>) {
  try {
    return { ...(await createValidationPipe().transform(query, { type: 'query', metatype })) };
  } catch (error) {
    return { refused: (error as { getResponse(): unknown }).getResponse() };
  }
}

describe('query parameter decorators', () => {
  it.each<Record<string, string>>([
    {},
    { page: '3' },
    { page: 'x' },
    { page: '-1' },
    { page: '101' },
    { page: '1.5' },
    { scored: 'true' },
    { scored: 'false' },
    { scored: 'yes' },
    { page: 'x', scored: 'yes' },
  ])('validate %j as the written-out stack does, with the same first message', async (query) => {
    expect(await answer(Helped, query)).toEqual(await answer(Inline, query));
  });

  it('document the parameters as the written-out stack does', () => {
    for (const property of ['page', 'scored'])
      expect(Reflect.getMetadata(MODEL_PROPERTIES, Helped.prototype, property)).toEqual(
        Reflect.getMetadata(MODEL_PROPERTIES, Inline.prototype, property),
      );
  });
});
