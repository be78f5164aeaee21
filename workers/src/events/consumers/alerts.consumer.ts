import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Alert, GameChange, type NewAlert } from '@veredicto/db';
import { JobGateway, JobName, type DomainEventOf } from '@veredicto/jobs';
import { changeAlerts, firstVerdictAlerts, spanishAlerts } from '../../alerts/alert-builder.js';
import type { DomainEventConsumer } from '../domain-event-consumer.js';

type AlertingEvent = 'game.facts-changed' | 'game.figures-changed' | 'game.languages-changed';

/**
 * Turns a change that followers of a game want to hear about (its facts, a first verdict, Spanish voices or
 * texts) into alerts, each written once by the key of its cause, and queues the fan-out of each on the
 * `alerts` queue, apart from ratings and averages. Dispatched twice, the same event finds the same alerts;
 * their fan-out inserts nothing twice.
 */
@Injectable()
export class AlertsConsumer implements DomainEventConsumer<AlertingEvent> {
  readonly name = 'alerts';
  readonly events = ['game.facts-changed', 'game.figures-changed', 'game.languages-changed'] as const;

  constructor(
    private readonly orm: MikroORM,
    private readonly gateway: JobGateway,
  ) {}

  async handle(event: DomainEventOf<AlertingEvent>): Promise<void> {
    const em = this.orm.em.fork();
    const alerts = em.getRepository(Alert);
    const game = await alerts.gameFacts(event.igdbId);
    if (!game) return;
    let wanted: NewAlert[];
    if (event.name === 'game.facts-changed') {
      if (event.changeId === undefined) return;
      const change = await em.getRepository(GameChange).findOne({ id: String(event.changeId) });
      if (!change) return;
      wanted = changeAlerts(change.id, event.igdbId, change.before, change.after, game.platforms);
    } else if (event.name === 'game.figures-changed') {
      wanted = firstVerdictAlerts(game, event);
    } else {
      wanted = spanishAlerts(game);
    }
    const recorded = await alerts.record(wanted);
    await this.gateway.enqueueMany(
      JobName.FanOutAlert,
      recorded.map(({ id }) => ({ alertId: id })),
    );
  }
}
