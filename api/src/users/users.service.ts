import { routes, siteUrl, type CurrentUser, type UpdatedProfile } from '@veredicto/contract';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  BadRequestException,
  ForbiddenException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import { EmailToken, Rating, User } from '@veredicto/db';
import { JobName, OutboxRelay } from '@veredicto/jobs';
import { MailService } from '@veredicto/mail';
import { AuthTokenService } from '../auth/auth-token.service.js';
import { ACCOUNT_TAKEN, accountConflict, emailTokenFor, newConfirmationToken } from '../auth/auth.service.js';
import { hashPassword, verifyPassword } from '../auth/password-hashing.js';
import type { ChangePasswordDto } from '../auth/dto/password.dto.js';
import { PlainTextException } from '../common/http-exception.filter.js';
import { conflictOnUniqueViolation } from '../common/unique-violation.js';
import type { UpdateProfileDto } from './dto/update-profile.dto.js';

const USER_NOT_FOUND = 'Usuario no encontrado';
export const SAME_PASSWORD_MESSAGE = 'La contraseña nueva debe ser distinta de la actual.';
const EMAIL_CHANGE_LIFETIME_MS = 24 * 3600 * 1000;

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly tokens: AuthTokenService,
    private readonly outbox: OutboxRelay,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async me(userId: number): Promise<CurrentUser> {
    const user = await this.em.findOne(User, { id: userId });
    if (!user) throw new NotFoundException(USER_NOT_FOUND);
    return { username: user.username, email: user.email };
  }

  /**
   * A new name takes effect at once (the account version goes up, so only the token answered here stays
   * valid). A new address only once the link mailed to it is opened (docs/CONTRACT.md §10); the
   * current address is told that a change was asked for.
   */
  async updateProfile(userId: number, dto: UpdateProfileDto): Promise<UpdatedProfile> {
    const usernameKey = dto.newUsername.toLowerCase();
    const email = dto.newEmail.toLowerCase();
    const conflict = await accountConflict(this.em, usernameKey, email, userId);
    if (conflict) throw new PlainTextException(conflict, HttpStatus.CONFLICT);
    const user = await this.em.findOne(User, { id: userId });
    if (!user) throw new PlainTextException(USER_NOT_FOUND, HttpStatus.NOT_FOUND);
    const pendingEmail = email === user.email ? null : email;
    Object.assign(user, { username: dto.newUsername, usernameKey, tokenVersion: user.tokenVersion + 1 });
    const { token, tokenHash } = newConfirmationToken();
    await conflictOnUniqueViolation(async () => {
      if (pendingEmail) {
        // Only the newest requested address can be confirmed.
        await this.em.nativeDelete(EmailToken, { user: user.id, purpose: 'change-email', usedAt: null });
        this.em.persist(
          emailTokenFor(user, tokenHash, 'change-email', EMAIL_CHANGE_LIFETIME_MS, pendingEmail),
        );
      }
      await this.em.flush();
    }, ACCOUNT_TAKEN);
    if (pendingEmail) this.mailEmailChange(user, pendingEmail, token);
    return {
      username: user.username,
      email: user.email,
      token: await this.tokens.issue(user),
      ...(pendingEmail
        ? {
            pendingEmail,
            message: `Te hemos enviado un enlace a ${pendingEmail}: tu correo cambiará cuando lo abras.`,
          }
        : {}),
    };
  }

  private mailEmailChange(user: User, newEmail: string, token: string): void {
    const link = siteUrl(this.config.PUBLIC_URL, routes.confirmEmail(), { token });
    const failed = (error: unknown) =>
      this.logger.error(`e-mail change message failed: ${error instanceof Error ? error.message : error}`);
    void this.mail
      .send(newEmail, 'confirm-new-email', { username: user.username, link })
      .then(() => {
        if (!this.config.SMTP_URL) this.logger.log(`e-mail change link for ${user.username}: ${link}`);
      })
      .catch(failed);
    void this.mail
      .send(user.email, 'email-change-requested', { username: user.username, newEmail })
      .catch(failed);
  }

  /** Ends every session, this one included (docs/CONTRACT.md §10: 204, tokens issued before stop working). */
  async changePassword(userId: number, dto: ChangePasswordDto): Promise<void> {
    const user = await this.em.findOne(User, { id: userId });
    if (!user) throw new NotFoundException(USER_NOT_FOUND);
    if (dto.newPassword === dto.currentPassword) throw new BadRequestException(SAME_PASSWORD_MESSAGE);
    const valid = await verifyPassword(user.passwordHash, dto.currentPassword);
    if (!valid) throw new ForbiddenException('La contraseña actual no es correcta.');
    user.passwordHash = await hashPassword(dto.newPassword);
    user.tokenVersion += 1;
    await this.em.flush();
  }

  /**
   * Deletes the account and, by cascade, its ratings, reviews and lists in one transaction; then the
   * averages of the games it had rated are recalculated (docs/CONTRACT.md §5): their recalculations are
   * recorded in the same transaction (outbox) and relayed to the queue within a second or two.
   */
  async deleteAccount(userId: number) {
    await this.em.transactional(async (tx) => {
      // Locking the account first holds back a rating being added for it meanwhile.
      const user = await tx.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user) throw new PlainTextException(USER_NOT_FOUND, HttpStatus.NOT_FOUND);
      const gameIds = await tx.getRepository(Rating).findGameIdsRatedBy(userId);
      await tx.nativeDelete(User, { id: userId });
      await this.outbox.record(
        tx,
        JobName.RecalculateAverage,
        gameIds.map((gameId) => ({ gameId })),
      );
    });
    return { message: 'Cuenta eliminada con éxito' };
  }
}
