import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNumber, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import {
  PLAY_STATUSES,
  type GameStatus,
  type GameStatusBody,
  type PlayEstimate,
  type PlaySession,
  type PlaySessionBody,
  type PlayStatus,
} from '@veredicto/contract';
import { IsCalendarDate } from '../calendar-date.js';

const trimmed = Transform(({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() || undefined : value,
);

const STATUS_MESSAGE = `El estado debe ser uno de: ${PLAY_STATUSES.join(', ')}`;
const PLATFORM_MESSAGE = 'La plataforma debe ser un texto de hasta 60 caracteres';
const DATE_MESSAGE = 'Las fechas deben ser días reales en formato AAAA-MM-DD';

export class SetGameStatusDto implements GameStatusBody {
  @ApiProperty({ enum: PLAY_STATUSES })
  @IsIn(PLAY_STATUSES, { message: STATUS_MESSAGE })
  status!: PlayStatus;

  @ApiPropertyOptional({ maxLength: 60 })
  @IsOptional()
  @trimmed
  @IsString({ message: PLATFORM_MESSAGE })
  @MaxLength(60, { message: PLATFORM_MESSAGE })
  platform?: string;

  @ApiPropertyOptional({ format: 'date', example: '2026-01-31' })
  @IsOptional()
  @IsCalendarDate({ message: DATE_MESSAGE })
  startedAt?: string;

  @ApiPropertyOptional({ format: 'date', example: '2026-02-28' })
  @IsOptional()
  @IsCalendarDate({ message: DATE_MESSAGE })
  finishedAt?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: 100000, description: 'Horas jugadas (decimal)' })
  @IsOptional()
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'Las horas deben ser un número entre 0 y 100000' },
  )
  @Min(0, { message: 'Las horas deben ser un número entre 0 y 100000' })
  @Max(100000, { message: 'Las horas deben ser un número entre 0 y 100000' })
  hours?: number;
}

const MINUTES_MESSAGE = 'Los minutos deben ser un número entero entre 1 y 1440';

export class AddPlaySessionDto implements PlaySessionBody {
  @ApiProperty({ format: 'date', example: '2026-02-28' })
  @IsCalendarDate({ message: 'La fecha debe ser un día real en formato AAAA-MM-DD' })
  date!: string;

  @ApiProperty({ minimum: 1, maximum: 1440 })
  @IsNumber({ maxDecimalPlaces: 0 }, { message: MINUTES_MESSAGE })
  @Min(1, { message: MINUTES_MESSAGE })
  @Max(1440, { message: MINUTES_MESSAGE })
  minutes!: number;

  @ApiPropertyOptional({ maxLength: 60 })
  @IsOptional()
  @trimmed
  @IsString({ message: PLATFORM_MESSAGE })
  @MaxLength(60, { message: PLATFORM_MESSAGE })
  platform?: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @trimmed
  @IsString({ message: 'La nota debe ser un texto de hasta 500 caracteres' })
  @MaxLength(500, { message: 'La nota debe ser un texto de hasta 500 caracteres' })
  note?: string;
}

export class MyGamesQueryDto {
  @ApiPropertyOptional({ enum: PLAY_STATUSES })
  @IsOptional()
  @IsIn(PLAY_STATUSES, { message: STATUS_MESSAGE })
  status?: PlayStatus;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: PLATFORM_MESSAGE })
  @MinLength(1, { message: PLATFORM_MESSAGE })
  @MaxLength(60, { message: PLATFORM_MESSAGE })
  platform?: string;
}

export class GameStatusResponse implements GameStatus {
  @ApiProperty() igdbID!: number;
  @ApiProperty() title!: string;
  @ApiProperty() slug!: string;
  @ApiProperty({ type: String, nullable: true }) imageCover!: string | null;
  @ApiProperty({ enum: PLAY_STATUSES }) status!: PlayStatus;
  @ApiProperty({ type: String, nullable: true }) platform!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date' }) startedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date' }) finishedAt!: string | null;
  @ApiProperty({ description: 'Horas indicadas o, si no, la suma de las sesiones (decimal)' }) hours!: number;
  @ApiProperty({ description: 'Horas de las sesiones registradas (decimal)' }) sessionHours!: number;
  @ApiProperty() updatedAt!: string;
}

export class PlaySessionResponse implements PlaySession {
  @ApiProperty() id!: number;
  @ApiProperty({ format: 'date' }) date!: string;
  @ApiProperty() minutes!: number;
  @ApiProperty({ description: 'Los minutos en horas (decimal)' }) hours!: number;
  @ApiProperty({ type: String, nullable: true }) platform!: string | null;
  @ApiProperty({ type: String, nullable: true }) note!: string | null;
}

export class PlayEstimateResponse implements PlayEstimate {
  @ApiProperty({ type: Number, nullable: true, description: 'Horas que te llevaría, con un decimal' })
  hours!: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Tu ritmo: tus horas entre la mediana de cada juego completado (desde 3 juegos)',
  })
  pace!: number | null;
  @ApiProperty({ description: 'Juegos completados con horas de los que sale tu ritmo' }) basedOn!: number;
  @ApiPropertyOptional({ description: 'Horas que te quedan de un juego que estás jugando' })
  remaining?: number;
}
