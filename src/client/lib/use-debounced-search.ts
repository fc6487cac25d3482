// A list's search box (the moderation screen, the Requests screen): its text changes at every key, the
// list only once typing pauses. The pause ends with the screen as it is then:
// a filter chosen just before the first key (a tab clicked, then typing within
// the same frame) is kept, not undone by a search made with the list of the
// key press's render.
import { useEffect, useRef, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * `text` for the box and `change(value)` for its onChange; `onSearch` (as of
 * the latest render) gets the trimmed text `delay` ms after the last key,
 * unless it is the search `current`ly shown.
 */
export function useDebouncedSearch(
  current: string,
  onSearch: (q: string) => void,
  delay = SEARCH_DEBOUNCE_MS,
) {
  const [text, setText] = useState(current);
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef({ current, onSearch });
  useEffect(() => {
    latest.current = { current, onSearch };
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const change = (value: string) => {
    setText(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const trimmed = value.trim();
      if (trimmed !== latest.current.current) latest.current.onSearch(trimmed);
    }, delay);
  };

  return { text, change };
}

export type DebouncedSearch = ReturnType<typeof useDebouncedSearch>;
