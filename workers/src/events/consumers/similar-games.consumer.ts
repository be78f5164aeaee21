import { Injectable } from '@nestjs/common';
import { type DomainEventOf, JobGateway, JobName } from '@veredicto/jobs';
import type { DomainEventConsumer } from '../domain-event-consumer.js';

/**
 * A game's facts changed (title, platforms, studio, genres): its similar games are computed again (a job).
 * Not its figures: a game's list reads its own facts and the other games' review counts, so a rating or a
 * review of the game itself cannot change it. Every rating's recalculation used to queue a scan of the whole
 * catalogue here (docs/PERFORMANCE.md, "Ratings under load").
 */
@Injectable()
export class SimilarGamesConsumer implements DomainEventConsumer<'game.facts-changed'> {
  readonly name = 'similar-games';
  readonly events = ['game.facts-changed'] as const;

  constructor(private readonly jobs: JobGateway) {}

  async handle({ igdbId }: DomainEventOf<'game.facts-changed'>): Promise<void> {
    await this.jobs.enqueue(JobName.ComputeSimilarGames, { igdbId });
  }
}
