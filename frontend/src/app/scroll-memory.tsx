import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'veredicto:scroll';
/** How long Back waits for a page to grow tall enough to restore its position (data still arriving). */
const RESTORE_WAIT_MS = 1500;

/**
 * Whether the document was opened by Back/Forward or a reload. Opened by its address or a link, it starts
 * at its top even though React Router reports that first render as a 'POP' with the key 'default', which
 * every document opened in the tab shares.
 */
function documentCameFromHistory(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'back_forward' || entry?.type === 'reload';
}

/** A history entry's position is kept under its key and address: the first entry of every document is 'default'. */
function entryKey(location: { key: string; pathname: string; search: string }): string {
  return `${location.key} ${location.pathname}${location.search}`;
}

function readSaved(): Map<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    return new Map(Object.entries(saved).filter(([, top]) => Number.isFinite(top)));
  } catch {
    return new Map();
  }
}

/**
 * The scroll position of each history entry, as a browser keeps it for ordinary pages: Back and Forward
 * (and a reload) return to where the reader was; a new page starts at its top, or at its #anchor. The
 * positions live in memory, written to sessionStorage when the page is hidden, so a reload keeps them.
 */
export function ScrollMemory() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  const currentKey = useRef(entryKey(location));
  const firstRender = useRef(true);

  useEffect(() => {
    positions.current ??= readSaved();
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const remember = () => positions.current?.set(currentKey.current, window.scrollY);
    const persist = () => {
      remember();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(positions.current ?? [])));
      } catch {
        // Private mode or a full storage: the positions stay in memory.
      }
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= readSaved();
    currentKey.current = entryKey({
      key: location.key,
      pathname: location.pathname,
      search: location.search,
    });
    const fromHistory = navigationType === 'POP' && (!firstRender.current || documentCameFromHistory());
    firstRender.current = false;
    if (!fromHistory) {
      const target = location.hash
        ? document.getElementById(decodeURIComponent(location.hash.slice(1)))
        : null;
      if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
      return;
    }
    const top = positions.current.get(currentKey.current);
    if (top === undefined) return;
    // The page may still be loading what makes it tall: try again on each frame for a moment.
    const until = performance.now() + RESTORE_WAIT_MS;
    let frame = 0;
    const restore = () => {
      window.scrollTo(0, top);
      if (Math.abs(window.scrollY - top) > 1 && performance.now() < until) {
        frame = requestAnimationFrame(restore);
      }
    };
    restore();
    const stop = () => cancelAnimationFrame(frame);
    window.addEventListener('wheel', stop, { once: true, passive: true });
    window.addEventListener('touchstart', stop, { once: true, passive: true });
    return () => {
      stop();
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchstart', stop);
    };
  }, [location.key, location.pathname, location.search, location.hash, navigationType]);

  return null;
}
