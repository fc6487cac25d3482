// "Your requests" (docs/product/requests.md#the-requests-screen): the totals by status, which are
// also the status filter, a search, and the list newest first, a page at a
// time ("Load more"). On a phone each request is a stacked row.
import { Inbox, Search } from 'lucide-react';
import { Link } from 'react-router';
import {
  requestStatuses,
  type RequestPage,
  type RequestStatus,
  type ReviewRequest,
} from '../../../../shared/schemas/requests';
import { CardEmpty, CardLoadError } from '../../../components/page-states';
import { SettingsSection } from '../../../components/settings-section';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import type { DebouncedSearch } from '../../../lib/use-debounced-search';
import { cn } from '../../../lib/utils';
import type { useRequestList } from '../api';
import { STATUS_HINT, STATUS_LABEL, TEXT } from '../texts';

const statusTone: Record<RequestStatus, string> = {
  queued:
    'bg-slate-100 text-slate-800 ring-slate-500/20 dark:bg-slate-400/15 dark:text-slate-200 dark:ring-slate-400/25',
  sent: 'bg-sky-100 text-sky-900 ring-sky-600/20 dark:bg-sky-400/15 dark:text-sky-200 dark:ring-sky-400/25',
  clicked:
    'bg-amber-100 text-amber-900 ring-amber-600/20 dark:bg-amber-400/15 dark:text-amber-200 dark:ring-amber-400/25',
  submitted:
    'bg-emerald-100 text-emerald-900 ring-emerald-600/20 dark:bg-emerald-400/15 dark:text-emerald-200 dark:ring-emerald-400/25',
  unsubscribed:
    'bg-zinc-200 text-zinc-800 ring-zinc-500/20 dark:bg-zinc-400/15 dark:text-zinc-200 dark:ring-zinc-400/25',
  bounced:
    'bg-red-100 text-red-900 ring-red-600/20 dark:bg-red-400/15 dark:text-red-200 dark:ring-red-400/25',
  failed:
    'bg-red-100 text-red-900 ring-red-600/20 dark:bg-red-400/15 dark:text-red-200 dark:ring-red-400/25',
};

function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        statusTone[status],
      )}
    >
      <span className="sr-only">Status: </span>
      {STATUS_LABEL[status]}
    </span>
  );
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

export function RequestList({
  list,
  status,
  search,
  onStatus,
  sessionEnded,
}: {
  list: ReturnType<typeof useRequestList>;
  status: RequestStatus | undefined;
  search: DebouncedSearch;
  onStatus: (status: RequestStatus | undefined) => void;
  sessionEnded: boolean;
}) {
  const pages = list.data?.pages;
  const totals = pages?.at(-1)?.totals;
  const requests = pages?.flatMap((page) => page.data) ?? [];
  const everTotal = totals ? requestStatuses.reduce((sum, s) => sum + totals[s], 0) : 0;
  const filtered = status !== undefined || search.text.trim() !== '';

  return (
    <SettingsSection id="request-list" title={TEXT.listTitle} description={TEXT.listDescription}>
      {list.isPending || sessionEnded ? (
        <div role="status" aria-label="Loading requests" className="grid gap-3">
          <Skeleton className="h-16 w-full" />
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-12 w-full" />
          ))}
        </div>
      ) : list.isError && !pages ? (
        <CardLoadError what="your requests" onRetry={() => void list.refetch()} />
      ) : everTotal === 0 && !filtered ? (
        <EmptyState />
      ) : (
        <div className="grid gap-4">
          <Totals totals={totals} all={everTotal} status={status} onStatus={onStatus} />
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label={TEXT.searchLabel}
              placeholder={TEXT.searchPlaceholder}
              value={search.text}
              onChange={(event) => search.change(event.target.value)}
              className="h-11 pl-9"
            />
          </div>
          {requests.length === 0 ? (
            <CardEmpty title={TEXT.noMatchTitle}>{TEXT.noMatchText}</CardEmpty>
          ) : (
            <Rows requests={requests} />
          )}
          {list.hasNextPage ? (
            <Button
              variant="outline"
              className="justify-self-center"
              pending={list.isFetchingNextPage}
              pendingText={TEXT.loadingMore}
              onClick={() => void list.fetchNextPage()}
            >
              {TEXT.loadMore}
            </Button>
          ) : null}
        </div>
      )}
    </SettingsSection>
  );
}

