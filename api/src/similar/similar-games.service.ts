import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { SimilarGame } from '@veredicto/contract';
import { repository, SimilarGameRepository } from '@veredicto/db';
import { JobGateway, JobName } from '@veredicto/jobs';
import { presentSummary } from '../games/game.presenter.js';

/** A game's similar games as the job stored them; never computed here. */
@Injectable()
export class SimilarGamesService {
  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobGateway,
  ) {}

  async forGame(igdbId: number): Promise<SimilarGame[]> {
    const rows = await repository(this.em, SimilarGameRepository).findFor(igdbId);
    if (rows === null) throw new NotFoundException('Juego no encontrado');
    // A game the job has not seen yet (imported before it existed): ask for it, answer the empty list.
    if (rows.length === 0) await this.jobs.enqueue(JobName.ComputeSimilarGames, { igdbId });
    return rows.map((row) => ({ ...presentSummary(row), reason: row.reason, mark: row.mark }));
  }
}
