import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

export class LoginLinkDto {
  @ApiProperty()
  @IsString({ message: 'El nombre de usuario es obligatorio.' })
  @IsNotEmpty({ message: 'El nombre de usuario es obligatorio.' })
  @MaxLength(254, { message: 'El nombre de usuario es demasiado largo.' })
  username!: string;
}

export class UseLoginLinkDto {
  @ApiProperty({ description: 'El token del enlace enviado por e-mail' })
  @IsString({ message: 'El enlace de acceso no es válido o ha caducado.' })
  @Matches(/^[A-Za-z0-9_-]{20,100}$/, { message: 'El enlace de acceso no es válido o ha caducado.' })
  token!: string;
}
