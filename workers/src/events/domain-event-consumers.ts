import type { Type } from '@nestjs/common';
import { AlertsConsumer } from './consumers/alerts.consumer.js';
import { CatalogueOrderingsConsumer } from './consumers/catalogue-orderings.consumer.js';
import { CdnPurgeConsumer } from './consumers/cdn-purge.consumer.js';
import { SearchFreshnessConsumer } from './consumers/search-freshness.consumer.js';
import { SimilarGamesConsumer } from './consumers/similar-games.consumer.js';
import type { DomainEventConsumer } from './domain-event-consumer.js';

/** Every consumer of domain events: a new one is a file in consumers/ and a line here. */
export const DOMAIN_EVENT_CONSUMERS: Type<DomainEventConsumer>[] = [
  CdnPurgeConsumer,
  SearchFreshnessConsumer,
  AlertsConsumer,
  SimilarGamesConsumer,
  CatalogueOrderingsConsumer,
];
