// "Current subscription" of the billing screen (docs/product/billing.md#billing-screen, docs/product/billing.md#subscription):
// the plan and its status, when it renews or ends, Cancel while it is active
// and not already set to cancel, and Resume while it is set to cancel.
import type { UseQueryResult } from '@tanstack/react-query';
import { CalendarClock, CloudOff, KeyRound, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PLAN } from '../../../../shared/constants';
import type { Subscription } from '../../../../shared/schemas/billing';
import { CardLoadError } from '../../../components/page-states';
import { SettingsSection } from '../../../components/settings-section';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCurrentUser } from '../../../lib/session';
import { formatUnixDate } from '../../../../shared/billing-format';
import { useResumeSubscription } from '../api';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog';
import { StatusBadge } from './status-badge';

type SubscriptionQuery = UseQueryResult<Subscription | null>;

export function SubscriptionCard({
  query,
  sessionEnded,
}: {
  query: SubscriptionQuery;
  sessionEnded: boolean;
}) {
  return (
    <SettingsSection
      id="current-subscription"
      title="Current subscription"
      description="Your plan, its status and when it renews."
    >
      {query.isPending || sessionEnded ? (
        <div role="status" aria-label="Loading subscription" className="grid gap-3">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-64 max-w-full" />
          <Skeleton className="h-10 w-44" />
        </div>
      ) : query.isError ? (
        <CardLoadError what="your subscription" onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <SubscriptionDetails
          subscription={query.data}
          onCheckAgain={() => void query.refetch()}
          checking={query.isFetching}
        />
      ) : (
        <NoSubscription />
      )}
    </SettingsSection>
  );
}

function SubscriptionDetails({
  subscription,
  onCheckAgain,
  checking,
}: {
  subscription: Subscription;
  onCheckAgain: () => void;
  checking: boolean;
}) {
  const { status, cancel_at_period_end: canceling, current_period_end: periodEnd } = subscription;
  const endDate = formatUnixDate(periodEnd);
  const active = status === 'active';
  return (
    <div className="grid gap-5">
      {subscription.last_known ? (
        <LastKnownNote onCheckAgain={onCheckAgain} checking={checking} />
      ) : null}
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2 text-base font-semibold">
          {PLAN.label}
          <StatusBadge status={active && canceling ? 'canceling' : status} />
        </p>
        <p className="text-sm text-muted-foreground">
          {PLAN.displayPrice} · {PLAN.billingNote}
        </p>
      </div>
      {active ? (
        <Note icon={<CalendarClock aria-hidden="true" />}>
          {canceling ? (
            <>
              <strong className="font-semibold text-foreground">Access ends on {endDate}.</strong>{' '}
              Your subscription is canceled and won&apos;t renew; you keep every feature until then.
            </>
          ) : (
            <>Renews on {endDate}.</>
          )}
        </Note>
      ) : (
        <InactiveNote status={status} endDate={endDate} />
      )}
      {active && !canceling ? (
        <div>
          <CancelSubscriptionDialog periodEnd={periodEnd} />
        </div>
      ) : null}
      {active && canceling && !subscription.last_known ? <ResumeButton /> : null}
    </div>
  );
}

function ResumeButton() {
  const resume = useResumeSubscription();
  return (
    <div>
      <Button
        className="w-full sm:w-auto"
        onClick={() => resume.mutate()}
        disabled={resume.isPending}
      >
        {resume.isPending ? 'Resuming...' : 'Resume subscription'}
      </Button>
    </div>
  );
}

/** The server answered from its own copy: the payment provider did not answer (subscription.last_known). */
function LastKnownNote({
  onCheckAgain,
  checking,
}: {
  onCheckAgain: () => void;
  checking: boolean;
}) {
  return (
    <div className="grid gap-3 rounded-xl border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900 sm:flex sm:items-start sm:justify-between dark:border-amber-900/70 dark:bg-amber-950/40 dark:text-amber-200">
      <p className="flex items-start gap-2.5 [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0">
        <CloudOff aria-hidden="true" />
        <span>
          The payment provider isn&apos;t answering right now, so this is the last status we
          received. It updates once the provider answers again.
        </span>
      </p>
      <Button
        variant="outline"
        size="sm"
        className="w-full sm:w-auto"
        onClick={onCheckAgain}
        disabled={checking}
      >
        {checking ? 'Checking…' : 'Check again'}
      </Button>
    </div>
  );
}

function InactiveNote({ status, endDate }: { status: string; endDate: string }) {
  if (status === 'past_due') {
    return (
      <Note icon={<TriangleAlert aria-hidden="true" />} tone="warn">
        Your latest payment didn&apos;t go through, so paid features are paused. Once the payment
        succeeds access comes back on its own; if it keeps failing, contact support.
      </Note>
    );
  }
  if (status === 'canceled') {
    return (
      <>
        <Note icon={<CalendarClock aria-hidden="true" />}>
          This subscription ended on {endDate}. Subscribe again to unlock every feature.
        </Note>
        <SubscribeLink />
      </>
    );
  }
  return (
    <Note icon={<TriangleAlert aria-hidden="true" />} tone="warn">
      This subscription is not active yet, so paid features are locked. If you just paid, this
      updates within a few minutes.
    </Note>
  );
}

function NoSubscription() {
  const { data: user } = useCurrentUser();
  if (user?.isFreeAccount) {
    return (
      <Note icon={<KeyRound aria-hidden="true" />}>
        You have full access through an access code, so there is no subscription to manage and
        nothing to pay.
      </Note>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        You don&apos;t have a subscription yet. The {PLAN.label} ({PLAN.displayPrice}) unlocks every
        feature.
      </p>
      <SubscribeLink />
    </div>
  );
}

function SubscribeLink() {
  return (
    <div>
      <Button asChild className="w-full sm:w-auto">
        <Link to="/subscribe">Subscribe</Link>
      </Button>
    </div>
  );
}

function Note({
  icon,
  tone = 'neutral',
  children,
}: {
  icon: ReactNode;
  tone?: 'neutral' | 'warn';
  children: ReactNode;
}) {
  return (
    <p
      className={
        tone === 'warn'
          ? 'flex items-start gap-2.5 rounded-xl border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900 dark:border-amber-900/70 dark:bg-amber-950/40 dark:text-amber-200 [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0'
          : 'flex items-start gap-2.5 rounded-xl bg-surface px-3.5 py-3 text-sm text-muted-foreground [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0 [&>svg]:text-brand-text'
      }
    >
      {icon}
      <span>{children}</span>
    </p>
  );
}
