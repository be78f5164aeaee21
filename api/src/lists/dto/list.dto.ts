import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { LIST_NAME_MAX_LENGTH, normalizeListName } from '../list-name.js';

const NAME_REQUIRED = 'El nombre de la lista es obligatorio';
const INVALID_GAME = 'El identificador del juego no es válido';

const normalizedName = Transform(({ value }: { value: unknown }) =>
  typeof value === 'string' ? (normalizeListName(value) ?? '') : value,
);

export class CreateListDto {
  @ApiProperty({
    maxLength: LIST_NAME_MAX_LENGTH,
    description: 'Se guarda con la primera letra en mayúscula',
  })
  @normalizedName
  @IsString({ message: NAME_REQUIRED })
  @MinLength(1, { message: NAME_REQUIRED })
  @MaxLength(LIST_NAME_MAX_LENGTH, {
    message: `El nombre de la lista no puede tener más de ${LIST_NAME_MAX_LENGTH} caracteres`,
  })
  name!: string;

  @ApiPropertyOptional({ type: [Number], description: 'igdbIDs de los juegos iniciales (normalmente vacío)' })
  @IsOptional()
  @IsArray({ message: 'gameIds debe ser una lista de identificadores' })
  @ArrayMaxSize(500, { message: 'Demasiados juegos en la lista' })
  @IsInt({ each: true, message: INVALID_GAME })
  @Min(1, { each: true, message: INVALID_GAME })
  @Max(2_147_483_647, { each: true, message: INVALID_GAME })
  gameIds?: number[];
}

export class AddGameDto {
  @ApiProperty({ description: 'igdbID del juego' })
  @IsInt({ message: INVALID_GAME })
  @Min(1, { message: INVALID_GAME })
  @Max(2_147_483_647, { message: INVALID_GAME })
  gameId!: number;

  @ApiProperty({ description: "Nombre de la lista ('Deseados' para la lista de deseos)" })
  @IsString({ message: NAME_REQUIRED })
  @MinLength(1, { message: NAME_REQUIRED })
  @MaxLength(200, { message: 'Lista no encontrada' })
  name!: string;
}
