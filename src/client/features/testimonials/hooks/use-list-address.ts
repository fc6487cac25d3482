// Which list the moderation screen shows (filter, search, page) lives in the
// address, so a reload or a shared link shows the same list.
import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router';
import { testimonialStatuses } from '../../../../shared/schemas/testimonials';
import type { StatusFilter } from '../../../lib/testimonials';

export const statusFilters: readonly StatusFilter[] = ['all', ...testimonialStatuses];

/** The filter named by `value`; anything unknown is 'all'. */
export function readFilter(value: string | null): StatusFilter {
  return statusFilters.find((filter) => filter === value) ?? 'all';
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

export type ListChanges = { status?: StatusFilter; q?: string; page?: number };

/** `status`, `q` and `page` read from the address, and `show(changes)` to move to another list. */
export function useListAddress() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = readFilter(searchParams.get('status'));
  const q = searchParams.get('q') ?? '';
  const page = readPage(searchParams.get('page'));

  /** Changes filter, search or page; anything else than the page starts again at page 1. */
  const show = (changes: ListChanges) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        const set = (key: string, value: string | null) =>
          value ? next.set(key, value) : next.delete(key);
        if (changes.status !== undefined)
          set('status', changes.status === 'all' ? null : changes.status);
        if (changes.q !== undefined) set('q', changes.q || null);
        const nextPage = changes.page ?? 1;
        set('page', nextPage > 1 ? String(nextPage) : null);
        return next;
      },
      // Typing a search should not fill the history with every pause.
      { replace: changes.q !== undefined },
    );
  };

  return { status, q, page, show };
}

/**
 * After deletions the page in the address may be past the end: show the new
 * last page. `settled` is false while the answer is missing or a placeholder
 * (the previous list), whose total says nothing about this page.
 */
export function usePageRepair({
  page,
  pageCount,
  settled,
  show,
}: {
  page: number;
  pageCount: number;
  settled: boolean;
  show: (changes: ListChanges) => void;
}) {
  const pastEnd = settled && page > pageCount;
  const goToLastPage = useEffectEvent(() => show({ page: pageCount }));
  useEffect(() => {
    if (pastEnd) goToLastPage();
  }, [pastEnd, pageCount]);
}
