import type { ImportScoreScale } from './import-scores.js';

/** A player's status for a game (docs/CONTRACT.md §12): the values of the API, the column and the import. */
export const PLAY_STATUSES = ['want', 'playing', 'completed', 'abandoned', 'shelved'] as const;
export type PlayStatus = (typeof PLAY_STATUSES)[number];

/** What each status reads as on screen. */
export const PLAY_STATUS_LABELS: Record<PlayStatus, string> = {
  want: 'Quiero jugarlo',
  playing: 'Jugando',
  completed: 'Completado',
  abandoned: 'Abandonado',
  shelved: 'En pausa',
};

/** Who may see a profile (docs/CONTRACT.md §12 and §18). */
export const PROFILE_VISIBILITIES = ['public', 'followers', 'private'] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];

/** A player's status for one game, with its hours (GET /api/user/games, PUT …/{igdbID}/status). */
export interface GameStatus {
  igdbID: number;
  title: string;
  slug: string;
  imageCover: string | null;
  status: PlayStatus;
  platform: string | null;
  /** yyyy-MM-dd. */
  startedAt: string | null;
  finishedAt: string | null;
  /** The hours given or, without them, the sum of the sessions (decimal). */
  hours: number;
  sessionHours: number;
  updatedAt: string;
}

/** The body of PUT /api/user/games/{igdbID}/status: dates yyyy-MM-dd, hours decimal (0-100000). */
export interface GameStatusBody {
  status: PlayStatus;
  platform?: string;
  startedAt?: string;
  finishedAt?: string;
  hours?: number;
}

/** The body of POST /api/user/games/{igdbID}/sessions: a day (yyyy-MM-dd) and 1-1440 minutes. */
export interface PlaySessionBody {
  date: string;
  minutes: number;
  platform?: string;
  note?: string;
}

/** One play session of a game (GET/POST /api/user/games/{igdbID}/sessions). */
export interface PlaySession {
  id: number;
  /** yyyy-MM-dd. */
  date: string;
  minutes: number;
  /** The minutes in hours (decimal). */
  hours: number;
  platform: string | null;
  note: string | null;
}

/** A profile's recent rating or review. */
export interface ProfileActivity {
  kind: 'rating' | 'review';
  igdbID: number;
  title: string;
  slug: string;
  score: number | null;
  review: string | null;
  createdAt: string;
}

/** One of a profile's lists, with its first games. */
export interface ProfileList {
  name: string;
  count: number;
  games: { igdbID: number; title: string; slug: string }[];
}

/** GET /api/users/{username}: a player's public profile (docs/CONTRACT.md §12). */
export interface Profile {
  username: string;
  joinedAt: string;
  counts: Record<PlayStatus | 'ratings' | 'reviews', number>;
  /** Hours played in all (decimal). */
  hours: number;
  /** Scores per ten: 0-9, 10-19… 90-100. */
  scoreHistogram: number[];
  recent: ProfileActivity[];
  lists: ProfileList[];
  visibility: ProfileVisibility;
  /** Whether the viewer follows this player. */
  following: boolean;
  own: boolean;
}

/** PUT /api/user/privacy: the body, and the answer. */
export interface PrivacySetting {
  profile: ProfileVisibility;
}

/**
 * PUT/GET/DELETE /api/users/{username}/follow: following a profile for followers is a request until its
 * owner approves it (docs/CONTRACT.md §18).
 */
export interface FollowAnswer {
  following: boolean;
  requested: boolean;
}

export interface FollowRequest {
  username: string;
  requestedAt: string;
}

export interface Follower {
  username: string;
  followedAt: string;
}

/** PUT /api/user/follow-requests/{username}. */
export interface FollowApproval {
  approved: true;
}

/** One entry of the feed of followed players. */
export interface FeedItem {
  id: string;
  kind: 'rating' | 'review' | 'status';
  username: string;
  igdbID: number;
  title: string;
  score?: number;
  status?: PlayStatus;
  createdAt: string;
}

/** GET /api/user/feed: `next` is the cursor of the following page, null at the end. */
export interface FeedPage {
  content: FeedItem[];
  next: string | null;
}

/** GET /api/user/circle/{igdbID}, 'Tu círculo': the followed players' average, shown from 3 of them. */
export interface CircleAverage {
  average: number | null;
  count: number;
}

/** A game completed in the year, with the player's hours and score. */
export interface YearCompletedGame {
  igdbID: number;
  title: string;
  slug: string;
  imageCover: string | null;
  /** yyyy-MM-dd. */
  completedOn: string;
  platform: string | null;
  hours: number;
  score: number | null;
}

export interface YearBestRated {
  igdbID: number;
  title: string;
  slug: string;
  score: number;
}

/** The games completed or played on a platform that year, and the hours. */
export interface YearPlatform {
  platform: string;
  games: number;
  hours: number;
}

/** GET /api/users/{username}/year/{year}: 'Tu año', one player's year in games. */
export interface YearInReview {
  username: string;
  year: number;
  /** Completed that year, the last first. */
  completed: YearCompletedGame[];
  hours: number;
  bestRated: YearBestRated[];
  platforms: YearPlatform[];
  visibility: ProfileVisibility;
  own: boolean;
  /** The picture link previews show; only for a public profile. */
  image: string | null;
}

/** Where an imported diary file comes from ('Tus datos'): Veredicto's own CSV or another site's export. */
export const DIARY_IMPORT_SOURCES = ['csv', 'backloggd', 'grouvee', 'steam'] as const;
export type DiaryImportSource = (typeof DIARY_IMPORT_SOURCES)[number];

/** `matching`: the job is finding the games; `ready`: waiting for the user; `done`: written. */
export const DIARY_IMPORT_STATES = ['matching', 'ready', 'done', 'failed'] as const;
export type DiaryImportState = (typeof DIARY_IMPORT_STATES)[number];

/** One row of an imported file and the games it may name. */
export interface ImportRow {
  /** The row's number in the file (the first data row is 1). */
  line: number;
  title: string;
  platform: string | null;
  status: PlayStatus | null;
  /** 0-100 on the detected scale. */
  rating: number | null;
  /** The score as the file wrote it ('8,5'), and how it maps ('8,5/10 → 85'). */
  ratingText: string | null;
  ratingMapping: string | null;
  hours: number | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** Why the row cannot be imported as it is. */
  problem: string | null;
  candidates: { igdbID: number; title: string; year: number | null }[];
}

/**
 * The body of POST /api/user/import/{id}/confirm: the user's picks (igdbID null leaves a row out) and, when
 * the preview asked it, the scale of the file's scores.
 */
export interface ImportConfirmation {
  choices?: { line: number; igdbID: number | null }[];
  ratingScale?: ImportScoreScale;
}

/** An import of a diary file (POST /api/user/import and what follows it). */
export interface DiaryImport {
  id: number;
  source: DiaryImportSource;
  /** The score column's scale; detected null: the user says which. */
  ratingScale: { detected: ImportScoreScale | null; options: ImportScoreScale[] };
  state: DiaryImportState;
  rows: number;
  matched: ImportRow[];
  ambiguous: ImportRow[];
  unmatched: ImportRow[];
  /** What the confirmation added. */
  result: { statuses: number; ratings: number } | null;
}
