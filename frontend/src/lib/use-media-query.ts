import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, updated live; false where matchMedia is unavailable (tests). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const getSnapshot = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}

export const SMALL_SCREEN_QUERY = '(max-width: 899.98px)';
export const WIDE_NEWS_QUERY = '(min-width: 899px)';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
