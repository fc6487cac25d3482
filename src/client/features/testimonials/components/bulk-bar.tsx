// The bar that appears once testimonials are selected: approve, reject or
// delete them all at once (delete asks first). It sticks to the bottom of the
// screen so it stays in reach while scrolling, on phones too, and toasts rise
// above it while it shows (toast-clearance.ts) rather than hide its buttons.
import { Check, Trash2, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useToastClearance } from '../../../components/ui/toast-clearance';
import { useBulkTestimonials, type BulkAction } from '../api';
import { DeleteTestimonialDialog } from './delete-testimonial-dialog';

export function BulkBar({
  ids,
  onDone,
  onClear,
}: {
  ids: string[];
  /** After a successful action: the selection is spent. */
  onDone: () => void;
  onClear: () => void;
}) {
  const bulk = useBulkTestimonials();
  const [confirming, setConfirming] = useState(false);
  const barRef = useRef<HTMLDivElement>(null);
  useToastClearance(barRef);
  const count = ids.length;
  const run = (action: BulkAction) =>
    bulk.mutate(
      { action, ids },
      {
        onSuccess: () => {
          setConfirming(false);
          onDone();
        },
        onError: () => setConfirming(false),
      },
    );
  const busy = (action: BulkAction) => bulk.isPending && bulk.variables.action === action;

  return (
    <div
      ref={barRef}
      role="region"
      aria-label="Bulk actions"
      className="sticky bottom-3 z-30 flex flex-wrap items-center gap-2 rounded-2xl border border-border bg-popover/95 p-3 shadow-lg backdrop-blur supports-[backdrop-filter]:bg-popover/85 sm:bottom-4"
    >
      <div className="mr-auto flex items-center gap-1">
        <p className="px-1 text-sm font-semibold" aria-live="polite">
          {count} selected
        </p>
        <Button size="sm" variant="ghost" onClick={onClear} disabled={bulk.isPending}>
          Clear
          <span className="sr-only"> selection</span>
        </Button>
      </div>
      <div className="grid w-full grid-cols-3 gap-2 sm:flex sm:w-auto [&>button]:px-2 sm:[&>button]:px-3">
        <Button
          size="sm"
          disabled={bulk.isPending}
          onClick={() => run('approve')}
          className="bg-emerald-700 text-white hover:bg-emerald-800"
        >
          {busy('approve') ? <Spinner /> : <Check aria-hidden="true" />}
          Approve
          <span className="sr-only"> selected</span>
        </Button>
        <Button size="sm" variant="outline" disabled={bulk.isPending} onClick={() => run('reject')}>
          {busy('reject') ? <Spinner /> : <X aria-hidden="true" />}
          Reject
          <span className="sr-only"> selected</span>
        </Button>
        <DeleteTestimonialDialog
          open={confirming}
          onOpenChange={setConfirming}
          description={count === 1 ? '1 selected testimonial' : `${count} selected testimonials`}
          pending={busy('delete')}
          onConfirm={() => run('delete')}
        >
          <Button size="sm" variant="destructive" disabled={bulk.isPending}>
            <Trash2 aria-hidden="true" />
            Delete
            <span className="sr-only"> selected</span>
          </Button>
        </DeleteTestimonialDialog>
      </div>
    </div>
  );
}
