// "Money-back guarantee" of the billing screen (docs/product/billing.md#refund): within
// MONEY_BACK_GUARANTEE_DAYS of the first payment, "Request a refund" behind a
// confirmation; afterwards, why there is no refund any more. Hidden for an
// account that never paid (an access code, no subscription yet).
import type { UseQueryResult } from '@tanstack/react-query';
import { BadgeCheck, CalendarX, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatMinorUnits, formatUnixDate } from '../../../../shared/billing-format';
import { MONEY_BACK_GUARANTEE_DAYS, PLAN } from '../../../../shared/constants';
import type { RefundStatus } from '../../../../shared/schemas/billing';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CardLoadError } from '../../../components/page-states';
import { SettingsSection } from '../../../components/settings-section';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useRequestRefund } from '../api';

export function RefundSection({
  query,
  sessionEnded,
}: {
  query: UseQueryResult<RefundStatus>;
  sessionEnded: boolean;
}) {
  if (query.data?.reason === 'no_payment') return null;
  return (
    <SettingsSection
      id="money-back-guarantee"
      title="Money-back guarantee"
      description={`Within ${MONEY_BACK_GUARANTEE_DAYS} days of your first payment you can get it back in full, once.`}
    >
      {query.isPending || sessionEnded ? (
        <div role="status" aria-label="Loading refund status" className="grid gap-3">
          <Skeleton className="h-4 w-72 max-w-full" />
          <Skeleton className="h-10 w-40" />
        </div>
      ) : query.isError ? (
        <CardLoadError what="your refund status" onRetry={() => void query.refetch()} />
      ) : (
        <RefundDetails status={query.data} />
      )}
    </SettingsSection>
  );
}

function RefundDetails({ status }: { status: RefundStatus }) {
  const firstPayment =
    status.firstPaymentAt === null ? null : formatUnixDate(status.firstPaymentAt);
  switch (status.reason) {
    case 'eligible':
      return (
        <div className="grid gap-4">
          <Line icon={<BadgeCheck aria-hidden="true" />}>
            Your first payment was on {firstPayment}. You can ask for a full refund until{' '}
            <strong className="font-semibold text-foreground">
              {status.deadline === null ? '' : formatUnixDate(status.deadline)}
            </strong>
            .
          </Line>
          <div>
            <RefundDialog />
          </div>
        </div>
      );
    case 'already_refunded':
      return (
        <Line icon={<RotateCcw aria-hidden="true" />}>
          Your first payment was refunded. The money-back guarantee applies once per account.
        </Line>
      );
    case 'window_passed':
      return (
        <Line icon={<CalendarX aria-hidden="true" />}>
          Refunds are available within {MONEY_BACK_GUARANTEE_DAYS} days of your first payment. Your
          first payment was on {firstPayment}.
        </Line>
      );
    default:
      return (
        <Line icon={<CalendarX aria-hidden="true" />}>
          Refunds are available while your subscription is active.
        </Line>
      );
  }
}

function RefundDialog() {
  const refund = useRequestRefund();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" className="w-full sm:w-auto">
          Request a refund
        </Button>
      }
      title="Request a refund?"
      description={
        <>
          <p>
            We refund your payment of {formatMinorUnits(PLAN.amountInCents, PLAN.currency)} in full
            and end your subscription now: the paid pages lock at once and your testimonials stay
            saved.
          </p>
          <p>The money-back guarantee can be used once per account.</p>
        </>
      }
      cancelLabel="Keep Subscription"
      confirmLabel="Refund and end subscription"
      pendingLabel="Refunding..."
      pending={refund.isPending}
      onConfirm={(done) => refund.mutate(undefined, { onSettled: done })}
    />
  );
}

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2.5 text-sm text-muted-foreground [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0 [&>svg]:text-brand-text">
      {icon}
      <span>{children}</span>
    </p>
  );
}
