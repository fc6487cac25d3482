// The notice of a burst of submissions on the testimonials screen
// (docs/decisions/0022): how many arrived and when, how many are still
// pending, whether the form still asks its visitors for the browser check, and
// the one action that deletes the burst's pending rows, behind a confirmation.
// Nothing shows while there is no burst, nor when the bursts cannot be read:
// the list below has its own states.
import { Zap } from 'lucide-react';
import { useId } from 'react';
import { formatUnixDate } from '../../../../shared/billing-format';
import type { SubmissionBurst } from '../../../../shared/schemas/testimonials';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { useDeleteBurstPending, useSubmissionBursts } from '../api';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const timeOf = (iso: string) => timeFormat.format(new Date(iso));
/** "November 14, 2026", in the reader's time zone (the billing dates' format). */
const dayOf = (iso: string) => formatUnixDate(new Date(iso).getTime() / 1000);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** When the burst's submissions came, after its day: "between 2:03 PM and 2:41 PM". */
function spanOf({ startedAt, lastAt }: SubmissionBurst): string {
  const [first, last] = [timeOf(startedAt), timeOf(lastAt)];
  if (dayOf(startedAt) !== dayOf(lastAt)) return `until ${dayOf(lastAt)}, ${last}`;
  return first === last ? `within a minute, at ${first}` : `between ${first} and ${last}`;
}

function BurstCard({ burst }: { burst: SubmissionBurst }) {
  const headingId = useId();
  const remove = useDeleteBurstPending();
  const day = dayOf(burst.startedAt);
  const span = spanOf(burst);
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:gap-4 dark:border-amber-900/70 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <Zap
        aria-hidden="true"
        className="hidden size-5 shrink-0 text-amber-600 sm:block dark:text-amber-300"
      />
      <div className="grid min-w-0 flex-1 gap-1">
        <h2 id={headingId} className="text-sm font-semibold">
          {plural(burst.submissions, 'submission', 'submissions')} arrived in a burst on {day}
        </h2>
        <p className="text-sm text-amber-900 dark:text-amber-200">
          They came {span}, far more than your form usually gets. {burst.pending}{' '}
          {burst.pending === 1 ? 'of them is' : 'of them are'} still pending: if they are spam,
          delete them at once.
          {burst.goingOn
            ? " Until it has been quiet for half an hour, your form asks each visitor's browser for a quick check before sending."
            : null}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" className="shrink-0 self-start sm:self-center">
            Delete {burst.pending} pending
          </Button>
        }
        title={`Delete ${plural(burst.pending, 'pending testimonial', 'pending testimonials')}?`}
        description={
          <>
            <p>
              They arrived in the burst on {day}, {span}.
            </p>
            <p>
              Testimonials of the burst you approved, rejected or edited are kept. This cannot be
              undone.
            </p>
          </>
        }
        confirmLabel={`Delete ${plural(burst.pending, 'testimonial', 'testimonials')}`}
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={(done) => remove.mutate(burst.id, { onSettled: done })}
      />
    </section>
  );
}

export function BurstNotice() {
  const { data } = useSubmissionBursts();
  if (!data || data.bursts.length === 0) return null;
  return (
    <div className="mt-6 grid gap-3">
      {data.bursts.map((burst) => (
        <BurstCard key={burst.id} burst={burst} />
      ))}
    </div>
  );
}
