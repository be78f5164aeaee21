import { formatReleaseDate, type ReleaseDatePrecision } from './dates.js';

/**
 * Alerts of followed games (docs/CONTRACT.md §11): their kinds as stored and answered, the settings'
 * shape and the Spanish lines they say.
 */
export const ALERT_KINDS = [
  'release',
  'date-change',
  'new-platform',
  'critic-score',
  'spanish-press',
  'spanish',
  // Prices (docs/CONTRACT.md §20): only on prices we polled ourselves.
  'price-below',
  'historic-low',
  'subscription-in',
  'subscription-leaving',
] as const;

export type AlertKind = (typeof ALERT_KINDS)[number];

/** The settings' key of each kind (`kinds: { release, dateChange, … }`). */
export const ALERT_KIND_KEYS = {
  release: 'release',
  'date-change': 'dateChange',
  'new-platform': 'newPlatform',
  'critic-score': 'criticScore',
  'spanish-press': 'spanishPress',
  spanish: 'spanish',
  'price-below': 'priceBelow',
  'historic-low': 'historicLow',
  'subscription-in': 'subscriptionIn',
  'subscription-leaving': 'subscriptionLeaving',
} as const satisfies Record<AlertKind, string>;

export type AlertKindKey = (typeof ALERT_KIND_KEYS)[AlertKind];

/** What 'Mis plataformas' filters: a release, a date or a port (not verdicts nor languages). */
export const PLATFORM_FILTERED_KINDS: readonly AlertKind[] = ['release', 'date-change', 'new-platform'];

export const ALERT_EMAILS = ['immediate', 'daily', 'weekly', 'off'] as const;
export type AlertEmail = (typeof ALERT_EMAILS)[number];

export interface AlertSettingsBody {
  email: AlertEmail;
  kinds: Record<AlertKindKey, boolean>;
  platforms: string[];
}

export interface AlertSettingsResponse extends AlertSettingsBody {
  /** The private calendar feed (renewable). */
  calendarUrl: string;
}

export interface NotificationItem {
  id: number;
  kind: AlertKind;
  igdbID: number;
  slug: string;
  title: string;
  text: string;
  createdAt: string;
  readAt: string | null;
}

export interface NotificationsPage {
  content: NotificationItem[];
  unread: number;
}

/** The screen's name of each kind (settings page, digest). */
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  release: 'Sale hoy',
  'date-change': 'Cambios de fecha',
  'new-platform': 'Nuevas plataformas',
  'critic-score': 'Primera nota de la crítica',
  'spanish-press': 'Primera nota de la prensa española',
  spanish: 'Confirmado en castellano',
  'price-below': 'Por debajo de tu precio',
  'historic-low': 'Mínimo histórico',
  'subscription-in': 'Entra en una suscripción',
  'subscription-leaving': 'Sale de una suscripción',
};

/** A reader's price alert on one game (`PUT /api/user/alerts/games/{id}`), in cents of euro. */
export interface GamePriceAlertBody {
  priceBelow: number | null;
}

interface DatedFacts {
  releaseDate?: string | null;
  releaseDatePrecision?: ReleaseDatePrecision | null;
}

/**
 * The line of a date change: 'Retrasado: 14-03-2027 → 02-06-2027', 'Adelantado: …', 'Ya tiene fecha: …',
 * 'Nueva fecha: …' (same day, other precision), 'Sin fecha: ya no tiene fecha de salida'.
 */
export function dateChangeText(before: DatedFacts, after: DatedFacts): string {
  const from = formatReleaseDate(before.releaseDate, before.releaseDatePrecision);
  const to = formatReleaseDate(after.releaseDate, after.releaseDatePrecision);
  if (!after.releaseDate) return 'Sin fecha: ya no tiene fecha de salida';
  if (!before.releaseDate) return `Ya tiene fecha: ${to}`;
  if (after.releaseDate > before.releaseDate) return `Retrasado: ${from} → ${to}`;
  if (after.releaseDate < before.releaseDate) return `Adelantado: ${from} → ${to}`;
  return `Nueva fecha: ${from} → ${to}`;
}
