import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { REPORT_REASONS, type ReportReason, type ReviewReportBody } from '@veredicto/contract';

export const REPORT_NOTE_MAX_LENGTH = 1000;

export class VoteDto {
  @ApiProperty({ description: '¿Te ha sido útil? true (sí) o false (no)' })
  @IsBoolean({ message: 'helpful debe ser true o false' })
  helpful!: boolean;
}

export class ReportDto implements ReviewReportBody {
  @ApiProperty({ enum: REPORT_REASONS })
  @IsIn(REPORT_REASONS, { message: `El motivo debe ser uno de: ${REPORT_REASONS.join(', ')}` })
  reason!: ReportReason;

  @ApiPropertyOptional({ maxLength: REPORT_NOTE_MAX_LENGTH })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'La nota debe ser un texto' })
  @MaxLength(REPORT_NOTE_MAX_LENGTH, {
    message: `La nota no puede superar los ${REPORT_NOTE_MAX_LENGTH} caracteres`,
  })
  note?: string;
}
