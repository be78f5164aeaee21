import { Migration20261122035804_Initial } from './Migration20261122035804_Initial.js';
import { Migration20261124015707_SpanishContent } from './Migration20261124015707_SpanishContent.js';
import { Migration20261124015925_NewsDateUnknown } from './Migration20261124015925_NewsDateUnknown.js';
import { Migration20261124020151_SearchAliases } from './Migration20261124020151_SearchAliases.js';
import { Migration20261124020218_JobOutbox } from './Migration20261124020218_JobOutbox.js';
import { Migration20261124020418_AccountSessions } from './Migration20261124020418_AccountSessions.js';
import { Migration20261124025745_ScoresTrust } from './Migration20261124025745_ScoresTrust.js';
import { Migration20261125090000_SearchWords } from './Migration20261125090000_SearchWords.js';
import { Migration20261125100000_SearchWordsRowUpdates } from './Migration20261125100000_SearchWordsRowUpdates.js';
import { Migration20261126090000_SearchVersion } from './Migration20261126090000_SearchVersion.js';
import { Migration20261127130000_Diary } from './Migration20261127130000_Diary.js';
import { Migration20261127140000_OutletPages } from './Migration20261127140000_OutletPages.js';
import { Migration20261127150000_ReviewTrust } from './Migration20261127150000_ReviewTrust.js';
import { Migration20261127160000_GameChanges } from './Migration20261127160000_GameChanges.js';
import { Migration20261127170000_GameLanguages } from './Migration20261127170000_GameLanguages.js';
import { Migration20261128100000_Alerts } from './Migration20261128100000_Alerts.js';
import { Migration20261128120000_SpanishFilters } from './Migration20261128120000_SpanishFilters.js';
import { Migration20261128120100_LanguageReports } from './Migration20261128120100_LanguageReports.js';
import { Migration20261128140000_SimilarGames } from './Migration20261128140000_SimilarGames.js';
import { Migration20261128110000_DiaryImports } from './Migration20261128110000_DiaryImports.js';
import { Migration20261128130000_UnusualRatingActivity } from './Migration20261128130000_UnusualRatingActivity.js';
import { Migration20261129130000_DiscoveryPageIndexes } from './Migration20261129130000_DiscoveryPageIndexes.js';
import { Migration20261129160000_ReviewDiscovery } from './Migration20261129160000_ReviewDiscovery.js';
import { Migration20261129140000_MatureGamesOneWishlist } from './Migration20261129140000_MatureGamesOneWishlist.js';
import { Migration20261130100000_AddonGames } from './Migration20261130100000_AddonGames.js';
import { Migration20261130120000_FeedActivityMoments } from './Migration20261130120000_FeedActivityMoments.js';
import { Migration20261130130000_BestOfRankedIndex } from './Migration20261130130000_BestOfRankedIndex.js';
import { Migration20261201100000_FeedRecentMoments } from './Migration20261201100000_FeedRecentMoments.js';
import { Migration20261201120000_CatalogueOrderings } from './Migration20261201120000_CatalogueOrderings.js';
import { Migration20261201130000_FreshGamesAliasBump } from './Migration20261201130000_FreshGamesAliasBump.js';
import { Migration20261202100000_FeedTimelines } from './Migration20261202100000_FeedTimelines.js';
import { Migration20261204100000_CatalogueMemory } from './Migration20261204100000_CatalogueMemory.js';
import { Migration20261207170000_Prices } from './Migration20261207170000_Prices.js';
import { Migration20261205100000_RateLimits } from './Migration20261205100000_RateLimits.js';
import { Migration20261207110000_CatalogueOrderingMarks } from './Migration20261207110000_CatalogueOrderingMarks.js';
import { Migration20261207130000_TrustFourthRound } from './Migration20261207130000_TrustFourthRound.js';
import { Migration20261207140000_FollowRequests } from './Migration20261207140000_FollowRequests.js';
import { Migration20261207160000_TimeToBeat } from './Migration20261207160000_TimeToBeat.js';
import { Migration20261207200000_SteamSpanishReviews } from './Migration20261207200000_SteamSpanishReviews.js';
import { Migration20261207210000_GameStoreIds } from './Migration20261207210000_GameStoreIds.js';
import { Migration20261207220000_GamePass } from './Migration20261207220000_GamePass.js';
import { Migration20261203100000_CatalogueFilterIndexes } from './Migration20261203100000_CatalogueFilterIndexes.js';

/**
 * Every migration, in order, each under its class's name (the name the migrations table records). Listed
 * explicitly (not found by a file glob) so the same code runs from the TypeScript sources (tests) and from
 * dist/. `migrations.js create` writes a new file: import it above and add its class here.
 */
export const MIGRATIONS = [
  Migration20261122035804_Initial,
  Migration20261124015707_SpanishContent,
  Migration20261124015925_NewsDateUnknown,
  Migration20261124020151_SearchAliases,
  Migration20261124020218_JobOutbox,
  Migration20261124020418_AccountSessions,
  Migration20261124025745_ScoresTrust,
  Migration20261125090000_SearchWords,
  Migration20261125100000_SearchWordsRowUpdates,
  Migration20261126090000_SearchVersion,
  Migration20261127130000_Diary,
  Migration20261127140000_OutletPages,
  Migration20261127150000_ReviewTrust,
  Migration20261127160000_GameChanges,
  Migration20261127170000_GameLanguages,
  Migration20261128100000_Alerts,
  Migration20261128120000_SpanishFilters,
  Migration20261128120100_LanguageReports,
  Migration20261128140000_SimilarGames,
  Migration20261128110000_DiaryImports,
  Migration20261128130000_UnusualRatingActivity,
  Migration20261129130000_DiscoveryPageIndexes,
  Migration20261129160000_ReviewDiscovery,
  Migration20261129140000_MatureGamesOneWishlist,
  Migration20261130100000_AddonGames,
  Migration20261130120000_FeedActivityMoments,
  Migration20261130130000_BestOfRankedIndex,
  Migration20261201100000_FeedRecentMoments,
  Migration20261201120000_CatalogueOrderings,
  Migration20261201130000_FreshGamesAliasBump,
  Migration20261202100000_FeedTimelines,
  Migration20261203100000_CatalogueFilterIndexes,
  Migration20261204100000_CatalogueMemory,
  Migration20261205100000_RateLimits,
  Migration20261207110000_CatalogueOrderingMarks,
  Migration20261207130000_TrustFourthRound,
  Migration20261207140000_FollowRequests,
  Migration20261207170000_Prices,
  Migration20261207160000_TimeToBeat,
  Migration20261207200000_SteamSpanishReviews,
  Migration20261207210000_GameStoreIds,
  Migration20261207220000_GamePass,
].map((migration) => ({ name: migration.name, class: migration }));
