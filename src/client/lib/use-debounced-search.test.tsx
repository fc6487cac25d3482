// The search box's pause: the search goes to what the screen shows when the
// pause ends, not to what it showed at the key press. A filter chosen just
// before typing (a tab click, then a key within the same frame) must survive
// the search.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useDebouncedSearch } from './use-debounced-search';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useDebouncedSearch', () => {
  it('searches once typing pauses, with the trimmed text', () => {
    const onSearch = vi.fn();
    const { result } = renderHook(() => useDebouncedSearch('', onSearch));
    act(() => result.current.change(' sour'));
    act(() => result.current.change(' sourdough '));
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    });
    expect(onSearch).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('sourdough');
  });

  it('hands the search to the screen as it is when the pause ends', () => {
    const asTyped = vi.fn();
    const afterTabClick = vi.fn();
    const { result, rerender } = renderHook(
      ({ onSearch }: { onSearch: (q: string) => void }) => useDebouncedSearch('', onSearch),
      { initialProps: { onSearch: asTyped } },
    );
    act(() => result.current.change('sourdough'));
    // The screen rendered again (another filter) while the pause ran.
    rerender({ onSearch: afterTabClick });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(asTyped).not.toHaveBeenCalled();
    expect(afterTabClick).toHaveBeenCalledExactlyOnceWith('sourdough');
  });

  it('does not search again for the search already shown', () => {
    const onSearch = vi.fn();
    const { result } = renderHook(() => useDebouncedSearch('sourdough', onSearch));
    act(() => result.current.change('sourdough '));
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(onSearch).not.toHaveBeenCalled();
  });
});
