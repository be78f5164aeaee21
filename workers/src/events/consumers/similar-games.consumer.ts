import { Injectable } from '@nestjs/common';
import { type DomainEventOf, JobGateway, JobName } from '@veredicto/jobs';
import type { DomainEventConsumer } from '../domain-event-consumer.js';

type SimilarityEvent = 'game.facts-changed' | 'game.figures-changed';

/** A game's platforms or review figures changed: its similar games are computed again (a job). */
@Injectable()
export class SimilarGamesConsumer implements DomainEventConsumer<SimilarityEvent> {
  readonly name = 'similar-games';
  readonly events = ['game.facts-changed', 'game.figures-changed'] as const;

  constructor(private readonly jobs: JobGateway) {}

  async handle({ igdbId }: DomainEventOf<SimilarityEvent>): Promise<void> {
    await this.jobs.enqueue(JobName.ComputeSimilarGames, { igdbId });
  }
}
