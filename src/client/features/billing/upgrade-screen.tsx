// The upgrade screen (docs/product/billing.md#upgrade-screen, docs/product/billing.md#paid-access): what a gated page shows without
// paid access, and the body of /access. The full subscribe panel and the
// access-code box; a link to billing for an owner whose subscription lapsed.
import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { ACCESS_REASONS, type AccessStatus } from '../../../shared/schemas/billing';
import { AccessCodeBox } from '../../components/access-code-box';
import { SubscribePanel } from '../../components/subscribe-panel';
import { productName } from '../../lib/product';

/** Why there is no access, in the owner's words; null for "never subscribed". */
function reasonText(reason: string | undefined): string | null {
  switch (reason) {
    case ACCESS_REASONS.paymentPastDue:
      return "Your latest payment didn't go through, so paid features are paused.";
    case ACCESS_REASONS.subscriptionEnded:
      return 'Your subscription has ended.';
    default:
      return null;
  }
}

export function UpgradeScreen({
  page,
  status,
}: {
  /** The gated page asked for ("Testimonials"); none at /access. */
  page?: string;
  status?: AccessStatus;
}) {
  const title = page ? `Upgrade to unlock ${page}` : 'Unlock all features';
  const reason = reasonText(status?.reason);
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{`${page ?? 'Upgrade'} · ${productName}`}</title>
      <header className="text-center">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-accent px-3 py-1 text-xs font-semibold text-brand-text">
          <Sparkles className="size-3.5" aria-hidden="true" />
          Upgrade
        </p>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-balance">{title}</h1>
        <p className="mt-3 text-pretty text-muted-foreground">
          {reason ? `${reason} ` : null}
          Subscribe to collect, moderate and showcase your testimonials with every feature of{' '}
          {productName}.
        </p>
      </header>
      <div className="mt-8 grid gap-4">
        <SubscribePanel variant="full" />
        <AccessCodeBox />
      </div>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Already subscribed?{' '}
        <Link to="/billing" className="font-medium text-brand-text underline underline-offset-4">
          See your billing
        </Link>
      </p>
    </div>
  );
}
