// The plan's features as a checked list (docs/product/billing.md#plan): the
// landing page's pricing block and the subscribe panel show the same list.
import { Check } from 'lucide-react';
import { PLAN } from '../../shared/constants';
import { cn } from '../lib/utils';

export function PlanFeatureList({
  className,
  itemClassName,
}: {
  className?: string;
  itemClassName?: string;
}) {
  return (
    <ul aria-label="Included features" className={className}>
      {PLAN.features.map((feature) => (
        <li key={feature} className={cn('flex items-start gap-2.5', itemClassName)}>
          <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white">
            <Check className="size-3.5" aria-hidden="true" strokeWidth={3} />
          </span>
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}
