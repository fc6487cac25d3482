// /checkout/test/:sessionId: the built-in test checkout, standing in for a
// payment provider's hosted checkout when none is configured. It looks like
// one (a lone card, no app navigation) and says plainly that no card is
// charged. Pay completes the session and follows the server to the success page.
import { CircleCheck, FlaskConical, SearchX } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PLAN } from '../../../shared/constants';
import type { TestCheckoutSession } from '../../../shared/schemas/billing';
import { BrandMark } from '../../components/brand-logo';
import { MessageCard } from '../../components/message-card';
import { CardLoadError } from '../../components/page-states';
import { PageLoader } from '../../components/page-loader';
import { ThemeToggle } from '../../components/theme-toggle';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { productName } from '../../lib/product';
import { usePayTestCheckout, useTestCheckout } from './api';
import { formatMinorUnits } from '../../../shared/billing-format';

export function TestCheckoutPage() {
  const { sessionId = '' } = useParams();
  const session = useTestCheckout(sessionId);

  let body: ReactNode;
  if (session.isPending) {
    body = <PageLoader label="Loading checkout…" />;
  } else if (session.isError) {
    body =
      session.error instanceof ApiError && session.error.status === 404 ? (
        <MessageCard
          icon={<SearchX aria-hidden="true" />}
          tone="warning"
          title="Checkout not found"
          actions={<AppLink href="/subscribe">Start a new checkout</AppLink>}
        >
          <p>This checkout link doesn&apos;t exist or belongs to another account.</p>
        </MessageCard>
      ) : (
        <div className="w-full max-w-md rounded-3xl border border-border bg-card p-6 shadow-sm">
          <CardLoadError what="this checkout" onRetry={() => void session.refetch()} />
        </div>
      );
  } else if (session.data.status === 'complete') {
    body = (
      <MessageCard
        icon={<CircleCheck aria-hidden="true" />}
        tone="success"
        title="This checkout is already complete"
        actions={<AppLink href={session.data.successUrl}>Continue</AppLink>}
      >
        <p>The payment went through. Continue to confirm your subscription.</p>
      </MessageCard>
    );
  } else {
    body = <CheckoutCard session={session.data} />;
  }

  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <title>{`Test checkout · ${productName}`}</title>
      <div className="flex justify-end p-3">
        <ThemeToggle />
      </div>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 flex-col items-center justify-center px-4 pb-16 outline-none"
      >
        {body}
      </main>
    </div>
  );
}

function CheckoutCard({ session }: { session: TestCheckoutSession }) {
  const pay = usePayTestCheckout(session.id);
  const price = formatMinorUnits(session.amountInCents, session.currency);
  return (
    <div className="w-full max-w-md overflow-hidden rounded-3xl border border-border bg-card shadow-lg shadow-brand-900/5 dark:shadow-black/30">
      <p className="flex items-center justify-center gap-2 border-b border-amber-200 bg-amber-50 px-4 py-3 text-center text-sm font-semibold text-amber-900 dark:border-amber-900/70 dark:bg-amber-950/50 dark:text-amber-200">
        <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
        Test checkout: no card is charged
      </p>
      <div className="grid gap-6 p-6 sm:p-8">
        <div className="flex items-center gap-3">
          <BrandMark className="size-10" />
          <div className="min-w-0">
            <p className="text-sm text-muted-foreground">Subscribe to</p>
            <h1 className="truncate text-lg font-bold tracking-tight">{productName}</h1>
          </div>
        </div>
        <div className="grid gap-1">
          <p className="flex items-baseline gap-1.5">
            <span className="text-4xl font-extrabold tracking-tight tabular-nums">{price}</span>
            <span className="font-medium text-muted-foreground">/ {session.interval}</span>
          </p>
          <p className="text-sm text-muted-foreground">
            {PLAN.label} · {PLAN.billingNote}
          </p>
        </div>
        <dl className="grid gap-1 rounded-xl bg-surface px-4 py-3 text-sm">
          <dt className="text-muted-foreground">Email</dt>
          <dd className="font-medium break-all">{session.email}</dd>
        </dl>
        <div className="grid gap-3">
          <Button
            size="lg"
            className="w-full"
            pending={pay.isPending || pay.isSuccess}
            pendingText="Processing..."
            onClick={() => pay.mutate()}
          >
            Pay {price}
          </Button>
          <Button asChild variant="ghost" className="w-full">
            <AppLinkTarget href={session.cancelUrl}>Cancel</AppLinkTarget>
          </Button>
        </div>
      </div>
    </div>
  );
}

/** An address of this app (absolute or not) as its path, or null for another site's. */
function inAppPath(href: string): string | null {
  try {
    const url = new URL(href, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** A router link for an address of this app, a plain link for anything else. */
function AppLinkTarget({ href, children, ...props }: ComponentProps<'a'> & { href: string }) {
  const path = inAppPath(href);
  return path ? (
    <Link to={path} {...props}>
      {children}
    </Link>
  ) : (
    <a href={href} {...props}>
      {children}
    </a>
  );
}

function AppLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button asChild size="lg">
      <AppLinkTarget href={href}>{children}</AppLinkTarget>
    </Button>
  );
}
