import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import {
  LANGUAGE_LOCALES,
  type LanguageClaim,
  type LanguageLocale,
  type LanguageReportDecision,
} from '@veredicto/contract';
import { PLATFORM_IDS } from '@veredicto/db';
import {
  DECISION_REASON_MAX_LENGTH,
  DECISION_REASON_MIN_LENGTH,
} from '../../admin/dto/report-decision.dto.js';

export const LANGUAGE_NOTE_MAX_LENGTH = 1000;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const FIELD = (name: string) => ({ message: `${name} debe ser true, false o no enviarse` });

/** POST /api/games/{id}/languages/reports (docs/CONTRACT.md §13). */
export class LanguageReportDto implements LanguageClaim {
  @ApiProperty({ enum: PLATFORM_IDS, description: 'La plataforma en la que lo has visto' })
  @IsIn(PLATFORM_IDS, { message: `platform debe ser uno de: ${PLATFORM_IDS.join(', ')}` })
  platform!: string;

  @ApiProperty({ enum: LANGUAGE_LOCALES, description: 'es-ES: castellano; es-419: español latino' })
  @IsIn(LANGUAGE_LOCALES, { message: `locale debe ser uno de: ${LANGUAGE_LOCALES.join(', ')}` })
  locale!: LanguageLocale;

  @ApiPropertyOptional({ description: 'Textos (interfaz y/o subtítulos)' })
  @IsOptional()
  @IsBoolean(FIELD('text'))
  text?: boolean;

  @ApiPropertyOptional({ description: 'Voces completas' })
  @IsOptional()
  @IsBoolean(FIELD('audio'))
  audio?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean(FIELD('interface'))
  interface?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean(FIELD('subtitles'))
  subtitles?: boolean;

  @ApiPropertyOptional({ maxLength: LANGUAGE_NOTE_MAX_LENGTH })
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'La nota debe ser un texto' })
  @MaxLength(LANGUAGE_NOTE_MAX_LENGTH, {
    message: `La nota no puede superar los ${LANGUAGE_NOTE_MAX_LENGTH} caracteres`,
  })
  note?: string;
}

/** POST /api/admin/language-reports/{id}. */
export class LanguageReportDecisionDto implements LanguageReportDecision {
  @ApiProperty({ description: 'true: pasa a ser una entrada de fuente «user»; false: se rechaza' })
  @IsBoolean({ message: 'accept debe ser true o false' })
  accept!: boolean;

  @ApiProperty({ minLength: DECISION_REASON_MIN_LENGTH, maxLength: DECISION_REASON_MAX_LENGTH })
  @Transform(trimmed)
  @IsString({ message: 'Escribe el motivo de la decisión' })
  @Length(DECISION_REASON_MIN_LENGTH, DECISION_REASON_MAX_LENGTH, {
    message: `El motivo debe tener entre ${DECISION_REASON_MIN_LENGTH} y ${DECISION_REASON_MAX_LENGTH} caracteres`,
  })
  reason!: string;
}
