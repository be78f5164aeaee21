import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { repository, SimilarGameRepository } from '@veredicto/db';
import type { JobName, JobResults } from '@veredicto/jobs';

/** The similar-games job: a game's list recomputed from the catalogue's facts (idempotent). */
@Injectable()
export class SimilarGamesService {
  constructor(private readonly orm: MikroORM) {}

  async compute(igdbId: number): Promise<JobResults[JobName.ComputeSimilarGames]> {
    const found = await repository(this.orm.em.fork(), SimilarGameRepository).recompute(igdbId);
    return { igdbId, found };
  }
}
