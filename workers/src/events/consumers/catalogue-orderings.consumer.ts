import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CatalogueOrderingRepository, type CatalogueChange } from '@veredicto/db';
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
 * A game's figures, facts or languages changed: the catalogue's orderings it can move in are marked and
 * one refresh is queued (delayed and deduplicated, so a burst of changes walks each ordering once).
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
    const marked = await new CatalogueOrderingRepository(this.orm.em.fork()).markChanged(
      event.igdbId,
      CHANGE_OF[event.name],
    );
    if (marked > 0) await this.jobs.enqueue(JobName.RefreshCatalogueOrderings, {});
  }
}
