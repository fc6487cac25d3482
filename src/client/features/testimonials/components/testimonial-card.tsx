// One testimonial on the moderation screen: a checkbox for bulk actions, what
// the customer sent, and the actions its status allows (docs/product/testimonials.md#testimonials-screen): pending →
// Approve and Reject; rejected → Approve; approved → Hide (a reject). Edit
// and Delete are always there.
import { Check, EyeOff, Pencil, Trash2, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { Testimonial } from '../../../../shared/schemas/testimonials';
import { useSetTestimonialStatus } from '../../../components/moderation';
import { TestimonialSummary } from '../../../components/testimonial-summary';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { cn } from '../../../lib/utils';
import { useDeleteTestimonial } from '../api';
import { DeleteTestimonialDialog } from './delete-testimonial-dialog';
import { EditTestimonialDialog } from './edit-testimonial-dialog';

export function TestimonialCard({
  testimonial,
  selected,
  onSelectedChange,
  onDeleted,
}: {
  testimonial: Testimonial;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  /** Called once it is gone, so the page can put focus somewhere useful. */
  onDeleted: () => void;
}) {
  const headingId = useId();
  const setStatus = useSetTestimonialStatus();
  const remove = useDeleteTestimonial();
  const [confirming, setConfirming] = useState(false);
  const { id, status, authorName } = testimonial;
  const about = <span className="sr-only"> testimonial from {authorName}</span>;

  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'rounded-2xl border bg-card p-4 shadow-sm transition-colors sm:p-5',
        selected ? 'border-primary ring-1 ring-primary' : 'border-border',
      )}
    >
      <div className="flex items-start gap-3">
        <Checkbox
          checked={selected}
          onCheckedChange={(checked) => onSelectedChange(checked === true)}
          aria-label={`Select testimonial from ${authorName}`}
          className="mt-3"
        />
        <TestimonialSummary
          testimonial={testimonial}
          headingId={headingId}
          // The list sits right under the page's h1.
          headingLevel="h2"
          expandableContent
          className="flex-1"
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-border pt-4">
        {status !== 'approved' ? (
          <Button
            size="sm"
            disabled={setStatus.isPending}
            onClick={() => setStatus.mutate({ id, status: 'approved' })}
            className="bg-emerald-700 text-white hover:bg-emerald-800"
          >
            <Check aria-hidden="true" />
            Approve
            {about}
          </Button>
        ) : null}
        {status === 'pending' ? (
          <Button
            size="sm"
            variant="outline"
            disabled={setStatus.isPending}
            onClick={() => setStatus.mutate({ id, status: 'rejected' })}
          >
            <X aria-hidden="true" />
            Reject
            {about}
          </Button>
        ) : null}
        {status === 'approved' ? (
          <Button
            size="sm"
            variant="outline"
            disabled={setStatus.isPending}
            onClick={() => setStatus.mutate({ id, status: 'rejected' })}
          >
            <EyeOff aria-hidden="true" />
            Hide
            {about}
          </Button>
        ) : null}
        <div className="ml-auto flex flex-wrap gap-2">
          <EditTestimonialDialog testimonial={testimonial}>
            <Button size="sm" variant="outline">
              <Pencil aria-hidden="true" />
              Edit
              {about}
            </Button>
          </EditTestimonialDialog>
          <DeleteTestimonialDialog
            open={confirming}
            onOpenChange={setConfirming}
            description={`the testimonial from ${authorName}`}
            pending={remove.isPending}
            onConfirm={() => {
              // The card is gone by the time this resolves; the promise still settles.
              remove.mutateAsync(id).then(
                () => {
                  setConfirming(false);
                  onDeleted();
                },
                () => setConfirming(false),
              );
            }}
          >
            <Button
              size="sm"
              variant="ghost"
              className="text-destructive hover:bg-red-50 hover:text-destructive dark:text-red-400 dark:hover:bg-red-950/40 dark:hover:text-red-300"
            >
              <Trash2 aria-hidden="true" />
              Delete
              {about}
            </Button>
          </DeleteTestimonialDialog>
        </div>
      </div>
    </article>
  );
}
