// Moderation calls (docs/product/testimonials.md#calls) shared by the dashboard, the testimonials screen
// and the widget preview: the query options of the list and the stats, the
// status change, and the optimistic cache edits that make a status change show
// at once. Every list sits under the list contract's key prefix
// (`testimonialQueries.lists()`), so one invalidation refreshes lists, tab
// counts, the dashboard and the preview.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { WIDGET_PREVIEW_MAX_ITEMS } from '../../shared/constants';
import { getChecklist } from '../../shared/contracts/dashboard';
import {
  getTestimonialStats,
  listSubmissionBursts,
  listTestimonials,
  updateTestimonial,
} from '../../shared/contracts/testimonials';
import type {
  Testimonial,
  TestimonialList,
  TestimonialSort,
  TestimonialStatus,
} from '../../shared/schemas/testimonials';
import { call, contractQuery, keyOf } from './api';

const listsKey = [keyOf(listTestimonials)[0]] as const;
const statsKey = [keyOf(getTestimonialStats)[0]] as const;
const burstsKey = [keyOf(listSubmissionBursts)[0]] as const;
const checklistKey = keyOf(getChecklist);

export type StatusFilter = TestimonialStatus | 'all';

export type TestimonialListParams = {
  status?: StatusFilter;
  q?: string;
  page?: number;
  pageSize?: number;
  sort?: TestimonialSort;
  /** Exactly this many stars. */
  rating?: number;
  /** At least this many stars. */
  minRating?: number;
  /** UTC days, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
  /** One source, letter case aside; `form` for the public form's. */
  source?: string;
};

/** The query of a list: only the parameters that narrow it (no `all`, no first page, no empty search). */
export function testimonialListQuery(params: TestimonialListParams): TestimonialListParams {
  return {
    ...(params.status && params.status !== 'all' ? { status: params.status } : {}),
    ...(params.q ? { q: params.q } : {}),
    ...(params.page && params.page > 1 ? { page: params.page } : {}),
    ...(params.pageSize ? { pageSize: params.pageSize } : {}),
    ...(params.sort && params.sort !== 'newest' ? { sort: params.sort } : {}),
    ...(params.rating ? { rating: params.rating } : {}),
    ...(params.minRating ? { minRating: params.minRating } : {}),
    ...(params.from ? { from: params.from } : {}),
    ...(params.to ? { to: params.to } : {}),
    ...(params.source ? { source: params.source } : {}),
  };
}

const listQuery = (params: TestimonialListParams) =>
  contractQuery(listTestimonials, { query: testimonialListQuery(params) });

/** What the widget previews show (docs/product/testimonials.md#testimonials-screen): up to 6 approved, newest first. */
const widgetPreviewParams: TestimonialListParams = {
  status: 'approved',
  pageSize: WIDGET_PREVIEW_MAX_ITEMS,
};

export const testimonialQueries = {
  /** The prefix of every list: invalidate it to refresh lists, tab counts, the dashboard and the previews. */
  lists: () => listsKey,
  list: listQuery,
  /**
   * The approved testimonials of the widget preview: ONE cache entry, shared
   * by the dashboard's Live Widget Preview and the /widget preview.
   */
  widgetPreview: () => listQuery(widgetPreviewParams),
  stats: () => contractQuery(getTestimonialStats, {}),
  /** Bursts of submissions that still have pending rows (docs/decisions/0022): their counts follow moderation. */
  bursts: () => contractQuery(listSubmissionBursts, {}),
};

export function setTestimonialStatus(id: string, status: TestimonialStatus): Promise<Testimonial> {
  return call(updateTestimonial, { params: { id }, body: { status } });
}

/**
 * Refetches every list, the tab counts, the stats and the bursts' counts after any change, and the
 * first-week checklist, whose "approve" step an approval may check.
 */
export async function refreshTestimonials(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: listsKey }),
    queryClient.invalidateQueries({ queryKey: statsKey }),
    queryClient.invalidateQueries({ queryKey: burstsKey }),
    queryClient.invalidateQueries({ queryKey: checklistKey }),
  ]);
}

function isTestimonialList(data: unknown): data is TestimonialList {
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as { items?: unknown }).items) &&
    typeof (data as { counts?: unknown }).counts === 'object'
  );
}

/** The status filter a cached list was asked with ('all' when none). */
function filterOf(queryKey: QueryKey): StatusFilter {
  const params = queryKey[1];
  if (params && typeof params === 'object' && 'status' in params) {
    const status = (params as TestimonialListParams).status;
    if (status) return status;
  }
  return 'all';
}

/** `list` as it will be once `ids` have `status`: moved between counts, and out of other status filters. */
export function withStatus(
  list: TestimonialList,
  filter: StatusFilter,
  ids: ReadonlySet<string>,
  status: TestimonialStatus,
  now = new Date(),
): TestimonialList {
  const counts = { ...list.counts };
  let removed = 0;
  const items: Testimonial[] = [];
  for (const item of list.items) {
    if (!ids.has(item.id) || item.status === status) {
      items.push(item);
      continue;
    }
    counts[item.status] = Math.max(0, counts[item.status] - 1);
    counts[status] += 1;
    if (filter !== 'all' && filter !== status) {
      removed += 1;
      continue;
    }
    items.push({
      ...item,
      status,
      approvedAt: status === 'approved' ? (item.approvedAt ?? now.toISOString()) : null,
    });
  }
  return { ...list, items, counts, total: Math.max(0, list.total - removed) };
}

/** `list` without `ids`, counts and total adjusted. */
export function without(list: TestimonialList, ids: ReadonlySet<string>): TestimonialList {
  const counts = { ...list.counts };
  const items = list.items.filter((item) => {
    if (!ids.has(item.id)) return true;
    counts[item.status] = Math.max(0, counts[item.status] - 1);
    counts.all = Math.max(0, counts.all - 1);
    return false;
  });
  const removed = list.items.length - items.length;
  return { ...list, items, counts, total: Math.max(0, list.total - removed) };
}

export type ListSnapshot = Array<[QueryKey, unknown]>;

/**
 * Applies `change` to every cached list at once (after cancelling their
 * fetches, so an answer in flight cannot undo it) and returns what was there,
 * for `restoreLists` if the server says no.
 */
export async function editCachedLists(
  queryClient: QueryClient,
  change: (list: TestimonialList, filter: StatusFilter) => TestimonialList,
): Promise<ListSnapshot> {
  await queryClient.cancelQueries({ queryKey: listsKey });
  const snapshot = queryClient.getQueriesData({ queryKey: listsKey });
  for (const [queryKey, data] of snapshot) {
    if (isTestimonialList(data))
      queryClient.setQueryData(queryKey, change(data, filterOf(queryKey)));
  }
  return snapshot;
}

export function restoreLists(queryClient: QueryClient, snapshot: ListSnapshot | undefined): void {
  for (const [queryKey, data] of snapshot ?? []) queryClient.setQueryData(queryKey, data);
}