function EmptyState() {
  return (
    <div className="grid justify-items-center gap-2 rounded-xl border border-dashed border-border px-4 py-8 text-center">
      <span className="flex size-11 items-center justify-center rounded-xl bg-accent text-brand-text">
        <Inbox className="size-5" aria-hidden="true" />
      </span>
      <p className="font-medium">{TEXT.emptyTitle}</p>
      <p className="max-w-prose text-pretty text-sm text-muted-foreground">{TEXT.emptyText}</p>
      <Button asChild className="mt-2">
        <a href="#ask-customers">{TEXT.askTitle}</a>
      </Button>
    </div>
  );
}

/** The totals, each a toggle that filters the list to its status ("All" clears it). */
function Totals({
  totals,
  all,
  status,
  onStatus,
}: {
  totals: RequestPage['totals'] | undefined;
  /** Every request, whatever its status. */
  all: number;
  status: RequestStatus | undefined;
  onStatus: (status: RequestStatus | undefined) => void;
}) {
  const base =
    'grid min-h-11 gap-0.5 rounded-xl border px-3 py-2 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
  const tone = (active: boolean) =>
    active
      ? 'border-primary bg-accent text-accent-foreground'
      : 'border-border bg-card hover:bg-muted';
  return (
    <div
      role="group"
      aria-label={TEXT.filterLabel}
      className="grid grid-cols-2 gap-2 sm:grid-cols-4"
    >
      <button
        type="button"
        aria-pressed={status === undefined}
        className={cn(base, tone(status === undefined))}
        onClick={() => onStatus(undefined)}
      >
        <span className="text-xs font-medium text-muted-foreground">{TEXT.allFilter}</span>
        <span className="text-lg font-bold tabular-nums">{all}</span>
      </button>
      {requestStatuses.map((each) => (
        <button
          key={each}
          type="button"
          aria-pressed={status === each}
          title={STATUS_HINT[each]}
          className={cn(base, tone(status === each))}
          onClick={() => onStatus(status === each ? undefined : each)}
        >
          <span className="text-xs font-medium text-muted-foreground">{STATUS_LABEL[each]}</span>
          <span className="text-lg font-bold tabular-nums">{totals?.[each] ?? 0}</span>
        </button>
      ))}
    </div>
  );
}

function Rows({ requests }: { requests: ReviewRequest[] }) {
  return (
    <ul aria-label="Requests" className="divide-y divide-border">
      {requests.map((request) => (
        <li
          key={request.id}
          className="grid gap-2 py-3 first:pt-0 last:pb-0 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start sm:gap-4"
        >
          <div className="grid min-w-0 gap-0.5">
            <p className="font-medium break-words">
              {request.name || <span className="text-muted-foreground">{TEXT.noName}</span>}
            </p>
            <p className="text-sm break-all text-muted-foreground">{request.email}</p>
            <Dates request={request} />
            {request.failure && (request.status === 'failed' || request.status === 'bounced') ? (
              <p className="text-sm text-destructive dark:text-red-400">{request.failure}</p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-3 sm:justify-end">
            <RequestStatusBadge status={request.status} />
            {request.status === 'submitted' && request.testimonialId ? (
              <Link
                to={`/testimonials${request.name ? `?q=${encodeURIComponent(request.name)}` : ''}`}
                className="rounded text-sm font-medium text-brand-text underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {TEXT.viewTestimonial}
                <span className="sr-only"> from {request.name || request.email}</span>
              </Link>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

function Dates({ request }: { request: ReviewRequest }) {
  const parts = request.sentAt
    ? [`Sent ${formatDate(request.sentAt)}`]
    : [`${request.status === 'queued' ? 'Sends' : 'Was due'} ${formatDate(request.sendAt)}`];
  if (request.remindedAt) parts.push(`Reminded ${formatDate(request.remindedAt)}`);
  return <p className="text-xs text-muted-foreground">{parts.join(' · ')}</p>;
}
