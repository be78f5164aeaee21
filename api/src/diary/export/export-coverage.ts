/**
 * Which tables that reference a user the export holds, and which it leaves out and why (GDPR art. 20;
 * docs/CONTRACT.md §12 and §18; the same list, for people, in docs/API-CONTRACT.md "Export: what it holds
 * and what it leaves out"). test/integration/export-completeness walks the schema and fails on a table that
 * references users and is in neither list.
 */

/** Each exported table, and the section of `veredicto.json` its rows are in. */
export const EXPORTED_TABLES = {
  ratings: 'games',
  game_statuses: 'games',
  play_sessions: 'sessions',
  user_reviews: 'reviews',
  game_lists: 'lists',
  user_follows: 'following',
  alert_settings: 'alertSettings',
  price_alerts: 'priceAlerts',
  notifications: 'notifications',
  review_votes: 'helpfulVotes',
  review_reports: 'reviewReports',
  language_reports: 'languageReports',
  diary_imports: 'imports',
} as const satisfies Record<string, string>;

/** Tables that reference a user but hold nothing the user gave us, with the reason. */
export const NOT_PERSONAL_DATA: Readonly<Record<string, string>> = {
  email_tokens:
    'Hashes of one-use confirmation and password links: credentials that expire, not data the user gave.',
  feed_entries:
    "Copies of other readers' ratings, reviews and statuses fanned out to the reader's feed, rebuilt from " +
    'the authors’ own rows; the user’s own activity is exported from those rows.',
  rate_limits:
    'Counters of recent requests per address or account that expire within minutes; no user column, listed ' +
    'because its keys may name an account.',
  mail_deliveries:
    'One key per mail handed to SMTP, so a retried job does not mail twice; no user column and no content.',
};
