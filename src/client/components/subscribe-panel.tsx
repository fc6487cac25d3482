// The subscribe panel (docs/product/billing.md#subscribe-panel): the one plan, its price and
// features, Subscribe Now, and a note naming who takes the payment. Three
// variants: 'full' (the upgrade and subscribe screens), 'compact' (the
// sign-up wizard's last step) and 'minimal' (price, button and note only).
import { FlaskConical, Lock } from 'lucide-react';
import { useId } from 'react';
import { PLAN } from '../../shared/constants';
import type { BillingPlan } from '../../shared/schemas/billing';
import { useBillingPlan } from '../lib/access';
import { cn } from '../lib/utils';
import { useStartCheckout } from './paid-access';
import { PlanFeatureList } from './plan-feature-list';
import { Button } from './ui/button';
import { Skeleton } from './ui/skeleton';

export type SubscribePanelVariant = 'full' | 'minimal' | 'compact';

const [PRICE_AMOUNT, PRICE_INTERVAL = PLAN.interval] = PLAN.displayPrice.split('/');

export function SubscribePanel({
  variant = 'full',
  onCheckoutStart,
  className,
}: {
  variant?: SubscribePanelVariant;
  /** Runs just before the browser leaves for the checkout page. */
  onCheckoutStart?: () => void;
  className?: string;
}) {
  const headingId = useId();
  const plan = useBillingPlan();
  const checkout = useStartCheckout({ onCheckoutStart });
  // After a checkout URL came back the page is leaving: keep the button busy until it has.
  const redirecting = checkout.isSuccess && !checkout.data.isAlreadySubscribed;
  const full = variant === 'full';
  const compact = variant === 'compact';

  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        '@container grid gap-5 rounded-2xl border border-border bg-card text-card-foreground',
        full ? 'p-6 shadow-sm sm:p-8' : 'p-4 sm:p-5',
        className,
      )}
    >
      <div
        className={cn(
          'flex gap-x-4 gap-y-2',
          full ? 'flex-col' : 'flex-wrap items-end justify-between',
        )}
      >
        <div className="grid gap-0.5">
          <h2
            id={headingId}
            className={cn('font-semibold tracking-tight', full ? 'text-xl' : 'text-base')}
          >
            {PLAN.label}
          </h2>
          <p className="text-sm text-muted-foreground">{PLAN.billingNote}</p>
        </div>
        <p className="flex items-baseline gap-1">
          <span className={cn('font-extrabold tracking-tight', full ? 'text-5xl' : 'text-3xl')}>
            {PRICE_AMOUNT}
          </span>
          <span className="font-medium text-muted-foreground">/{PRICE_INTERVAL}</span>
        </p>
      </div>

      {variant === 'minimal' ? null : (
        <PlanFeatureList
          className={cn('grid gap-2.5', compact && 'gap-2 text-sm @md:grid-cols-2')}
        />
      )}

      <div className="grid gap-3">
        <Button
          size="lg"
          className="w-full"
          pending={checkout.isPending || redirecting}
          pendingText={`Redirecting to ${plan.data?.provider.name ?? 'checkout'}...`}
          onClick={() => checkout.mutate()}
        >
          Subscribe Now
        </Button>
        <SecurityNote plan={plan.data} loading={plan.isPending} />
      </div>
    </section>
  );
}

/** Who takes the payment: Stripe, or the built-in test checkout that charges nothing. */
function SecurityNote({ plan, loading }: { plan: BillingPlan | undefined; loading: boolean }) {
  if (loading) return <Skeleton className="mx-auto h-4 w-52" />;
  const local = plan?.provider.id === 'local';
  const Icon = local ? FlaskConical : Lock;
  return (
    <p className="flex items-center justify-center gap-1.5 text-center text-sm text-muted-foreground">
      <Icon className="size-4 shrink-0 text-success" aria-hidden="true" />
      {!plan
        ? 'Secure checkout'
        : local
          ? 'Test checkout: no card is charged'
          : `Secure payment powered by ${plan.provider.name}`}
    </p>
  );
}
