import { routes, siteUrl, type ServerMessage, type SessionToken } from '@veredicto/contract';
import { LockMode } from '@mikro-orm/core';
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
import { ThrottlerStorage } from '@nestjs/throttler';
import { createHash, randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import { MailService } from '@veredicto/mail';
import {
  EmailToken,
  emailKey,
  GameList,
  RESERVED_LIST_NAMES,
  User,
  type EmailTokenPurpose,
  notePossibleEffect,
} from '@veredicto/db';
import { PlainTextException } from '../common/http-exception.filter.js';
import { conflictOnUniqueViolation } from '../common/unique-violation.js';
import type { Request, Response } from 'express';
import { cookieValue } from '../admin/admin-token.service.js';
import { AuthTokenService } from './auth-token.service.js';
import { hashPassword, verifyPassword, withHashingSlot } from './password-hashing.js';
import { INVALID_CONFIRMATION_MESSAGE, type ConfirmQueryDto } from './dto/confirm-query.dto.js';
import type { LoginLinkDto, UseLoginLinkDto } from './dto/login-link.dto.js';
import type { LoginDto } from './dto/login.dto.js';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_MS,
  LoginLimitsService,
  type LoginClient,
} from './login-limits.service.js';
import { INVALID_RESET_MESSAGE, type ForgotPasswordDto, type ResetPasswordDto } from './dto/password.dto.js';
import type { RegisterDto } from './dto/register.dto.js';

const CONFIRMATION_LIFETIME_MS = 24 * 3600 * 1000;
const RESET_LIFETIME_MS = 3600 * 1000;
const RESET_MAIL_WINDOW_MS = 15 * 60 * 1000;
const LOGIN_LINK_LIFETIME_MS = 15 * 60 * 1000;
export const INVALID_LOGIN_LINK_MESSAGE = 'El enlace de acceso no es válido o ha caducado.';
const INVALID_CREDENTIALS = 'Credenciales inválidas';
export const USERNAME_TAKEN = 'El nombre de usuario ya está en uso.';
export const EMAIL_TAKEN = 'El email ya está registrado.';
/** When a concurrent write took the name or the address between the check and the write. */
export const ACCOUNT_TAKEN = 'El nombre de usuario o el email ya están registrados.';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Which field of an account collides with another account's (names compare case-insensitively,
 * addresses in their canonical form: `Ana+1@gmail.com` is `ana@gmail.com`'s mailbox).
 */
