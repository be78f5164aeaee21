import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { DismissedUnusualWindow } from '@veredicto/contract';
import { UnusualActivityWindow } from '@veredicto/db';
import { AverageRecalculationService } from '../ratings/average-recalculation.service.js';

export const WINDOW_NOT_FOUND = 'Ventana no encontrada o ya descartada';

/** The operator's view of unusual rating activity (docs/CONTRACT.md §14). */
@Injectable()
export class UnusualActivityService {
  constructor(
    private readonly em: EntityManager,
    private readonly averages: AverageRecalculationService,
  ) {}

  list() {
    return this.em.getRepository(UnusualActivityWindow).findForAdmin();
  }

  /**
   * Dismisses a flagged window: its ratings count again, in the answer's average (from the game's
   * ratings) at once and in the stored one after the worker's recalculation (which never flags dismissed
   * days again).
   */
  async dismiss(windowId: number): Promise<DismissedUnusualWindow> {
    let gameId: number | null = null;
    const found = await this.em
      .getRepository(UnusualActivityWindow)
      .findOne({ id: windowId, status: 'flagged' });
    if (!found) throw new NotFoundException(WINDOW_NOT_FOUND);
    const average = await this.averages.storeThenRecalculate(found.game.id, async (tx) => {
      gameId = (await tx.getRepository(UnusualActivityWindow).dismiss(windowId))?.gameId ?? null;
    });
    if (gameId === null) throw new NotFoundException(WINDOW_NOT_FOUND);
    return { status: 'dismissed', avUserRatings: average?.avUserRatings ?? null };
  }
}
