import type { ActivityCursor, ActivityKind } from '@veredicto/db';

const KINDS: readonly ActivityKind[] = ['rating', 'review', 'status'];
/** 9999-12-31T23:59:59.999999Z in microseconds since the epoch. */
const LAST_MICROS = 253_402_300_799_999_999n;

/** The cursor a feed page hands out: opaque to clients, base64url of "micros.kind.id". */
export function encodeFeedCursor(cursor: ActivityCursor): string {
  return Buffer.from(`${cursor.micros}.${cursor.kind}.${cursor.sourceId}`).toString('base64url');
}

/** The cursor back, or null when it is not one this API wrote. */
export function decodeFeedCursor(text: string): ActivityCursor | null {
  if (text.length > 100) return null;
  const match = /^(\d{1,19})\.([a-z]+)\.(\d{1,10})$/.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match || !KINDS.includes(match[2] as ActivityKind)) return null;
  const sourceId = Number(match[3]);
  if (sourceId > 2_147_483_647) return null;
  // Past the year 9999 no row has its moment (nor can the statement write it as a date).
  if (BigInt(match[1]) > LAST_MICROS) return null;
  return { micros: match[1], kind: match[2] as ActivityKind, sourceId };
}
