/** Why a reader reports a player review (docs/CONTRACT.md §14), with what each reads as on screen. */
export const REPORT_REASON_LABELS = {
  spam: 'Spam o publicidad',
  offensive: 'Ofensiva o insultante',
  'off-topic': 'No habla del juego',
  spoiler: 'Spoilers sin avisar',
  other: 'Otro motivo',
} as const;
export type ReportReason = keyof typeof REPORT_REASON_LABELS;
export const REPORT_REASONS = Object.keys(REPORT_REASON_LABELS) as ReportReason[];

/** The body of POST /api/reviews/{id}/report. */
export interface ReviewReportBody {
  reason: ReportReason;
  note?: string;
}

/** Its answer: the report's id and the thanks the reader sees. */
export interface FiledReviewReport {
  id: number;
  message: string;
}

/** A moderator's decision on a reported review: `keep` leaves it published, `hide` takes it out. */
export const REPORT_ACTIONS = ['keep', 'hide'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** The body of POST /api/admin/reports/{id}; the answer repeats the action. */
export interface ReviewReportDecision {
  action: ReportAction;
  /** Sent to the author when the review is hidden. */
  reason: string;
}

/** How a game's player reviews are ordered: most helpful first (Wilson lower bound) or newest first. */
export const USER_REVIEW_SORTS = ['helpful', 'recent'] as const;
export type UserReviewSort = (typeof USER_REVIEW_SORTS)[number];
