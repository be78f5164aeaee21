import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsEmail,
  IsNotEmpty,
  IsString,
  Length,
  Matches,
  MaxLength,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import addressparser from 'nodemailer/lib/addressparser';

export const INVALID_EMAIL_MESSAGE = 'Debes ingresar un email válido.';
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

/**
 * The address the mailer sends to is the address as typed: nodemailer parses a recipient as an address
 * field and would otherwise mail a rewritten one (`"><svg/onload=…>@x.co` becomes a quoted local part,
 * `a(b)@x.co` loses its comment, `a<b@x.co` goes to `b@x.co`).
 */
export function mailerSendsAsIs(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const parsed = addressparser(value, { flatten: true });
  return parsed.length === 1 && parsed[0].name === '' && parsed[0].address === value;
}

const MailerSendsAsIs = (options: ValidationOptions) =>
  ValidateBy({ name: 'mailerSendsAsIs', validator: { validate: mailerSendsAsIs } }, options);

const trim = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

export const EmailField = () =>
  applyDecorators(
    ApiProperty({ example: 'critico@example.com' }),
    trim,
    IsString({ message: 'El email es obligatorio.' }),
    IsNotEmpty({ message: 'El email es obligatorio.' }),
    MaxLength(254, { message: INVALID_EMAIL_MESSAGE }),
    // validator.js's RFC 5321 rules: a dotted domain with a top-level name, no IP literal, no display name,
    // no quoted local part.
    IsEmail(
      { allow_display_name: false, allow_ip_domain: false, require_tld: true, blacklisted_chars: '"' },
      { message: INVALID_EMAIL_MESSAGE },
    ),
    MailerSendsAsIs({ message: INVALID_EMAIL_MESSAGE }),
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
