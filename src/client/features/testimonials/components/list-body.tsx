// What one status tab shows: a skeleton while the first answer loads, the
// error with a retry, the empty message (with the collection link to share
// while nothing waits for review), or the list itself (`children`).
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TestimonialList } from '../../../../shared/schemas/testimonials';
import { CollectionLinkActions } from '../../../components/collection-link-actions';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useBusiness } from '../../../lib/session';
import type { StatusFilter } from '../../../lib/testimonials';

export function ListBody({
  filter,
  searching,
  pending,
  data,
  unauthorized,
  onRetry,
  children,
}: {
  filter: StatusFilter;
  /** A search is applied: the empty message suggests another one. */
  searching: boolean;
  pending: boolean;
  data: TestimonialList | undefined;
  /** The load failed because the session ended (the page is on its way to /). */
  unauthorized: boolean;
  onRetry: () => void;
  children: (data: TestimonialList) => ReactNode;
}) {
  if (pending) return <ListSkeleton />;
  // Without data and not pending, the first load failed; a failed refetch keeps the list it had.
  if (!data) return <LoadError unauthorized={unauthorized} onRetry={onRetry} />;
  if (data.items.length === 0) return <EmptyList filter={filter} searching={searching} />;
  return children(data);
}

function emptyMessage(filter: StatusFilter): string {
  return filter === 'all' ? 'No testimonials found' : `No ${filter} testimonials found`;
}

function EmptyList({ filter, searching }: { filter: StatusFilter; searching: boolean }) {
  const askToShare = !searching && (filter === 'all' || filter === 'pending');
  return (
    <div className="rounded-2xl border border-dashed border-border bg-card px-6 py-16 text-center">
      <p className="font-semibold">{emptyMessage(filter)}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {searching
          ? 'Try a different search.'
          : askToShare
            ? 'Share your collection link to start collecting testimonials.'
            : 'Testimonials show up here once you moderate them.'}
      </p>
      {askToShare ? <ShareActions /> : null}
    </div>
  );
}

/** Copy Collection Link and Generate QR Code, once the business is known. */
function ShareActions() {
  const business = useBusiness().data;
  if (!business) return null;
  return (
    <CollectionLinkActions
      collectionSlug={business.collectionSlug}
      businessName={business.name}
      className="mt-6 sm:justify-center"
    />
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
