// Cancel at period end, behind a confirmation that says access goes on until then.
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useCancelSubscription } from '../api';
import { formatUnixDate } from '../../../../shared/billing-format';

export function CancelSubscriptionDialog({ periodEnd }: { periodEnd: number }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubscription();
  const endDate = formatUnixDate(periodEnd);
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!cancel.isPending) setOpen(next);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="outline" className="w-full sm:w-auto">
          Cancel Subscription
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel your subscription?</AlertDialogTitle>
          <AlertDialogDescription>
            You keep full access until {endDate}, the end of the period you paid for. After that
            the gated pages lock and you won&apos;t be charged again.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>Keep Subscription</AlertDialogCancel>
          <AlertDialogAction
            disabled={cancel.isPending}
            aria-busy={cancel.isPending}
            onClick={() => cancel.mutate(undefined, { onSettled: () => setOpen(false) })}
          >
            {cancel.isPending ? (
              <>
                <Spinner />
                Canceling...
              </>
            ) : (
              'Cancel Subscription'
            )}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
