import { ArrowRight, Check, Inbox, X } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { RECENT_TESTIMONIALS_LIMIT } from '../../../../shared/constants';
import type { Testimonial } from '../../../../shared/schemas/testimonials';
import { useSetTestimonialStatus } from '../../../components/moderation';
import { TestimonialSummary } from '../../../components/testimonial-summary';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
} from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { CardLoadError } from '../../../components/page-states';

function RecentItem({ testimonial }: { testimonial: Testimonial }) {
  const headingId = useId();
  const setStatus = useSetTestimonialStatus();
  const about = <span className="sr-only"> testimonial from {testimonial.authorName}</span>;
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-3 rounded-xl border border-border bg-surface p-4"
    >
      <TestimonialSummary
        testimonial={testimonial}
        headingId={headingId}
        clampContent
        showEmail={false}
        photoSize="sm"
      />
      {testimonial.status === 'pending' ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={setStatus.isPending}
            onClick={() => setStatus.mutate({ id: testimonial.id, status: 'approved' })}
            className="bg-emerald-700 text-white hover:bg-emerald-800"
          >
            <Check aria-hidden="true" />
            Approve
            {about}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={setStatus.isPending}
            onClick={() => setStatus.mutate({ id: testimonial.id, status: 'rejected' })}
          >
            <X aria-hidden="true" />
            Reject
            {about}
          </Button>
        </div>
      ) : null}
    </article>
  );
}

/** The 3 newest testimonials, with Approve and Reject on pending ones. */
export function RecentTestimonials({
  items,
  loading,
  failed,
  onRetry,
}: {
  items: Testimonial[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  return (
    <Card role="region" aria-labelledby="recent-heading" className="flex flex-col">
      <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
        <h2 id="recent-heading" className="text-lg font-semibold leading-tight tracking-tight">
          Recent Testimonials
        </h2>
        <CardDescription>The latest from your customers, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="flex-1 p-4 sm:p-6">
        {loading ? (
          <div role="status" aria-label="Loading recent testimonials" className="grid gap-3">
            {Array.from({ length: RECENT_TESTIMONIALS_LIMIT }, (_, index) => (
              <Skeleton key={index} className="h-28 rounded-xl" />
            ))}
          </div>
        ) : failed ? (
          <CardLoadError what="your recent testimonials" onRetry={onRetry} />
        ) : items && items.length > 0 ? (
          <ul className="grid gap-3">
            {items.slice(0, RECENT_TESTIMONIALS_LIMIT).map((testimonial) => (
              <li key={testimonial.id}>
                <RecentItem testimonial={testimonial} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="grid justify-items-center gap-2 rounded-xl border border-dashed border-border px-4 py-10 text-center">
            <Inbox className="size-6 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">No recent testimonials</p>
            <p className="text-sm text-muted-foreground">
              Share your collection link or QR code to collect your first one.
            </p>
          </div>
        )}
      </CardContent>
      <CardFooter className="p-4 pt-0 sm:p-6 sm:pt-0">
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <Link to="/testimonials">
            View All Testimonials
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
