import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { GameLanguage } from '@veredicto/db';
import type { DomainEventOf } from '@veredicto/jobs';
import type { DomainEventConsumer } from '../domain-event-consumer.js';

/** The changes the search index reads that games' search_version triggers cannot see. */
type UnseenByTriggers = 'game.languages-changed';

/**
 * Every API process's search index in memory reads the games whose games.search_version moved (see
 * SearchIndexStore): the `spanish` verdict it filters on is written with the language entries, so this
 * moves the game's version for it and each index reads the game again on its next search.
 */
@Injectable()
export class SearchFreshnessConsumer implements DomainEventConsumer<UnseenByTriggers> {
  readonly name = 'search-freshness';
  readonly events = ['game.languages-changed'] as const;

  constructor(private readonly orm: MikroORM) {}

  async handle({ igdbId }: DomainEventOf<UnseenByTriggers>): Promise<void> {
    await this.orm.em.fork().getRepository(GameLanguage).bumpSearchVersion([igdbId]);
  }
}
