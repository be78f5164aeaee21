import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { INVALID_EMAIL_MESSAGE, mailerSendsAsIs } from './account-fields.js';
import { ForgotPasswordDto } from './password.dto.js';

const errorsFor = async (email: unknown) =>
  (await validate(plainToInstance(ForgotPasswordDto, { email }))).flatMap((error) =>
    Object.values(error.constraints ?? {}),
  );

describe('EmailField', () => {
  it.each(['critico@example.com', 'Ana+1@gmail.com', 'nombre.apellido@correo.es', 'ñandú@dominio.es'])(
    'accepts %s',
    async (email) => expect(await errorsFor(email)).toEqual([]),
  );

  it.each([
    '"><svg/onload=alert(1)>@x.co',
    '"a b"@x.co',
    'a(b)@x.co',
    'a<b@x.co',
    'a,b@x.co',
    'x@x.co;y@z.co',
    'Nombre <a@x.co>',
    'a@[127.0.0.1]',
    'a@localhost',
    'a..b@x.co',
    'sin-arroba.es',
  ])('refuses %s with a Spanish message', async (email) => {
    expect(await errorsFor(email)).toContain(INVALID_EMAIL_MESSAGE);
  });

  it('judges an address by what the mailer would send to', () => {
    expect(mailerSendsAsIs('a@x.co')).toBe(true);
    expect(mailerSendsAsIs('"a"@x.co')).toBe(false);
    expect(mailerSendsAsIs('a(b)@x.co')).toBe(false);
    expect(mailerSendsAsIs(42)).toBe(false);
  });
});
