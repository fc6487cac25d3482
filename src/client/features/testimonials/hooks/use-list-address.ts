// Which list the moderation screen shows (status, search, sort, rating, date
// range, source, page) lives in the address, so a reload or a shared link shows the
// same list. Values the server would refuse are read as unset.
import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  dayFilter,
  listTestimonialsQuerySchema,
  testimonialSorts,
  testimonialStatuses,
  type TestimonialSort,
} from '../../../../shared/schemas/testimonials';
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

function readSort(value: string | null): TestimonialSort {
  return testimonialSorts.find((sort) => sort === value) ?? 'newest';
}

/** The rating filter: `5`…`1` for exactly that many stars, `4+` for four and up; '' for any. */
const ratingFilters = ['', '5', '4+', '4', '3', '2', '1'] as const;
export type RatingFilter = (typeof ratingFilters)[number];

function readRating(value: string | null): RatingFilter {
  return ratingFilters.find((rating) => rating === value) ?? '';
}

/** The API's `rating` / `minRating` for a rating filter. */
export function ratingQuery(rating: RatingFilter): { rating?: number; minRating?: number } {
  if (rating === '') return {};
  if (rating.endsWith('+')) return { minRating: Number(rating.slice(0, -1)) };
  return { rating: Number(rating) };
}

/** A day the server's schema accepts, else unset (`2025-02-30` would make the list fail). */
function readDay(value: string | null): string {
  const day = dayFilter.safeParse(value);
  return day.success ? day.data : '';
}

/** A source the server's schema accepts (`form`, or one of the business's sources), else unset. */
function readSource(value: string | null): string {
  const source = listTestimonialsQuerySchema.safeParse({ source: value ?? '' });
  return source.success ? (source.data.source ?? '') : '';
}

export type ListChanges = {
  status?: StatusFilter;
  q?: string;
  page?: number;
  sort?: TestimonialSort;
  rating?: RatingFilter;
  from?: string;
  to?: string;
  source?: string;
};

/** The list read from the address, and `show(changes)` to move to another list. */
export function useListAddress() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = readFilter(searchParams.get('status'));
  const q = searchParams.get('q') ?? '';
  const page = readPage(searchParams.get('page'));
  const sort = readSort(searchParams.get('sort'));
  const rating = readRating(searchParams.get('rating'));
  const from = readDay(searchParams.get('from'));
  const to = readDay(searchParams.get('to'));
  const source = readSource(searchParams.get('source'));

  /** Changes the list; anything else than the page starts again at page 1. */
  const show = (changes: ListChanges) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        const set = (key: string, value: string | null) =>
          value ? next.set(key, value) : next.delete(key);
        if (changes.status !== undefined)
          set('status', changes.status === 'all' ? null : changes.status);
        if (changes.q !== undefined) set('q', changes.q || null);
        if (changes.sort !== undefined)
          set('sort', changes.sort === 'newest' ? null : changes.sort);
        if (changes.rating !== undefined) set('rating', changes.rating || null);
        if (changes.from !== undefined) set('from', changes.from || null);
        if (changes.to !== undefined) set('to', changes.to || null);
        if (changes.source !== undefined) set('source', changes.source || null);
        const nextPage = changes.page ?? 1;
        set('page', nextPage > 1 ? String(nextPage) : null);
        return next;
      },
      // Typing a search should not fill the history with every pause.
      { replace: changes.q !== undefined },
    );
  };

  return { status, q, page, sort, rating, from, to, source, show };
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
