// /subscribe (docs/product/billing.md#upgrade-screen): the full subscribe panel with a short introduction;
// an owner who already has access is told so and pointed to billing. A checkout's
// Cancel lands here with ?checkout=cancelled: the page says nothing was charged.
import { BadgeCheck, CircleX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { MONEY_BACK_GUARANTEE_DAYS } from '../../../shared/constants';
import { CHECKOUT_CANCELLED_QUERY } from '../../../shared/schemas/billing';
import { MessageCard } from '../../components/message-card';
import { PageLoader } from '../../components/page-loader';
import { SubscribePanel } from '../../components/subscribe-panel';
import { Button } from '../../components/ui/button';
import { useAccessStatus } from '../../lib/access';
import { productName } from '../../lib/product';

export function SubscribePage() {
  const access = useAccessStatus();
  const [search] = useSearchParams();
  const cancelled = search.get(CHECKOUT_CANCELLED_QUERY.name) === CHECKOUT_CANCELLED_QUERY.value;
  if (access.isPending) return <PageLoader delayed label="Checking your access…" />;
  if (access.data?.hasAccess) {
    return (
      <div className="flex flex-1 items-center justify-center px-4 py-16">
        <title>{`Subscribe · ${productName}`}</title>
        <MessageCard
          icon={<BadgeCheck aria-hidden="true" />}
          tone="success"
          title="You already have full access"
          actions={
            <Button asChild>
              <Link to="/billing">Go to Billing</Link>
            </Button>
          }
        >
          <p>There is nothing to buy. Your subscription and invoices are on the billing page.</p>
        </MessageCard>
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{`Subscribe · ${productName}`}</title>
      {cancelled ? (
        <p
          role="status"
          className="mb-6 flex items-start gap-2.5 rounded-xl border border-border bg-card px-4 py-3 text-sm shadow-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0 [&>svg]:text-muted-foreground"
        >
          <CircleX aria-hidden="true" />
          <span>
            <strong className="font-semibold">Checkout cancelled.</strong> You have not been
            charged.
          </span>
        </p>
      ) : null}
      <header className="text-center">
        <h1 className="text-3xl font-extrabold tracking-tight">Subscribe to {productName}</h1>
        <p className="mt-3 text-pretty text-muted-foreground">
          One simple plan with everything included: collect testimonials, moderate them and show
          them on your site. {MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee, cancel anytime.
        </p>
      </header>
      <SubscribePanel variant="full" className="mt-8" />
    </div>
  );
}
