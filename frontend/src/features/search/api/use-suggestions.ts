import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { GameSuggestion } from '../../../lib/types';

const DEBOUNCE_MS = 150;
const MIN_LENGTH = 2;

/** Up to 8 games for what is being typed, asked once the typing pauses. */
export function useSuggestions(text: string) {
  const [debounced, setDebounced] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const key = debounced.length >= MIN_LENGTH ? apiPaths.games.suggest(debounced) : null;
  const { data } = useSWR<GameSuggestion[]>(key, { keepPreviousData: true });
  return debounced.length >= MIN_LENGTH ? (data ?? []) : [];
}
