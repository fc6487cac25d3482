// /billing (docs/product/billing.md#billing-screen): the current subscription with its
// cancel and resume buttons, the money-back guarantee, and the invoice history. Reachable without paid access. A
// 401 from either read means the session is gone: "Session expired", then
// /auth after 1 s (docs/product/messages.md#billing).
import { useEndSessionOnUnauthorized } from '../../components/session-expired';
import { productName } from '../../lib/product';
import { useInvoices, useRefundStatus, useSubscription } from './api';
import { InvoiceHistory } from './components/invoice-history';
import { RefundSection } from './components/refund-section';
import { SubscriptionCard } from './components/subscription-card';

export function BillingPage() {
  const subscription = useSubscription();
  const invoices = useInvoices();
  const refund = useRefundStatus();
  const sessionEnded = useEndSessionOnUnauthorized('billing', subscription, invoices, refund);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{`Billing · ${productName}`}</title>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Billing</h1>
        <p className="mt-2 text-muted-foreground">Your subscription and invoices.</p>
      </header>
      <div className="mt-8 grid gap-6">
        <SubscriptionCard query={subscription} sessionEnded={sessionEnded} />
        <RefundSection query={refund} sessionEnded={sessionEnded} />
        <InvoiceHistory query={invoices} sessionEnded={sessionEnded} />
      </div>
    </div>
  );
}
