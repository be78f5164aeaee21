import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsOptional, Min, ValidateNested, ArrayMaxSize } from 'class-validator';
import {
  DIARY_IMPORT_SOURCES,
  DIARY_IMPORT_STATES,
  IMPORT_SCORE_SCALES,
  PLAY_STATUSES,
  type DiaryImport,
  type DiaryImportSource,
  type DiaryImportState,
  type ImportConfirmation,
  type ImportRow,
  type ImportScoreScale,
  type PlayStatus,
} from '@veredicto/contract';

export class StartImportDto {
  @ApiPropertyOptional({
    enum: DIARY_IMPORT_SOURCES,
    description: 'De dónde viene el fichero; si falta, se reconoce por su contenido',
  })
  @IsOptional()
  @IsIn(DIARY_IMPORT_SOURCES, { message: 'El origen debe ser csv, backloggd, grouvee o steam' })
  source?: DiaryImportSource;
}

export class ImportChoiceDto {
  @ApiProperty({ description: 'La fila del fichero (la primera de datos es 1)' })
  @IsInt({ message: 'La fila debe ser un número entero' })
  @Min(1, { message: 'La fila debe ser un número entero' })
  line!: number;

  @ApiProperty({ nullable: true, description: 'El juego elegido (igdbID), o null para no importar la fila' })
  @IsOptional()
  @IsInt({ message: 'El juego elegido debe ser un igdbID' })
  @Min(1, { message: 'El juego elegido debe ser un igdbID' })
  igdbID!: number | null;
}

export class ConfirmImportDto implements ImportConfirmation {
  @ApiPropertyOptional({
    type: [ImportChoiceDto],
    description: 'Lo que el usuario corrige o elige; las filas sin elección toman su coincidencia segura',
  })
  @IsOptional()
  @IsArray({ message: 'Las elecciones deben ser una lista' })
  @ArrayMaxSize(10_000, { message: 'Demasiadas elecciones' })
  @ValidateNested({ each: true })
  @Type(() => ImportChoiceDto)
  choices?: ImportChoiceDto[];

  @ApiPropertyOptional({
    enum: IMPORT_SCORE_SCALES,
    description: 'La escala de las notas del fichero (5, 10 o 100), cuando no se puede saber por sus valores',
  })
  @IsOptional()
  @IsIn([...IMPORT_SCORE_SCALES], { message: 'La escala de las notas debe ser 5, 10 o 100' })
  ratingScale?: ImportScoreScale;
}

export class ImportRatingScaleResponse {
  @ApiProperty({ enum: IMPORT_SCORE_SCALES, nullable: true, description: 'null: hay que preguntarla' })
  detected!: ImportScoreScale | null;
  @ApiProperty({ enum: IMPORT_SCORE_SCALES, isArray: true }) options!: ImportScoreScale[];
}

export class ImportCandidateResponse {
  @ApiProperty() igdbID!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ nullable: true }) year!: number | null;
}

export class ImportRowResponse implements ImportRow {
  @ApiProperty() line!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ nullable: true }) platform!: string | null;
  @ApiProperty({ enum: PLAY_STATUSES, nullable: true }) status!: PlayStatus | null;
  @ApiProperty({ nullable: true, description: 'La nota en 0-100 con la escala detectada' })
  rating!: number | null;
  @ApiProperty({ nullable: true, description: 'La nota tal como la escribe el fichero' })
  ratingText!: string | null;
  @ApiProperty({ nullable: true, description: 'Cómo se traduce: «8,5/10 → 85»' })
  ratingMapping!: string | null;
  @ApiProperty({ nullable: true }) hours!: number | null;
  @ApiProperty({ nullable: true }) startedAt!: string | null;
  @ApiProperty({ nullable: true }) finishedAt!: string | null;
  @ApiProperty({ nullable: true, description: 'Por qué la fila no se puede importar tal cual' })
  problem!: string | null;
  @ApiProperty({ type: [ImportCandidateResponse] }) candidates!: ImportCandidateResponse[];
}

export class ImportResponse implements DiaryImport {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: DIARY_IMPORT_SOURCES }) source!: DiaryImportSource;
  @ApiProperty({ type: ImportRatingScaleResponse }) ratingScale!: ImportRatingScaleResponse;
  @ApiProperty({ enum: DIARY_IMPORT_STATES }) state!: DiaryImportState;
  @ApiProperty() rows!: number;
  @ApiProperty({ type: [ImportRowResponse] }) matched!: ImportRowResponse[];
  @ApiProperty({ type: [ImportRowResponse] }) ambiguous!: ImportRowResponse[];
  @ApiProperty({ type: [ImportRowResponse] }) unmatched!: ImportRowResponse[];
  @ApiProperty({ nullable: true, description: 'Lo que añadió la confirmación' })
  result!: { statuses: number; ratings: number } | null;
}
