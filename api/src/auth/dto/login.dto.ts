import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

const REQUIRED = 'El usuario y la contraseña son obligatorios.';

export class LoginDto {
  @ApiProperty()
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(254, { message: 'Credenciales inválidas' })
  username!: string;

  @ApiProperty()
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(200, { message: 'Credenciales inválidas' })
  password!: string;
}
