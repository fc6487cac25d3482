import { ShieldCheck } from 'lucide-react';
import { PageLink } from '../../../components/page-link';
import { MONEY_BACK_GUARANTEE_DAYS, PLAN } from '../../../../shared/constants';
import { PlanFeatureList } from '../../../components/plan-feature-list';
import { Button } from '../../../components/ui/button';

export function PricingSection() {
  const [amount, interval] = PLAN.displayPrice.split('/');
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="scroll-mt-20 border-y border-border bg-surface"
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="mx-auto max-w-md rounded-3xl border border-border bg-card p-8 text-center shadow-lg shadow-brand-900/5 sm:p-10 dark:shadow-black/30">
          <h2 id="pricing-title" className="text-2xl font-bold tracking-tight">
            One simple plan
          </h2>
          <p className="mt-1 text-sm font-medium text-muted-foreground">
            {PLAN.label} · {PLAN.billingNote}
          </p>
          <p className="mt-6 flex items-baseline justify-center gap-1">
            <span className="text-5xl font-extrabold tracking-tight">{amount}</span>
            <span className="text-lg font-medium text-muted-foreground">/{interval}</span>
          </p>
          <p className="mt-3 font-medium text-brand-text">
            Pays for itself with just one new customer
          </p>
          <PlanFeatureList className="mt-8 space-y-3 text-left" itemClassName="gap-3" />
          <Button asChild size="lg" className="mt-8 w-full">
            <PageLink to="/auth?tab=register">Add to My Site</PageLink>
          </Button>
          <p className="mt-4 flex items-center justify-center gap-1.5 text-sm text-muted-foreground">
            <ShieldCheck className="size-4 text-success" aria-hidden="true" />
            {MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee · Cancel anytime
          </p>
        </div>
      </div>
    </section>
  );
}
