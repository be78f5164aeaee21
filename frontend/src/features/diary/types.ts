import type { ImportScoreScale, PlayStatus, ProfileVisibility } from '@veredicto/contract';

export {
  PLAY_STATUSES,
  PLAY_STATUS_LABELS as STATUS_LABELS,
  type PlayStatus,
  type ProfileVisibility,
} from '@veredicto/contract';

export interface GameStatus {
  igdbID: number;
  title: string;
  slug: string;
  imageCover: string | null;
  status: PlayStatus;
  platform: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  hours: number;
  sessionHours: number;
  updatedAt: string;
}

export interface PlaySession {
  id: number;
  date: string;
  minutes: number;
  hours: number;
  platform: string | null;
  note: string | null;
}

export interface Profile {
  username: string;
  joinedAt: string;
  counts: Record<PlayStatus | 'ratings' | 'reviews', number>;
  hours: number;
  scoreHistogram: number[];
  recent: {
    kind: 'rating' | 'review';
    igdbID: number;
    title: string;
    slug: string;
    score: number | null;
    review: string | null;
    createdAt: string;
  }[];
  lists: { name: string; count: number; games: { igdbID: number; title: string; slug: string }[] }[];
  visibility: ProfileVisibility;
  following: boolean;
  own: boolean;
}

/** 'Tu año': one user's year in games. */
export interface YearInReview {
  username: string;
  year: number;
  completed: {
    igdbID: number;
    title: string;
    slug: string;
    imageCover: string | null;
    completedOn: string;
    platform: string | null;
    hours: number;
    score: number | null;
  }[];
  hours: number;
  bestRated: { igdbID: number; title: string; slug: string; score: number }[];
  platforms: { platform: string; games: number; hours: number }[];
  visibility: ProfileVisibility;
  own: boolean;
  /** The picture link previews show; only for a public profile. */
  image: string | null;
}

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

export interface FeedPage {
  content: FeedItem[];
  next: string | null;
}

/** Decimal hours as a Spanish reader writes them: 1,5 h. */
export const formatHours = (hours: number) =>
  `${hours.toLocaleString('es-ES', { maximumFractionDigits: 2 })} h`;

export type ImportSource = 'csv' | 'backloggd' | 'grouvee' | 'steam';

export interface ImportRow {
  line: number;
  title: string;
  platform: string | null;
  status: PlayStatus | null;
  rating: number | null;
  /** The score as the file wrote it ('8,5'), and how it maps ('8,5/10 → 85'). */
  ratingText: string | null;
  ratingMapping: string | null;
  hours: number | null;
  startedAt: string | null;
  finishedAt: string | null;
  problem: string | null;
  candidates: { igdbID: number; title: string; year: number | null }[];
}

export interface DiaryImport {
  id: number;
  source: ImportSource;
  /** The score column's scale; detected null: the user says which. */
  ratingScale: { detected: ImportScoreScale | null; options: ImportScoreScale[] };
  state: 'matching' | 'ready' | 'done' | 'failed';
  rows: number;
  matched: ImportRow[];
  ambiguous: ImportRow[];
  unmatched: ImportRow[];
  result: { statuses: number; ratings: number } | null;
}
