import type { Provider } from '@nestjs/common';
import type { WorkersConfig } from '@veredicto/config';
import { ALL_QUEUES, QueueName } from '@veredicto/jobs';
import { AlertFanOutService } from './alerts/alert-fan-out.service.js';
import { AlertsProcessor } from './alerts/alerts.processor.js';
import { FiguresReconciliationService } from './averages/figures-reconciliation.service.js';
import { GameFiguresService } from './averages/game-figures.service.js';
import { RecalculateAverageProcessor } from './averages/recalculate-average.processor.js';
import { UnusualActivityService } from './averages/unusual-activity.service.js';
import { MailService } from '@veredicto/mail';
import { CatalogueOrderingsService } from './catalogue/catalogue-orderings.service.js';
import { DiaryImportMatchingService } from './diary/diary-import-matching.service.js';
import { WorkerPageFetcher } from './common/page-fetcher.provider.js';
import { DomainEventDispatcher } from './events/domain-event-dispatcher.js';
import { DOMAIN_EVENT_CONSUMERS } from './events/domain-event-consumers.js';
import { EventsProcessor } from './events/events.processor.js';
import { MAIL_SENT_KEYS_PROVIDER } from './events/mail-sent-keys.js';
import { FeedPollingService } from './news/feed-polling.service.js';
import { NewsImportService } from './news/news-import.service.js';
import { NewsProcessor } from './news/news.processor.js';
import { CatalogueScrapingService } from './scraping/catalogue-scraping.service.js';
import { IgdbImportService } from './scraping/igdb-import.service.js';
import { ReviewDiscoveryService } from './scraping/review-discovery.service.js';
import { ReviewScrapingService } from './scraping/review-scraping.service.js';
import { ScrapingProcessor } from './scraping/scraping.processor.js';
import { PricePollService } from './prices/price-poll.service.js';
import { PricesProcessor } from './prices/prices.processor.js';
import { SimilarGamesService } from './similar/similar-games.service.js';
import { PlayerTimesService } from './diary/player-times.service.js';
import { GameTranslationService } from './translation/game-translation.service.js';
import { TranslationProcessor } from './translation/translation.processor.js';

/** What each queue family needs in a process that serves it (WORKER_QUEUES). */
export const QUEUE_FAMILIES: Record<QueueName, Provider[]> = {
  [QueueName.Averages]: [
    GameFiguresService,
    FiguresReconciliationService,
    UnusualActivityService,
    SimilarGamesService,
    PlayerTimesService,
    RecalculateAverageProcessor,
  ],
  [QueueName.News]: [WorkerPageFetcher, NewsImportService, FeedPollingService, NewsProcessor],
  [QueueName.Scraping]: [
    WorkerPageFetcher,
    ReviewScrapingService,
    IgdbImportService,
    CatalogueScrapingService,
    ReviewDiscoveryService,
    ScrapingProcessor,
  ],
  [QueueName.Translation]: [GameTranslationService, TranslationProcessor],
  [QueueName.Events]: [
    MAIL_SENT_KEYS_PROVIDER,
    MailService,
    ...DOMAIN_EVENT_CONSUMERS,
    DomainEventDispatcher,
    DiaryImportMatchingService,
    CatalogueOrderingsService,
    EventsProcessor,
  ],
  [QueueName.Alerts]: [AlertFanOutService, AlertsProcessor],
  [QueueName.Prices]: [PricePollService, PricesProcessor],
};

/** The processors of the families, for the code that walks the running workers. */
export const QUEUE_PROCESSORS = {
  [QueueName.Averages]: RecalculateAverageProcessor,
  [QueueName.News]: NewsProcessor,
  [QueueName.Scraping]: ScrapingProcessor,
  [QueueName.Translation]: TranslationProcessor,
  [QueueName.Events]: EventsProcessor,
  [QueueName.Alerts]: AlertsProcessor,
  [QueueName.Prices]: PricesProcessor,
} as const;

export const servedQueues = (config: WorkersConfig): QueueName[] =>
  config.WORKER_QUEUES.length ? (config.WORKER_QUEUES as QueueName[]) : [...ALL_QUEUES];
