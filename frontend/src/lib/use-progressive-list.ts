import { useDeferredValue } from 'react';

/**
 * The first `first` items at once and the whole list in a background (interruptible, time-sliced) render
 * right after, so a long list arriving does not block the main thread in one long task.
 */
export function useProgressiveList<T>(items: readonly T[], first = 8): readonly T[] {
  const deferredLength = useDeferredValue(items.length, Math.min(first, items.length));
  const shown = Math.max(deferredLength, Math.min(first, items.length));
  return shown >= items.length ? items : items.slice(0, shown);
}
