import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

export const INVALID_CONFIRMATION_MESSAGE = 'El enlace de confirmación no es válido o ha caducado.';

export class ConfirmQueryDto {
  @ApiProperty({ description: 'El token del enlace enviado por e-mail' })
  @IsString({ message: INVALID_CONFIRMATION_MESSAGE })
  @Matches(/^[A-Za-z0-9_-]{20,100}$/, { message: INVALID_CONFIRMATION_MESSAGE })
  token!: string;
}
