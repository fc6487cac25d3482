// Step 4 of the sign-up wizard, in a module of its own: the subscribe panel
// and the access code box are not needed to draw /auth, so the wizard loads
// them only once the account is being made (signup-wizard.tsx).
import { CircleCheck, Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { AccessCodeBox } from '../../../components/access-code-box';
import { SubscribePanel } from '../../../components/subscribe-panel';
import { Button } from '../../../components/ui/button';

/**
 * Step 4, "Unlock all features": subscribe (compact panel), redeem an access
 * code, or skip. The account exists already, so every way out leaves the wizard.
 */
export function UpgradeStep({
  onSkip,
  skipping,
  onCheckoutStart,
  onActivated,
}: {
  onSkip: () => void;
  skipping: boolean;
  onCheckoutStart: () => void;
  onActivated: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Arriving here replaces the form the user was in: start reading at the heading.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        <p className="inline-flex w-fit items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-xs font-semibold text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300">
          <CircleCheck className="size-3.5" aria-hidden="true" />
          Your account is ready
        </p>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="flex items-center gap-2 text-2xl font-bold tracking-tight outline-none"
        >
          <Sparkles className="size-6 text-brand-text" aria-hidden="true" />
          Unlock all features
        </h1>
        <p className="text-pretty text-muted-foreground">
          Subscribe now to start collecting and showing testimonials, or look around first and
          upgrade later.
        </p>
      </div>
      <SubscribePanel variant="compact" onCheckoutStart={onCheckoutStart} />
      <AccessCodeBox onActivated={onActivated} />
      <Button
        variant="outline"
        size="lg"
        className="h-auto min-h-12 w-full whitespace-normal py-3 text-center"
        disabled={skipping}
        onClick={onSkip}
      >
        Skip for now - I&apos;ll upgrade later
      </Button>
    </div>
  );
}
