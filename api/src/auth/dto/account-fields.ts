import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Length, Matches, MaxLength } from 'class-validator';

/** spec section 5: text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

const trim = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

export const EmailField = () =>
  applyDecorators(
    ApiProperty({ example: 'critico@example.com' }),
    trim,
    IsString({ message: 'El email es obligatorio.' }),
    IsNotEmpty({ message: 'El email es obligatorio.' }),
    MaxLength(254, { message: 'Debes ingresar un email válido.' }),
    Matches(EMAIL_PATTERN, { message: 'Debes ingresar un email válido.' }),
  );

export const UsernameField = () =>
  applyDecorators(
    ApiProperty({ example: 'critico_99', minLength: 3, maxLength: 30, pattern: USERNAME_PATTERN.source }),
    trim,
    IsString({ message: 'El nombre de usuario es obligatorio.' }),
    IsNotEmpty({ message: 'El nombre de usuario es obligatorio.' }),
    Length(3, 30, { message: 'El nombre de usuario debe tener entre 3 y 30 caracteres.' }),
    Matches(USERNAME_PATTERN, {
      message: 'El nombre de usuario solo puede contener letras, números, puntos, guiones y guiones bajos.',
    }),
  );
