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
