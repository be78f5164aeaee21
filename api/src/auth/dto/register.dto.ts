import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { EmailField, UsernameField } from './account-fields.js';

export class RegisterDto {
  @EmailField()
  email!: string;

  @UsernameField()
  username!: string;

  @ApiProperty({ minLength: 8, maxLength: 200 })
  @IsString({ message: 'La contraseña es obligatoria.' })
  @IsNotEmpty({ message: 'La contraseña es obligatoria.' })
  @MinLength(8, { message: 'La contraseña debe tener al menos 8 caracteres.' })
  // argon2 hashes any length, but an unbounded one is a cheap way to burn CPU.
  @MaxLength(200, { message: 'La contraseña no puede tener más de 200 caracteres.' })
  password!: string;
}
