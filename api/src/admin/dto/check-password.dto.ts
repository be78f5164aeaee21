import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

export class CheckPasswordDto {
  @ApiProperty()
  @IsString({ message: 'La contraseña es obligatoria' })
  @MaxLength(1000, { message: 'La contraseña es demasiado larga' })
  password!: string;
}
