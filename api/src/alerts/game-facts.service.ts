import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable } from '@nestjs/common';
import { PLATFORMS, type EditedGame } from '@veredicto/contract';
import { diffGameFacts, GameChange, isCalendarDate, type GameFacts } from '@veredicto/db';
import { OutboxRelay } from '@veredicto/jobs';
import { ReadCacheSync } from '../common/read-cache-sync.js';
import { orGameNotFound } from '../games/game-lookup.js';
import type { UpdateGameFactsDto } from './dto/update-game-facts.dto.js';

const platformIds = (names: string[]) =>
  PLATFORMS.filter((platform) => names.includes(platform.name)).map((platform) => platform.id);

/** The facts after the operator's edit: what the body leaves out stays; a date without precision is a day. */
function editedFacts(current: GameFacts, dto: UpdateGameFactsDto): GameFacts {
  const releaseDate = dto.releaseDate === undefined ? current.releaseDate : dto.releaseDate;
  if (releaseDate !== null && !isCalendarDate(releaseDate)) {
    throw new BadRequestException('La fecha de salida no es un día del calendario');
  }
  if (releaseDate === null && dto.releaseDatePrecision) {
    throw new BadRequestException('Una precisión necesita una fecha de salida');
  }
  const releaseDatePrecision =
    releaseDate === null ? null : (dto.releaseDatePrecision ?? current.releaseDatePrecision ?? 'day');
  const platforms = dto.platforms
    ? PLATFORMS.filter((platform) => dto.platforms!.includes(platform.id)).map((platform) => platform.name)
    : current.platforms;
  if (platforms.length === 0) throw new BadRequestException('Un juego necesita al menos una plataforma');
  return { releaseDate, releaseDatePrecision, platforms };
}

@Injectable()
export class GameFactsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxRelay,
    private readonly readCache: ReadCacheSync,
  ) {}

  /**
   * The operator's edit: the game's row locked, the facts written, the change recorded and its
   * `game.facts-changed` event in the outbox, all in one transaction. The same edit again changes nothing.
   */
  async update(igdbId: number, dto: UpdateGameFactsDto): Promise<EditedGame> {
    const { facts, recorded, changeId } = await this.em.transactional(async (tx) => {
      const changes = tx.getRepository(GameChange);
      const current = orGameNotFound((await changes.lockFacts([igdbId])).get(igdbId));
      const next = editedFacts(current, dto);
      const diff = diffGameFacts(current, next);
      if (!diff) return { facts: current, recorded: null, changeId: null };
      await changes.updateFacts(igdbId, next);
      const [change] = await changes.record([{ igdbId, ...diff }], 'operador');
      const events = await this.outbox.recordEvents(tx, [
        { name: 'game.facts-changed', igdbId, changeId: Number(change.id) },
      ]);
      return { facts: next, recorded: events, changeId: Number(change.id) };
    });
    if (recorded) {
      await this.outbox.publishRecorded(recorded);
      await this.readCache.clearEverywhere();
    }
    return {
      igdbID: igdbId,
      releaseDate: facts.releaseDate,
      releaseDatePrecision: facts.releaseDatePrecision,
      platforms: platformIds(facts.platforms),
      changeId,
    };
  }
}
