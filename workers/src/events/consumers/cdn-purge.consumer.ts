import { Injectable } from '@nestjs/common';
import type { DomainEventOf } from '@veredicto/jobs';
import { CdnPurgeService } from '../../cdn/cdn-purge.service.js';
import type { DomainEventConsumer } from '../domain-event-consumer.js';

type PurgedEvent =
  | 'game.figures-changed'
  | 'game.facts-changed'
  | 'review.changed'
  | 'game.languages-changed'
  | 'game.length-changed';

/** Whatever a game's page and the listings show changed: their answers are stale at the CDN. */
@Injectable()
export class CdnPurgeConsumer implements DomainEventConsumer<PurgedEvent> {
  readonly name = 'cdn-purge';
  readonly events = [
    'game.figures-changed',
    'game.facts-changed',
    'review.changed',
    'game.languages-changed',
    'game.length-changed',
  ] as const;

  constructor(private readonly cdn: CdnPurgeService) {}

  async handle({ igdbId }: DomainEventOf<PurgedEvent>): Promise<void> {
    await this.cdn.schedule([`game-${igdbId}`, 'home']);
  }
}
