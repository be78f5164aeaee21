import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length, Matches } from 'class-validator';
import type { SearchAliasBody } from '@veredicto/contract';

export class AddAliasDto implements SearchAliasBody {
  @ApiProperty({ description: 'Otro nombre del juego (2-100 caracteres)', example: 'ff7' })
  @IsString({ message: 'alias es obligatorio' })
  @Length(2, 100, { message: 'alias debe tener entre 2 y 100 caracteres' })
  @Matches(/[\p{L}\p{N}]/u, { message: 'alias debe contener letras o números' })
  alias!: string;

  @ApiPropertyOptional({
    description: 'Búsqueda sin resultados que este alias resuelve (se quita de la lista)',
  })
  @IsOptional()
  @IsString({ message: 'missTerm debe ser texto' })
  @Length(1, 100, { message: 'missTerm debe tener entre 1 y 100 caracteres' })
  missTerm?: string;
}
