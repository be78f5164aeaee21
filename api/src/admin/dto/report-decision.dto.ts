import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsString, Length } from 'class-validator';
import { REPORT_ACTIONS, type ReportAction, type ReviewReportDecision } from '@veredicto/contract';

export const DECISION_REASON_MIN_LENGTH = 10;
export const DECISION_REASON_MAX_LENGTH = 2000;

export class ReportDecisionDto implements ReviewReportDecision {
  @ApiProperty({ enum: REPORT_ACTIONS, description: 'keep: la crítica sigue publicada; hide: se oculta' })
  @IsIn(REPORT_ACTIONS, { message: `action debe ser uno de: ${REPORT_ACTIONS.join(', ')}` })
  action!: ReportAction;

  @ApiProperty({
    minLength: DECISION_REASON_MIN_LENGTH,
    maxLength: DECISION_REASON_MAX_LENGTH,
    description:
      'Motivo por escrito; si se oculta, se envía al autor (art. 17 del Reglamento de Servicios Digitales)',
  })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'Escribe el motivo de la decisión' })
  @Length(DECISION_REASON_MIN_LENGTH, DECISION_REASON_MAX_LENGTH, {
    message: `El motivo debe tener entre ${DECISION_REASON_MIN_LENGTH} y ${DECISION_REASON_MAX_LENGTH} caracteres`,
  })
  reason!: string;
}
