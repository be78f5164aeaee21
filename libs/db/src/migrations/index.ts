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
 * Every migration, in order. Listed explicitly (not found by a file glob) so the same code runs from
 * the TypeScript sources (tests) and from dist/. `migrations.js create` writes a new file: add it here.
 */
export const MIGRATIONS = [
  { name: 'Migration20261122035804_Initial', class: Migration20261122035804_Initial },
  { name: 'Migration20261124015707_SpanishContent', class: Migration20261124015707_SpanishContent },
  { name: 'Migration20261124015925_NewsDateUnknown', class: Migration20261124015925_NewsDateUnknown },
  { name: 'Migration20261124020151_SearchAliases', class: Migration20261124020151_SearchAliases },
  { name: 'Migration20261124020218_JobOutbox', class: Migration20261124020218_JobOutbox },
  { name: 'Migration20261124020418_AccountSessions', class: Migration20261124020418_AccountSessions },
  { name: 'Migration20261124025745_ScoresTrust', class: Migration20261124025745_ScoresTrust },
  { name: 'Migration20261125090000_SearchWords', class: Migration20261125090000_SearchWords },
  {
    name: 'Migration20261125100000_SearchWordsRowUpdates',
    class: Migration20261125100000_SearchWordsRowUpdates,
  },
  { name: 'Migration20261126090000_SearchVersion', class: Migration20261126090000_SearchVersion },
  { name: 'Migration20261127130000_Diary', class: Migration20261127130000_Diary },
  { name: 'Migration20261127140000_OutletPages', class: Migration20261127140000_OutletPages },
  { name: 'Migration20261127150000_ReviewTrust', class: Migration20261127150000_ReviewTrust },
  { name: 'Migration20261127160000_GameChanges', class: Migration20261127160000_GameChanges },
  { name: 'Migration20261127170000_GameLanguages', class: Migration20261127170000_GameLanguages },
  { name: 'Migration20261128100000_Alerts', class: Migration20261128100000_Alerts },
  { name: 'Migration20261128120000_SpanishFilters', class: Migration20261128120000_SpanishFilters },
  { name: 'Migration20261128120100_LanguageReports', class: Migration20261128120100_LanguageReports },
  { name: 'Migration20261128140000_SimilarGames', class: Migration20261128140000_SimilarGames },
  { name: 'Migration20261128110000_DiaryImports', class: Migration20261128110000_DiaryImports },
  {
    name: 'Migration20261128130000_UnusualRatingActivity',
    class: Migration20261128130000_UnusualRatingActivity,
  },
  {
    name: 'Migration20261129130000_DiscoveryPageIndexes',
    class: Migration20261129130000_DiscoveryPageIndexes,
  },
  { name: 'Migration20261129160000_ReviewDiscovery', class: Migration20261129160000_ReviewDiscovery },
  {
    name: 'Migration20261129140000_MatureGamesOneWishlist',
    class: Migration20261129140000_MatureGamesOneWishlist,
  },
  { name: 'Migration20261130100000_AddonGames', class: Migration20261130100000_AddonGames },
  {
    name: 'Migration20261130120000_FeedActivityMoments',
    class: Migration20261130120000_FeedActivityMoments,
  },
  {
    name: 'Migration20261130130000_BestOfRankedIndex',
    class: Migration20261130130000_BestOfRankedIndex,
  },
  {
    name: 'Migration20261201100000_FeedRecentMoments',
    class: Migration20261201100000_FeedRecentMoments,
  },
  {
    name: 'Migration20261201120000_CatalogueOrderings',
    class: Migration20261201120000_CatalogueOrderings,
  },
  {
    name: 'Migration20261201130000_FreshGamesAliasBump',
    class: Migration20261201130000_FreshGamesAliasBump,
  },
  {
    name: 'Migration20261202100000_FeedTimelines',
    class: Migration20261202100000_FeedTimelines,
  },
  {
    name: 'Migration20261203100000_CatalogueFilterIndexes',
    class: Migration20261203100000_CatalogueFilterIndexes,
  },
  {
    name: 'Migration20261204100000_CatalogueMemory',
    class: Migration20261204100000_CatalogueMemory,
  },
  {
    name: 'Migration20261205100000_RateLimits',
    class: Migration20261205100000_RateLimits,
  },
  {
    name: 'Migration20261207110000_CatalogueOrderingMarks',
    class: Migration20261207110000_CatalogueOrderingMarks,
  },
  {
    name: 'Migration20261207130000_TrustFourthRound',
    class: Migration20261207130000_TrustFourthRound,
  },
  {
    name: 'Migration20261207140000_FollowRequests',
    class: Migration20261207140000_FollowRequests,
  },
  {
    name: 'Migration20261207170000_Prices',
    class: Migration20261207170000_Prices,
  },
  {
    name: 'Migration20261207160000_TimeToBeat',
    class: Migration20261207160000_TimeToBeat,
  },
  {
    name: 'Migration20261207200000_SteamSpanishReviews',
    class: Migration20261207200000_SteamSpanishReviews,
  },
  {
    name: 'Migration20261207210000_GameStoreIds',
    class: Migration20261207210000_GameStoreIds,
  },
  {
    name: 'Migration20261207220000_GamePass',
    class: Migration20261207220000_GamePass,
  },
];
