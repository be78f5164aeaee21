import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsIn, IsOptional, Matches, ValidateIf } from 'class-validator';
import {
  PLATFORM_IDS,
  RELEASE_DATE_PRECISIONS,
  type GameFactsEdit,
  type ReleaseDatePrecision,
} from '@veredicto/contract';

/** docs/CONTRACT.md §11: the operator's edit of a game's facts; what is left out stays as it is. */
export class UpdateGameFactsDto implements GameFactsEdit {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Fecha de salida (AAAA-MM-DD); null si no se conoce',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'La fecha de salida debe tener el formato AAAA-MM-DD' })
  releaseDate?: string | null;

  @ApiPropertyOptional({ enum: RELEASE_DATE_PRECISIONS, description: 'Cuánto se sabe de la fecha' })
  @IsOptional()
  @IsIn([...RELEASE_DATE_PRECISIONS], { message: 'La precisión debe ser day, month, quarter o year' })
  releaseDatePrecision?: ReleaseDatePrecision;

  @ApiPropertyOptional({ type: [String], description: 'Ids de plataforma (pc, ps5, switch-2…)' })
  @IsOptional()
  @IsArray({ message: 'Las plataformas deben ser una lista' })
  @IsIn([...PLATFORM_IDS], { each: true, message: 'Plataforma desconocida' })
  platforms?: string[];
}
