import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  ServiceUnavailableException,
  UnauthorizedException,
} from '@nestjs/common';
import argon2 from 'argon2';
import { createHash, randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import { EmailToken, GameList, RESERVED_LIST_NAMES, User } from '@veredicto/db';
import { PlainTextException } from '../common/http-exception.filter.js';
import { MailService } from '../mail/mail.service.js';
import { AuthTokenService } from './auth-token.service.js';
import { INVALID_CONFIRMATION_MESSAGE, type ConfirmQueryDto } from './dto/confirm-query.dto.js';
import type { LoginDto } from './dto/login.dto.js';
import type { RegisterDto } from './dto/register.dto.js';

const CONFIRMATION_LIFETIME_MS = 24 * 3600 * 1000;
const INVALID_CREDENTIALS = 'Credenciales inválidas';
export const USERNAME_TAKEN = 'El nombre de usuario ya está en uso.';
export const EMAIL_TAKEN = 'El email ya está registrado.';

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Which field of an account collides with another account's (names compare case-insensitively). */
export async function accountConflict(
  em: EntityManager,
  usernameKey: string,
  email: string,
  exceptUserId?: number,
): Promise<string | null> {
  const others = await em.find(User, {
    $or: [{ usernameKey }, { email }],
    ...(exceptUserId ? { id: { $ne: exceptUserId } } : {}),
  });
  if (others.some((other) => other.usernameKey === usernameKey)) return USERNAME_TAKEN;
  if (others.length) return EMAIL_TAKEN;
  return null;
}

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);
  private dummyHash?: Promise<string>;

  constructor(
    private readonly em: EntityManager,
    private readonly tokens: AuthTokenService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async register(dto: RegisterDto) {
    const email = dto.email.toLowerCase();
    const usernameKey = dto.username.toLowerCase();
    const conflict = await accountConflict(this.em, usernameKey, email);
    if (conflict) throw new PlainTextException(conflict, HttpStatus.CONFLICT);

    const passwordHash = await hashPassword(dto.password);
    const { token, tokenHash } = newConfirmationToken();
    try {
      await this.em.transactional(async (tx) => {
        const user = Object.assign(new User(), { username: dto.username, usernameKey, email, passwordHash });
        tx.persist(user);
        for (const name of RESERVED_LIST_NAMES) {
          tx.persist(
            Object.assign(new GameList(), { user, name, nameKey: name.toLowerCase(), reserved: true }),
          );
        }
        tx.persist(confirmationTokenFor(user, tokenHash));
      });
    } catch (error) {
      // Two registrations racing for the same name or address: the unique indexes decide.
      if (error instanceof UniqueConstraintViolationException) {
        throw new PlainTextException(
          'El nombre de usuario o el email ya están registrados.',
          HttpStatus.CONFLICT,
        );
      }
      throw error;
    }

    await this.sendConfirmation(email, dto.username, token).catch((error: unknown) =>
      this.logger.error(
        `confirmation e-mail to ${email} failed: ${error instanceof Error ? error.message : error}`,
      ),
    );
    return { message: 'Se ha enviado un email de confirmación a tu correo electrónico' };
  }

  private async sendConfirmation(email: string, username: string, token: string): Promise<void> {
    const link = `${this.config.PUBLIC_URL}/confirm?token=${encodeURIComponent(token)}`;
    await this.mail.send({
      to: email,
      subject: `Confirma tu cuenta de ${this.config.SITE_NAME}`,
      text:
        `Hola, ${username}:\n\nConfirma tu correo electrónico abriendo este enlace (válido durante 24 horas):\n\n` +
        `${link}\n\nSi no has creado una cuenta en ${this.config.SITE_NAME}, ignora este mensaje.\n`,
    });
    if (!this.config.SMTP_URL) this.logger.log(`confirmation link for ${username}: ${link}`);
  }

  /** Single use: the token row is locked, checked and marked used in one transaction. */
  async confirm(query: ConfirmQueryDto) {
    await this.em.transactional(async (tx) => {
      const emailToken = await tx.findOne(
        EmailToken,
        { tokenHash: sha256(query.token), purpose: 'confirm-email' },
        { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['user'] },
      );
      if (!emailToken || emailToken.usedAt || emailToken.expiresAt.getTime() <= Date.now()) {
        throw new BadRequestException(INVALID_CONFIRMATION_MESSAGE);
      }
      emailToken.usedAt = new Date();
      emailToken.user.confirmedAt ??= new Date();
    });
    return { message: 'Tu cuenta ha sido confirmada. Ya puedes iniciar sesión.' };
  }

  async login(dto: LoginDto) {
    const user = await this.verifyCredentials(dto);
    if (!user.confirmedAt) {
      throw new ForbiddenException('Debes confirmar tu correo electrónico antes de iniciar sesión.');
    }
    return { token: await this.tokens.issue(user) };
  }

  /**
   * A new confirmation link for an account that lost or let expire the first one. The password proves the
   * account is the caller's (nobody can flood someone else's inbox or learn which names exist), and the
   * new link replaces every earlier unused one.
   */
  async resendConfirmation(dto: LoginDto) {
    const user = await this.verifyCredentials(dto);
    if (user.confirmedAt) {
      throw new ConflictException('Tu cuenta ya está confirmada. Ya puedes iniciar sesión.');
    }
    const { token, tokenHash } = newConfirmationToken();
    await this.em.transactional(async (tx) => {
      await tx.nativeDelete(EmailToken, { user: user.id, purpose: 'confirm-email', usedAt: null });
      tx.persist(confirmationTokenFor(tx.getReference(User, user.id), tokenHash));
    });
    await this.sendConfirmation(user.email, user.username, token).catch((error: unknown) => {
      this.logger.error(
        `confirmation e-mail to ${user.email} failed: ${error instanceof Error ? error.message : error}`,
      );
      throw new ServiceUnavailableException(
        'No hemos podido enviar el correo. Inténtalo de nuevo más tarde.',
      );
    });
    return { message: 'Te hemos enviado un nuevo enlace de confirmación a tu correo electrónico.' };
  }

  private async verifyCredentials(dto: LoginDto): Promise<User> {
    const user = await this.em.findOne(User, { usernameKey: dto.username.trim().toLowerCase() });
    // An unknown name costs the same argon2 verification as a wrong password: no timing difference.
    const hash = user?.passwordHash ?? (await this.dummyPasswordHash());
    const valid = await argon2.verify(hash, dto.password).catch(() => false);
    if (!user || !valid) throw new UnauthorizedException(INVALID_CREDENTIALS);
    return user;
  }

  private dummyPasswordHash(): Promise<string> {
    this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }
}

function newConfirmationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: sha256(token) };
}

function confirmationTokenFor(user: User, tokenHash: string): EmailToken {
  return Object.assign(new EmailToken(), {
    user,
    tokenHash,
    purpose: 'confirm-email' as const,
    expiresAt: new Date(Date.now() + CONFIRMATION_LIFETIME_MS),
  });
}