export async function accountConflict(
  em: EntityManager,
  usernameKey: string,
  email: string,
  exceptUserId?: number,
): Promise<string | null> {
  const others = await em.find(User, {
    $or: [{ usernameKey }, { emailKey: emailKey(email) }],
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
    private readonly limits: LoginLimitsService,
    @Inject(ThrottlerStorage) private readonly throttles: ThrottlerStorage,
  ) {}

  async register(dto: RegisterDto): Promise<ServerMessage> {
    const email = dto.email.toLowerCase();
    const usernameKey = dto.username.toLowerCase();
    const passwordHash = await withHashingSlot(async (hashInSlot) => {
      const conflict = await accountConflict(this.em, usernameKey, email);
      if (conflict) throw new PlainTextException(conflict, HttpStatus.CONFLICT);
      return hashInSlot(dto.password);
    });
    const { token, tokenHash } = newConfirmationToken();
    // Two registrations racing for the same name or address: the unique indexes decide.
    await conflictOnUniqueViolation(
      () =>
        this.em.transactional(async (tx) => {
          const user = Object.assign(new User(), {
            username: dto.username,
            usernameKey,
            email,
            passwordHash,
          });
          tx.persist(user);
          for (const name of RESERVED_LIST_NAMES) {
            tx.persist(
              Object.assign(new GameList(), { user, name, nameKey: name.toLowerCase(), reserved: true }),
            );
          }
          tx.persist(confirmationTokenFor(user, tokenHash));
        }),
      ACCOUNT_TAKEN,
    );

    await this.sendConfirmation(email, dto.username, token).catch((error: unknown) =>
      this.logger.error(
        `confirmation e-mail to ${email} failed: ${error instanceof Error ? error.message : error}`,
      ),
    );
    return { message: 'Se ha enviado un email de confirmación a tu correo electrónico' };
  }

  private async sendConfirmation(email: string, username: string, token: string): Promise<void> {
    const link = siteUrl(this.config.PUBLIC_URL, routes.confirm(), { token });
    // A request that sent a mail is never run again after a lost connection (RetryLostConnectionInterceptor).
    notePossibleEffect();
    await this.mail.send(email, 'confirm-account', { username, link });
    if (!this.config.SMTP_URL) this.logger.log(`confirmation link for ${username}: ${link}`);
  }

  /** Single use: the token row is locked, checked and marked used in one transaction. */
  async confirm(query: ConfirmQueryDto): Promise<ServerMessage> {
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

  /** A right password also makes this browser a known device of the account (its own failure count). */
  async login(dto: LoginDto, request: Request, response: Response): Promise<SessionToken> {
    const user = await this.verifyCredentials(dto, loginClient(request));
    if (!user.confirmedAt) {
      throw new ForbiddenException('Debes confirmar tu correo electrónico antes de iniciar sesión.');
    }
    this.rememberDevice(response, user.usernameKey);
    return { token: await this.tokens.issue(user) };
  }

  /**
   * The way in while the account is under attack: a single-use link (15 minutes) to the account's
   * address. Always the same answer, and at most 3 mails per account every 15 minutes.
   */
  async requestLoginLink(dto: LoginLinkDto): Promise<ServerMessage> {
    const user = await this.em.findOne(User, { usernameKey: dto.username.trim().toLowerCase() });
    const mails = user?.confirmedAt
      ? await this.throttles.increment(
          `login-link:${user.id}`,
          RESET_MAIL_WINDOW_MS,
          3,
          RESET_MAIL_WINDOW_MS,
          'login-link-mail',
        )
      : null;
    if (user && mails && !mails.isBlocked) {
      const { token, tokenHash } = newConfirmationToken();
      await this.em.transactional(async (tx) => {
        await tx.nativeDelete(EmailToken, { user: user.id, purpose: 'login-link', usedAt: null });
        tx.persist(
          emailTokenFor(tx.getReference(User, user.id), tokenHash, 'login-link', LOGIN_LINK_LIFETIME_MS),
        );
      });
      const link = siteUrl(this.config.PUBLIC_URL, routes.loginLink(), { token });
      void this.mail
        .send(user.email, 'login-link', { username: user.username, link })
        .catch((error: unknown) =>
          this.logger.error(
            `login link e-mail to ${user.email} failed: ${error instanceof Error ? error.message : error}`,
          ),
        );
    }
    return {
      message: 'Si ese usuario existe, te hemos enviado un enlace de acceso a su correo electrónico.',
    };
  }

  /** Single use; the browser that opens it becomes a known device of the account. */
  async useLoginLink(dto: UseLoginLinkDto, response: Response): Promise<SessionToken> {
    const user = await this.em.transactional(async (tx) => {
      const emailToken = await tx.findOne(
        EmailToken,
        { tokenHash: sha256(dto.token), purpose: 'login-link' },
        { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['user'] },
      );
      if (!emailToken || emailToken.usedAt || emailToken.expiresAt.getTime() <= Date.now()) {
        throw new BadRequestException(INVALID_LOGIN_LINK_MESSAGE);
      }
      emailToken.usedAt = new Date();
      return emailToken.user;
    });
    this.rememberDevice(response, user.usernameKey);
    return { token: await this.tokens.issue(user) };
  }

  private rememberDevice(response: Response, account: string): void {
    response.cookie(DEVICE_COOKIE, this.limits.deviceCookieFor(account), {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.NODE_ENV === 'production',
      path: '/api/auth',
      maxAge: DEVICE_COOKIE_MAX_AGE_MS,
    });
  }

  /**
   * A new confirmation link for an account that lost or let expire the first one. The password proves the
   * account is the caller's (nobody can flood someone else's inbox or learn which names exist), and the
   * new link replaces every earlier unused one.
   */
  async resendConfirmation(dto: LoginDto, request: Request): Promise<ServerMessage> {
    const user = await this.verifyCredentials(dto, loginClient(request));
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

  /**
   * Always the same answer, whether or not the address belongs to an account, and the e-mail leaves in
   * the background: neither the body nor the timing tells which addresses exist.
   */
  async forgotPassword(dto: ForgotPasswordDto): Promise<ServerMessage> {
    const user = await this.em.findOne(User, { emailKey: emailKey(dto.email) });
    // Per account, whatever the IP: nobody can flood a mailbox with reset links by rotating addresses.
    const mails = user
      ? await this.throttles.increment(
          `reset:${user.id}`,
          RESET_MAIL_WINDOW_MS,
          3,
          RESET_MAIL_WINDOW_MS,
          'reset-mail',
        )
      : null;
    if (user && !mails?.isBlocked) {
      const { token, tokenHash } = newConfirmationToken();
      await this.em.transactional(async (tx) => {
        // Only the newest link works.
        await tx.nativeDelete(EmailToken, { user: user.id, purpose: 'reset-password', usedAt: null });
        tx.persist(
          emailTokenFor(tx.getReference(User, user.id), tokenHash, 'reset-password', RESET_LIFETIME_MS),
        );
      });
      const link = siteUrl(this.config.PUBLIC_URL, routes.resetPassword(), { token });
      void this.mail
        .send(user.email, 'reset-password', { username: user.username, link })
        .then(() => {
          if (!this.config.SMTP_URL) this.logger.log(`password reset link for ${user.username}: ${link}`);
        })
        .catch((error: unknown) =>
          this.logger.error(
            `password reset e-mail to ${user.email} failed: ${error instanceof Error ? error.message : error}`,
          ),
        );
    }
    return {
      message:
        'Si esa dirección pertenece a una cuenta, te hemos enviado un enlace para restablecer la contraseña.',
    };
  }

  /**
   * Single use, like the confirmation. The account version goes up, so every session opened before ends;
   * the link also proves the mailbox, so an unconfirmed account becomes confirmed.
   */
  async resetPassword(dto: ResetPasswordDto): Promise<void> {
    const passwordHash = await hashPassword(dto.password);
    await this.em.transactional(async (tx) => {
      const emailToken = await tx.findOne(
        EmailToken,
        { tokenHash: sha256(dto.token), purpose: 'reset-password' },
        { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['user'] },
      );
      if (!emailToken || emailToken.usedAt || emailToken.expiresAt.getTime() <= Date.now()) {
        throw new BadRequestException(INVALID_RESET_MESSAGE);
      }
      emailToken.usedAt = new Date();
      const user = emailToken.user;
      user.passwordHash = passwordHash;
      user.tokenVersion += 1;
      user.confirmedAt ??= new Date();
    });
  }

  /** The link mailed to a new address: only once it is opened does the account take that address. */
  async confirmEmailChange(query: ConfirmQueryDto): Promise<ServerMessage> {
    const { user, previousEmail } = await this.em.transactional(async (tx) => {
      const emailToken = await tx.findOne(
        EmailToken,
        { tokenHash: sha256(query.token), purpose: 'change-email' },
        { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['user'] },
      );
      if (!emailToken?.newEmail || emailToken.usedAt || emailToken.expiresAt.getTime() <= Date.now()) {
        throw new BadRequestException(INVALID_CONFIRMATION_MESSAGE);
      }
      const conflict = await accountConflict(tx, '', emailToken.newEmail, emailToken.user.id);
      if (conflict) throw new ConflictException(EMAIL_TAKEN);
      emailToken.usedAt = new Date();
      const previous = emailToken.user.email;
      emailToken.user.email = emailToken.newEmail;
      return { user: emailToken.user, previousEmail: previous };
    });
    void this.mail
      .send(previousEmail, 'email-changed', { username: user.username, newEmail: user.email })
      .catch((error: unknown) =>
        this.logger.error(`e-mail change notice failed: ${error instanceof Error ? error.message : error}`),
      );
    return { message: 'Tu nuevo correo electrónico ha quedado confirmado.' };
  }

  /**
   * The limits come first (login-limits.service.ts) and count unknown names the same way, so their answers
   * tell nothing about which accounts exist.
   */
  private async verifyCredentials(dto: LoginDto, client: LoginClient): Promise<User> {
    const account = dto.username.trim().toLowerCase();
    const scopes = await this.limits.admit(account, client);
    const user = await this.em.findOne(User, { usernameKey: account });
    // An unknown name costs the same argon2 verification as a wrong password: no timing difference.
    const hash = user?.passwordHash ?? (await this.dummyPasswordHash());
    const valid = await verifyPassword(hash, dto.password);
    if (!user || !valid) {
      await this.limits.failed(scopes);
      throw new UnauthorizedException(INVALID_CREDENTIALS);
    }
    await this.limits.succeeded(scopes);
    return user;
  }

  private dummyPasswordHash(): Promise<string> {
    // A hash refused by the bound (503) is not kept: the next call tries again.
    this.dummyHash ??= hashPassword(randomBytes(16).toString('hex')).catch((error: unknown) => {
      this.dummyHash = undefined;
      throw error;
    });
    return this.dummyHash;
  }
}

/** Who is trying: the client address (as TRUSTED_PROXIES allows) and the device cookie, if any. */
function loginClient(request: Request): LoginClient {
  return { ip: request.ip ?? '', deviceCookie: cookieValue(request.headers.cookie, DEVICE_COOKIE) };
}

export function newConfirmationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: sha256(token) };
}

function confirmationTokenFor(user: User, tokenHash: string): EmailToken {
  return emailTokenFor(user, tokenHash, 'confirm-email', CONFIRMATION_LIFETIME_MS);
}

export function emailTokenFor(
  user: User,
  tokenHash: string,
  purpose: EmailTokenPurpose,
  lifetimeMs: number,
  newEmail?: string,
): EmailToken {
  return Object.assign(new EmailToken(), {
    user,
    tokenHash,
    purpose,
    newEmail: newEmail ?? null,
    expiresAt: new Date(Date.now() + lifetimeMs),
  });
}
