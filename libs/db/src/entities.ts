import { Alert } from './alerts/alert.entity.js';
import { AlertSettings } from './alerts/alert-settings.entity.js';
import { GameChange } from './alerts/game-change.entity.js';
import { Notification } from './alerts/notification.entity.js';
import { DiaryImport } from './diary/diary-import.entity.js';
import { GameStatus } from './diary/game-status.entity.js';
import { PlaySession } from './diary/play-session.entity.js';
import { FeedEntry } from './diary/feed-entry.entity.js';
import { UserFollow } from './diary/user-follow.entity.js';
import { FeaturedGame } from './featured/featured-game.entity.js';
import { CatalogueOrdering } from './games/catalogue-ordering.entity.js';
import { Game } from './games/game.entity.js';
import { GameAlias } from './search/game-alias.entity.js';
import { SearchMiss } from './search/search-miss.entity.js';
import { RemovedGame } from './games/removed-game.entity.js';
import { SearchWord } from './search/search-word.entity.js';
import { GameLanguage } from './languages/game-language.entity.js';
import { GameLanguageChange } from './languages/game-language-change.entity.js';
import { LanguageReport } from './languages/language-report.entity.js';
import { GameListEntry } from './lists/game-list-entry.entity.js';
import { GameList } from './lists/game-list.entity.js';
import { AppMeta } from './meta/app-meta.entity.js';
import { NewsArticle } from './news/news-article.entity.js';
import { NewsFeed } from './news/news-feed.entity.js';
import { OutboxMessage } from './outbox/outbox-message.entity.js';
import { Outlet } from './outlets/outlet.entity.js';
import { OutletGameScore } from './outlets/outlet-game-score.entity.js';
import { SimilarGame } from './similar/similar-game.entity.js';
import { Rating } from './ratings/rating.entity.js';
import { UnusualActivityWindow } from './ratings/unusual-activity-window.entity.js';
import { MediaReview } from './reviews/media-review.entity.js';
import { ReviewReport } from './reviews/review-report.entity.js';
import { ReviewVote } from './reviews/review-vote.entity.js';
import { UserReview } from './reviews/user-review.entity.js';
import { ReviewDiscovery } from './scrapers/review-discovery.entity.js';
import { ScraperSource } from './scrapers/scraper-source.entity.js';
import { EmailToken } from './users/email-token.entity.js';
import { RateLimit } from './rate-limits/rate-limit.entity.js';
import { RevokedToken } from './users/revoked-token.entity.js';
import { User } from './users/user.entity.js';
import { GamePlayerTime } from './time-to-beat/game-player-time.entity.js';
import { GameTimeToBeat } from './time-to-beat/game-time-to-beat.entity.js';

export const ENTITIES = [
  Alert,
  AlertSettings,
  AppMeta,
  CatalogueOrdering,
  EmailToken,
  FeaturedGame,
  Game,
  GameAlias,
  GameLanguage,
  GamePlayerTime,
  GameTimeToBeat,
  GameLanguageChange,
  LanguageReport,
  GameChange,
  GameList,
  DiaryImport,
  GameStatus,
  GameListEntry,
  MediaReview,
  Notification,
  NewsArticle,
  NewsFeed,
  Outlet,
  OutletGameScore,
  SimilarGame,
  OutboxMessage,
  PlaySession,
  Rating,
  ReviewReport,
  ReviewVote,
  RevokedToken,
  RateLimit,
  ReviewDiscovery,
  ScraperSource,
  UnusualActivityWindow,
  SearchMiss,
  SearchWord,
  RemovedGame,
  User,
  FeedEntry,
  UserFollow,
  UserReview,
];
