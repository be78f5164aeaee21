import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { JobGateway, JobName, OutboxRelay } from '@veredicto/jobs';
import { Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import type { PlayEstimate } from '@veredicto/contract';
import {
  Game,
  GameStatus,
  PlaySession,
  repository,
  TimeToBeatRepository,
  type SessionRow,
  type StatusRow,
} from '@veredicto/db';
import { INVALID_TOKEN_MESSAGE } from '../auth/auth.guard.js';
import type {
  AddPlaySessionDto,
  GameStatusResponse,
  MyGamesQueryDto,
  PlaySessionResponse,
  SetGameStatusDto,
} from './dto/game-status.dto.js';
import { gameHours, minutesToHours, roundHours } from './hours.js';
import { playEstimate } from './play-estimate.js';

const GAME_NOT_FOUND = 'Juego no encontrado';

export function presentStatus(row: StatusRow): GameStatusResponse {
  return {
    igdbID: row.igdbId,
    title: row.title,
    slug: row.slug,
    imageCover: row.imageCover,
    status: row.status,
    platform: row.platform,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    hours: gameHours(row.hours, row.sessionMinutes),
    sessionHours: minutesToHours(row.sessionMinutes),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const presentSession = (row: SessionRow): PlaySessionResponse => ({
  id: row.id,
  date: row.playedOn,
  minutes: row.minutes,
  hours: minutesToHours(row.minutes),
  platform: row.platform,
  note: row.note,
});

/** A player's statuses and play sessions (docs/CONTRACT.md §12). */
@Injectable()
export class GameDiaryService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxRelay,
    private readonly jobs: JobGateway,
  ) {}

  private async gameId(igdbId: number): Promise<number> {
    const game = await this.em.findOne(Game, { igdbId }, { fields: ['id'] });
    if (!game) throw new NotFoundException(GAME_NOT_FOUND);
    return game.id;
  }

  async setStatus(userId: number, igdbId: number, dto: SetGameStatusDto): Promise<GameStatusResponse> {
    const gameId = await this.gameId(igdbId);
    await this.writing(gameId, (tx) =>
      tx.getRepository(GameStatus).saveStatus(userId, gameId, {
        status: dto.status,
        platform: dto.platform ?? null,
        startedAt: dto.startedAt ?? null,
        finishedAt: dto.finishedAt ?? null,
        hours: dto.hours === undefined ? null : roundHours(dto.hours),
      }),
    );
    const [row] = await this.em.getRepository(GameStatus).findForUser(userId, { gameId });
    return presentStatus(row);
  }

  async findStatus(userId: number, igdbId: number): Promise<GameStatusResponse | null> {
    const gameId = await this.gameId(igdbId);
    const [row] = await this.em.getRepository(GameStatus).findForUser(userId, { gameId });
    return row ? presentStatus(row) : null;
  }

  /** Removing a status that is not there is no error; the sessions stay. */
  async removeStatus(userId: number, igdbId: number): Promise<void> {
    const gameId = await this.gameId(igdbId);
    await this.writing(gameId, (tx) => tx.getRepository(GameStatus).deleteStatus(userId, gameId));
  }

  /** How long the game should take this player, and what is left of it (docs/CONTRACT.md §19). */
  async estimate(userId: number, igdbId: number): Promise<PlayEstimate> {
    const gameId = await this.gameId(igdbId);
    const games = await repository(this.em, TimeToBeatRepository).playerGames(userId);
    // A game the player has no status for: its main story all the same.
    if (!games.some((game) => game.gameId === gameId)) {
      const game = await this.em.findOneOrFail(Game, { id: gameId }, { fields: ['lengthHours'] });
      games.push({ gameId, status: 'want', hours: null, lengthHours: game.lengthHours ?? null });
    }
    return playEstimate(games, gameId);
  }

  /** 'Mis juegos': the user's statuses, optionally of one status and one platform. */
  async myGames(userId: number, query: MyGamesQueryDto): Promise<GameStatusResponse[]> {
    const rows = await this.em.getRepository(GameStatus).findForUser(userId, { platform: query.platform });
    return rows.filter((row) => !query.status || row.status === query.status).map(presentStatus);
  }

  async addSession(userId: number, igdbId: number, dto: AddPlaySessionDto): Promise<PlaySessionResponse> {
    const gameId = await this.gameId(igdbId);
    const fields = {
      playedOn: dto.date,
      minutes: dto.minutes,
      platform: dto.platform ?? null,
      note: dto.note ?? null,
    };
    const id = await this.writing(gameId, (tx) =>
      tx.getRepository(PlaySession).addSession(userId, gameId, fields),
    );
    return presentSession({ id, ...fields, createdAt: new Date() });
  }

  async listSessions(userId: number, igdbId: number): Promise<PlaySessionResponse[]> {
    const gameId = await this.gameId(igdbId);
    return (await this.em.getRepository(PlaySession).findForGame(userId, gameId)).map(presentSession);
  }

  async removeSession(userId: number, igdbId: number, sessionId: number): Promise<void> {
    const gameId = await this.gameId(igdbId);
    const removed = await this.writing(gameId, (tx) =>
      tx.getRepository(PlaySession).deleteSession(userId, gameId, sessionId),
    );
    if (!removed) throw new NotFoundException('Sesión no encontrada');
  }

  /**
   * A write of the game's status or sessions, with the recomputation of the game's players' times it calls
   * for (docs/CONTRACT.md §19) recorded in the same transaction and sent at once; the relay sends it later if
   * the queue is away.
   */
  private async writing<T>(gameId: number, write: (tx: EntityManager) => Promise<T>): Promise<T> {
    try {
      const { result, outboxIds } = await this.em.transactional(async (tx) => ({
        result: await write(tx),
        outboxIds: await this.outbox.record(tx, JobName.ComputePlayerTimes, [{ gameId }]),
      }));
      await this.jobs
        .enqueue(JobName.ComputePlayerTimes, { gameId })
        .then(() => this.outbox.markSent(outboxIds))
        .catch(() => undefined);
      return result;
    } catch (error) {
      // The account was deleted between the token check and the write.
      if (error instanceof ForeignKeyConstraintViolationException)
        throw new UnauthorizedException(INVALID_TOKEN_MESSAGE);
      throw error;
    }
  }
}
