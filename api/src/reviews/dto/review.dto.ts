import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { REVIEW_MAX_LENGTH, REVIEW_MIN_LENGTH, REVIEW_RULE_MESSAGE } from '@veredicto/contract';

const trim = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

export class CreateReviewDto {
  @ApiProperty({ description: 'igdbID del juego' })
  @IsInt({ message: 'El identificador del juego no es válido' })
  @Min(1, { message: 'El identificador del juego no es válido' })
  @Max(2_147_483_647, { message: 'El identificador del juego no es válido' })
  gameId!: number;

  @ApiProperty({ minLength: REVIEW_MIN_LENGTH, maxLength: REVIEW_MAX_LENGTH })
  @trim
  @IsString({ message: REVIEW_RULE_MESSAGE })
  @Length(REVIEW_MIN_LENGTH, REVIEW_MAX_LENGTH, { message: REVIEW_RULE_MESSAGE })
  review!: string;

  @ApiProperty({ minimum: 1, maximum: 100 })
  @IsInt({ message: REVIEW_RULE_MESSAGE })
  @Min(1, { message: REVIEW_RULE_MESSAGE })
  @Max(100, { message: REVIEW_RULE_MESSAGE })
  rating!: number;

  @ApiPropertyOptional({ description: 'Ignorado: se usa la portada del juego' })
  @IsOptional()
  imageCover?: unknown;
}

export class UpdateReviewDto {
  @ApiProperty({ minLength: REVIEW_MIN_LENGTH, maxLength: REVIEW_MAX_LENGTH })
  @trim
  @IsString({ message: 'La crítica debe tener al menos 50 caracteres.' })
  @Length(REVIEW_MIN_LENGTH, REVIEW_MAX_LENGTH, {
    message: `La crítica debe tener entre ${REVIEW_MIN_LENGTH} y ${REVIEW_MAX_LENGTH} caracteres.`,
  })
  content!: string;
}
