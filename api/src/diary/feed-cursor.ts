import type { ActivityCursor, ActivityKind } from '@veredicto/db';

const KINDS: readonly ActivityKind[] = ['rating', 'review', 'status'];

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
  return { micros: match[1], kind: match[2] as ActivityKind, sourceId };
}
