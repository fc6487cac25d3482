// /testimonials (SPEC §2 "Testimonials screen"): filter tabs with counts, a
// search over author, text and tags, paged cards with their actions, bulk
// actions on a selection, and CSV/JSON export. Filter, search and page live in
// the address, so a reload or a shared link shows the same list.
import { Download, Search, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  testimonialStatuses,
  TESTIMONIAL_LIMITS,
  type TestimonialCounts,
} from '../../../shared/schemas/testimonials';
import { isSessionEndedError, useSessionEnded } from '../../components/session-expired';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { productName } from '../../lib/product';
import type { StatusFilter } from '../../lib/testimonials';
import { useTestimonialList } from './api';
import { BulkBar } from './components/bulk-bar';
import { Pagination } from './components/pagination';
import { TestimonialCard } from './components/testimonial-card';

const PAGE_SIZE = 10;
const SEARCH_DEBOUNCE_MS = 300;
const filters: StatusFilter[] = ['all', ...testimonialStatuses];
const filterNames: Record<StatusFilter, string> = {
  all: 'All',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

function readFilter(value: string | null): StatusFilter {
  return filters.find((filter) => filter === value) ?? 'all';
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

function tabLabel(filter: StatusFilter, counts: TestimonialCounts | undefined): string {
  if (filter === 'all' || !counts) return filterNames[filter];
  return `${filterNames[filter]} (${counts[filter]})`;
}

export function emptyMessage(filter: StatusFilter): string {
  return filter === 'all' ? 'No testimonials found' : `No ${filter} testimonials found`;
}

export function TestimonialsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = readFilter(searchParams.get('status'));
  const q = searchParams.get('q') ?? '';
  const page = readPage(searchParams.get('page'));
  const list = useTestimonialList({ status, q, page, pageSize: PAGE_SIZE });
  const data = list.data;
  const endSession = useSessionEnded();

  /** Changes filter, search or page; anything else than the page starts again at page 1. */
  const show = (changes: { status?: StatusFilter; q?: string; page?: number }) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        const set = (key: string, value: string | null) =>
          value ? next.set(key, value) : next.delete(key);
        if (changes.status !== undefined) set('status', changes.status === 'all' ? null : changes.status);
        if (changes.q !== undefined) set('q', changes.q || null);
        const nextPage = changes.page ?? 1;
        set('page', nextPage > 1 ? String(nextPage) : null);
        return next;
      },
      { replace: changes.q !== undefined },
    );
  };

  // The search box updates the list once typing pauses.
  const [searchText, setSearchText] = useState(q);
  const searchTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(searchTimer.current), []);
  const onSearchChange = (value: string) => {
    setSearchText(value);
    window.clearTimeout(searchTimer.current);
    searchTimer.current = window.setTimeout(() => {
      const trimmed = value.trim();
      if (trimmed !== q) show({ q: trimmed });
    }, SEARCH_DEBOUNCE_MS);
  };

  // A selection belongs to the list it was made on.
  const scope = `${status}|${q}|${page}`;
  const [selection, setSelection] = useState<{ scope: string; ids: Set<string> }>({
    scope,
    ids: new Set(),
  });
  const items = data?.items ?? [];
  const selectedIds =
    selection.scope === scope ? items.filter((item) => selection.ids.has(item.id)).map((item) => item.id) : [];
  const select = (ids: string[], on: boolean) =>
    setSelection((current) => {
      const next = new Set(current.scope === scope ? current.ids : []);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return { scope, ids: next };
    });
  const clearSelection = () => setSelection({ scope, ids: new Set() });
  const allOnPage = items.length > 0 && selectedIds.length === items.length;

  const pageCount = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  // After deletions the last page may be gone: show the new last one.
  const pastEnd = data !== undefined && !list.isPlaceholderData && page > pageCount;
  useEffect(() => {
    if (pastEnd) show({ page: pageCount });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the page falls off the end
  }, [pastEnd, pageCount]);

  const unauthorized = list.isError && isSessionEndedError(list.error);
  useEffect(() => {
    if (unauthorized) endSession('page');
  }, [unauthorized, endSession]);

  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{`Testimonials · ${productName}`}</title>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-extrabold tracking-tight outline-none">
              Testimonials
            </h1>
            {data ? (
              <span className="rounded-full bg-accent px-2.5 py-1 text-sm font-semibold text-accent-foreground">
                {data.counts.all} total
              </span>
            ) : list.isPending ? (
              <Skeleton className="h-7 w-16 rounded-full" />
            ) : null}
          </div>
          <p className="mt-2 text-pretty text-muted-foreground">
            Approve what your widget shows, edit details, and keep your collection tidy.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <a href="/api/testimonials/export.csv" download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
          <Button asChild variant="outline" size="sm">
            <a href="/api/testimonials/export.json" download>
              <Download aria-hidden="true" />
              Export JSON
            </a>
          </Button>
        </div>
      </header>

      <Tabs
        value={status}
        onValueChange={(value) => show({ status: readFilter(value) })}
        className="mt-8"
        activationMode="manual"
      >
        <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <TabsList
            aria-label="Filter by status"
            className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto"
          >
            {filters.map((filter) => (
              <TabsTrigger key={filter} value={filter} className="tabular-nums">
                {tabLabel(filter, data?.counts)}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="relative w-full md:max-w-xs">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <label htmlFor="testimonial-search" className="sr-only">
              Search testimonials
            </label>
            <Input
              id="testimonial-search"
              type="search"
              value={searchText}
              onChange={(event) => onSearchChange(event.target.value)}
              placeholder="Search by author, text or tag"
              maxLength={TESTIMONIAL_LIMITS.listQueryMax}
              className="pl-9"
            />
          </div>
        </div>

        {filters.map((filter) => (
          <TabsContent key={filter} value={filter} className="mt-6 focus-visible:outline-offset-4">
            {list.isPending ? (
              <ListSkeleton />
            ) : list.isError && !data ? (
              <LoadError unauthorized={unauthorized} onRetry={() => void list.refetch()} />
            ) : items.length === 0 ? (
              <div className="rounded-2xl border border-dashed border-border bg-card px-6 py-16 text-center">
                <p className="font-semibold">{emptyMessage(filter)}</p>
                <p className="mt-1 text-sm text-muted-foreground">
                  {q
                    ? 'Try a different search.'
                    : filter === 'all' || filter === 'pending'
                      ? 'Share your collection link to start collecting testimonials.'
                      : 'Testimonials show up here once you moderate them.'}
                </p>
              </div>
            ) : (
              <div className="grid gap-4" aria-busy={list.isFetching || undefined}>
                <div className="flex items-center gap-3 px-1">
                  <Checkbox
                    id="select-all"
                    checked={allOnPage ? true : selectedIds.length > 0 ? 'indeterminate' : false}
                    onCheckedChange={(checked) =>
                      select(
                        items.map((item) => item.id),
                        checked === true,
                      )
                    }
                  />
                  <label htmlFor="select-all" className="text-sm font-medium">
                    Select all on this page
                  </label>
                  <span className="ml-auto text-sm text-muted-foreground">
                    {data ? `${data.total} ${data.total === 1 ? 'result' : 'results'}` : null}
                  </span>
                </div>
                <ul className="grid gap-4">
                  {items.map((testimonial) => (
                    <li key={testimonial.id}>
                      <TestimonialCard
                        testimonial={testimonial}
                        selected={selectedIds.includes(testimonial.id)}
                        onSelectedChange={(on) => select([testimonial.id], on)}
                        onDeleted={() => headingRef.current?.focus()}
                      />
                    </li>
                  ))}
                </ul>
                <Pagination
                  page={Math.min(page, pageCount)}
                  pageCount={pageCount}
                  onPageChange={(next) => {
                    show({ page: next });
                    headingRef.current?.scrollIntoView({ block: 'start' });
                  }}
                />
                {selectedIds.length > 0 ? (
                  <BulkBar ids={selectedIds} onDone={clearSelection} onClear={clearSelection} />
                ) : null}
              </div>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading testimonials" className="grid gap-4">
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="grid gap-3 rounded-2xl border border-border bg-card p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-11 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-24" />
            </div>
          </div>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ))}
    </div>
  );
}

function LoadError({ unauthorized, onRetry }: { unauthorized: boolean; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-3 rounded-2xl border border-border bg-card px-6 py-12 text-center"
    >
      <TriangleAlert className="size-6 text-destructive dark:text-red-400" aria-hidden="true" />
      <p className="font-semibold">
        {unauthorized ? 'Your session has ended.' : "We couldn't load your testimonials."}
      </p>
      {unauthorized ? null : (
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
