import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { Rating, User } from '../../../libs/db/src/index.js';
import { JobName, OutboxRelay } from '../../../libs/jobs/src/index.js';
import { AuthTokenService } from '../auth/auth-token.service.js';
import { accountConflict } from '../auth/auth.service.js';
import { PlainTextException } from '../common/http-exception.filter.js';
import type { UpdateProfileDto } from './dto/update-profile.dto.js';

const USER_NOT_FOUND = 'Usuario no encontrado';

@Injectable()
export class UsersService {
  constructor(
    private readonly em: EntityManager,
    private readonly tokens: AuthTokenService,
    private readonly outbox: OutboxRelay,
  ) {}

  async me(userId: number) {
    const user = await this.em.findOne(User, { id: userId });
    if (!user) throw new NotFoundException(USER_NOT_FOUND);
    return { username: user.username, email: user.email };
  }

  /** New name and address; the account version goes up, so only the token answered here stays valid. */
  async updateProfile(userId: number, dto: UpdateProfileDto) {
    const usernameKey = dto.newUsername.toLowerCase();
    const email = dto.newEmail.toLowerCase();
    const conflict = await accountConflict(this.em, usernameKey, email, userId);
    if (conflict) throw new PlainTextException(conflict, HttpStatus.CONFLICT);
    const user = await this.em.findOne(User, { id: userId });
    if (!user) throw new PlainTextException(USER_NOT_FOUND, HttpStatus.NOT_FOUND);
    Object.assign(user, {
      username: dto.newUsername,
      usernameKey,
      email,
      tokenVersion: user.tokenVersion + 1,
    });
    try {
      await this.em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new PlainTextException(
          'El nombre de usuario o el email ya están registrados.',
          HttpStatus.CONFLICT,
        );
      }
      throw error;
    }
    return { username: user.username, email: user.email, token: await this.tokens.issue(user) };
  }

  /**
   * Deletes the account and, by cascade, its ratings, reviews and lists in one transaction; then the
   * averages of the games it had rated are recalculated (decisions.md section 5): their recalculations are
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
