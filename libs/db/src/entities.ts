// Each entity's file is exported (with what it defines beside the class) and its class registered below.
export * from './alerts/alert-settings.entity.js';
import { AlertSettings } from './alerts/alert-settings.entity.js';
export * from './alerts/alert.entity.js';
import { Alert } from './alerts/alert.entity.js';
export * from './alerts/game-change.entity.js';
import { GameChange } from './alerts/game-change.entity.js';
export * from './alerts/notification.entity.js';
import { Notification } from './alerts/notification.entity.js';
export * from './diary/diary-import.entity.js';
import { DiaryImport } from './diary/diary-import.entity.js';
export * from './diary/feed-entry.entity.js';
import { FeedEntry } from './diary/feed-entry.entity.js';
export * from './diary/game-status.entity.js';
import { GameStatus } from './diary/game-status.entity.js';
export * from './diary/play-session.entity.js';
import { PlaySession } from './diary/play-session.entity.js';
export * from './diary/user-follow.entity.js';
import { UserFollow } from './diary/user-follow.entity.js';
export * from './featured/featured-game.entity.js';
import { FeaturedGame } from './featured/featured-game.entity.js';
export * from './games/catalogue-ordering.entity.js';
import { CatalogueOrdering } from './games/catalogue-ordering.entity.js';
export * from './games/catalogue-ordering-mark.entity.js';
import { CatalogueOrderingMark } from './games/catalogue-ordering-mark.entity.js';
export * from './games/game.entity.js';
import { Game } from './games/game.entity.js';
export * from './games/removed-game.entity.js';
import { RemovedGame } from './games/removed-game.entity.js';
export * from './languages/game-language-change.entity.js';
import { GameLanguageChange } from './languages/game-language-change.entity.js';
export * from './languages/game-language.entity.js';
import { GameLanguage } from './languages/game-language.entity.js';
export * from './languages/language-report.entity.js';
import { LanguageReport } from './languages/language-report.entity.js';
export * from './lists/game-list-entry.entity.js';
import { GameListEntry } from './lists/game-list-entry.entity.js';
export * from './lists/game-list.entity.js';
import { GameList } from './lists/game-list.entity.js';
export * from './mail/mail-delivery.entity.js';
import { MailDelivery } from './mail/mail-delivery.entity.js';
export * from './meta/app-meta.entity.js';
import { AppMeta } from './meta/app-meta.entity.js';
export * from './news/news-article.entity.js';
import { NewsArticle } from './news/news-article.entity.js';
export * from './news/news-feed.entity.js';
import { NewsFeed } from './news/news-feed.entity.js';
export * from './outbox/outbox-message.entity.js';
import { OutboxMessage } from './outbox/outbox-message.entity.js';
export * from './outlets/outlet-game-score.entity.js';
import { OutletGameScore } from './outlets/outlet-game-score.entity.js';
export * from './outlets/outlet.entity.js';
import { Outlet } from './outlets/outlet.entity.js';
export * from './rate-limits/rate-limit.entity.js';
import { RateLimit } from './rate-limits/rate-limit.entity.js';
export * from './prices/price-alert.entity.js';
import { PriceAlert } from './prices/price-alert.entity.js';
export * from './prices/price-offer.entity.js';
import { PriceOffer } from './prices/price-offer.entity.js';
export * from './prices/price-run.entity.js';
import { PriceRun } from './prices/price-run.entity.js';
export * from './prices/price-snapshot.entity.js';
import { PriceSnapshot } from './prices/price-snapshot.entity.js';
export * from './prices/steam-spanish-reviews.entity.js';
import { SteamSpanishReviews } from './prices/steam-spanish-reviews.entity.js';
export * from './prices/game-store-id.entity.js';
import { GameStoreId } from './prices/game-store-id.entity.js';
export * from './prices/subscription-membership.entity.js';
import { SubscriptionMembership } from './prices/subscription-membership.entity.js';
export * from './ratings/rating.entity.js';
import { Rating } from './ratings/rating.entity.js';
export * from './ratings/unusual-activity-window.entity.js';
import { UnusualActivityWindow } from './ratings/unusual-activity-window.entity.js';
export * from './reviews/media-review.entity.js';
import { MediaReview } from './reviews/media-review.entity.js';
export * from './reviews/review-report.entity.js';
import { ReviewReport } from './reviews/review-report.entity.js';
export * from './reviews/review-vote.entity.js';
import { ReviewVote } from './reviews/review-vote.entity.js';
export * from './reviews/user-review.entity.js';
import { UserReview } from './reviews/user-review.entity.js';
export * from './scrapers/review-discovery.entity.js';
import { ReviewDiscovery } from './scrapers/review-discovery.entity.js';
export * from './scrapers/scraper-source.entity.js';
import { ScraperSource } from './scrapers/scraper-source.entity.js';
export * from './search/game-alias.entity.js';
import { GameAlias } from './search/game-alias.entity.js';
export * from './search/search-miss.entity.js';
import { SearchMiss } from './search/search-miss.entity.js';
export * from './search/search-word.entity.js';
import { SearchWord } from './search/search-word.entity.js';
export * from './similar/similar-game.entity.js';
import { SimilarGame } from './similar/similar-game.entity.js';
export * from './users/email-token.entity.js';
import { EmailToken } from './users/email-token.entity.js';
export * from './users/revoked-token.entity.js';
import { RevokedToken } from './users/revoked-token.entity.js';
export * from './users/user.entity.js';
import { User } from './users/user.entity.js';
export * from './time-to-beat/game-player-time.entity.js';
import { GamePlayerTime } from './time-to-beat/game-player-time.entity.js';
export * from './time-to-beat/game-time-to-beat.entity.js';
import { GameTimeToBeat } from './time-to-beat/game-time-to-beat.entity.js';

/**
 * Every entity, in one place: the ORM's metadata (ENTITIES) and the tables typed SQL may query (typed-sql.ts)
 * both come from here, so a new entity is one line in this object.
 */
export const ENTITY_CLASSES = {
  Alert,
  AlertSettings,
  AppMeta,
  CatalogueOrdering,
  CatalogueOrderingMark,
  DiaryImport,
  EmailToken,
  FeaturedGame,
  FeedEntry,
  Game,
  GameAlias,
  GameChange,
  GameLanguage,
  GamePlayerTime,
  GameTimeToBeat,
  GameLanguageChange,
  GameList,
  GameListEntry,
  GameStatus,
  LanguageReport,
  MailDelivery,
  MediaReview,
  NewsArticle,
  NewsFeed,
  Notification,
  OutboxMessage,
  Outlet,
  OutletGameScore,
  PlaySession,
  RateLimit,
  PriceAlert,
  PriceOffer,
  PriceRun,
  PriceSnapshot,
  SteamSpanishReviews,
  GameStoreId,
  SubscriptionMembership,
  Rating,
  RemovedGame,
  ReviewDiscovery,
  ReviewReport,
  ReviewVote,
  RevokedToken,
  ScraperSource,
  SearchMiss,
  SearchWord,
  SimilarGame,
  UnusualActivityWindow,
  User,
  UserFollow,
  UserReview,
} as const;

export const ENTITIES = Object.values(ENTITY_CLASSES);
