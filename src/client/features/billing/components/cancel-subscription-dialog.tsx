// Cancel at period end, behind a confirmation that says access goes on until then.
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { useCancelSubscription } from '../api';
import { formatUnixDate } from '../../../../shared/billing-format';

export function CancelSubscriptionDialog({ periodEnd }: { periodEnd: number }) {
  const cancel = useCancelSubscription();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" className="w-full sm:w-auto">
          Cancel Subscription
        </Button>
      }
      title="Cancel your subscription?"
      description={
        <p>
          You keep full access until {formatUnixDate(periodEnd)}, the end of the period you paid
          for. After that the gated pages lock and you won&apos;t be charged again.
        </p>
      }
      cancelLabel="Keep Subscription"
      confirmLabel="Cancel Subscription"
      pendingLabel="Canceling..."
      pending={cancel.isPending}
      onConfirm={(done) => cancel.mutate(undefined, { onSettled: done })}
    />
  );
}
