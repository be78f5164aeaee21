import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CatalogueOrderingRepository, type CatalogueChange, repository } from '@veredicto/db';
import { type DomainEventOf, JobGateway, JobName } from '@veredicto/jobs';
import type { DomainEventConsumer } from '../domain-event-consumer.js';

type OrderingEvent =
  'game.figures-changed' | 'game.facts-changed' | 'game.languages-changed' | 'game.length-changed';

const CHANGE_OF: Record<OrderingEvent, CatalogueChange> = {
  'game.figures-changed': 'figures',
  'game.facts-changed': 'facts',
  'game.languages-changed': 'languages',
  'game.length-changed': 'length',
};

/**
 * A game's figures, facts or languages changed: the change is noted (one row appended, no ordering's row
 * locked) and one refresh is queued (delayed and deduplicated), which marks the orderings the noted
 * changes can move and walks them: a burst of changes marks and walks each ordering once.
 */
@Injectable()
export class CatalogueOrderingsConsumer implements DomainEventConsumer<OrderingEvent> {
  readonly name = 'catalogue-orderings';
  readonly events = [
    'game.figures-changed',
    'game.facts-changed',
    'game.languages-changed',
    'game.length-changed',
  ] as const;

  constructor(
    private readonly orm: MikroORM,
    private readonly jobs: JobGateway,
  ) {}

  async handle(event: DomainEventOf<OrderingEvent>): Promise<void> {
    // A rating's recalculation moves the game in the orderings by player score alone.
    const change =
      event.name === 'game.figures-changed' && event.playersOnly ? 'players' : CHANGE_OF[event.name];
    await repository(this.orm.em.fork(), CatalogueOrderingRepository).noteChanged(event.igdbId, change);
    await this.jobs.enqueue(JobName.RefreshCatalogueOrderings, {});
  }
}
