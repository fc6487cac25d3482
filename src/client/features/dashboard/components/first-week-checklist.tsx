// The first-week checklist (docs/product/business.md#first-week-checklist): the steps a new owner takes,
// each checked by what the server knows they did, with a link to where it is done. Gone once every step
// is done or the owner dismisses it; nothing at all while it loads or if it cannot be read (it is a
// nudge, the rest of the dashboard matters more).
import { ArrowRight, Check, X } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { Checklist } from '../../../../shared/schemas/dashboard';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { cn } from '../../../lib/utils';

export function FirstWeekChecklist({
  checklist,
  onDismiss,
  dismissing,
}: {
  checklist: Checklist | undefined;
  onDismiss: () => void;
  dismissing: boolean;
}) {
  const headingId = useId();
  const progressId = useId();
  if (!checklist || checklist.hidden) return null;
  const { steps } = checklist;
  const done = steps.filter((step) => step.done).length;
  const progress = `${done} of ${steps.length} done`;

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex flex-row items-start justify-between gap-3 p-4 pb-0 sm:p-6 sm:pb-0">
        <div className="grid min-w-0 gap-1">
          <h2 id={headingId} className="text-lg leading-tight font-semibold tracking-tight">
            Your first week
          </h2>
          <CardDescription>A few steps to your first testimonial on your own site.</CardDescription>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="-mt-1 -mr-2 shrink-0"
          aria-label="Dismiss the first-week checklist"
          disabled={dismissing}
          onClick={onDismiss}
        >
          <X aria-hidden="true" />
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4 p-4 sm:p-6">
        <div className="grid gap-2">
          <p id={progressId} className="text-sm font-medium text-muted-foreground tabular-nums">
            {progress}
          </p>
          <Progress value={done} max={steps.length} aria-labelledby={progressId} />
        </div>
        <ul className="grid gap-2" aria-label="First-week steps">
          {steps.map((step) => (
            <li key={step.id}>
              <Link
                to={step.href}
                className={cn(
                  'group flex min-h-11 items-center gap-3 rounded-xl border border-border px-3 py-2 text-sm transition-colors',
                  'hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  step.done && 'bg-surface',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-6 shrink-0 items-center justify-center rounded-full border-2',
                    step.done
                      ? 'border-success bg-success text-white dark:text-slate-950'
                      : 'border-muted-foreground/40',
                  )}
                >
                  {step.done ? <Check className="size-4" strokeWidth={3} /> : null}
                </span>
                <span
                  className={cn(
                    'min-w-0 flex-1 text-pretty',
                    step.done ? 'text-muted-foreground line-through' : 'font-medium',
                  )}
                >
                  {step.title}
                  <span className="sr-only">{step.done ? ' (done)' : ' (not done yet)'}</span>
                </span>
                {step.done ? null : (
                  <ArrowRight
                    aria-hidden="true"
                    className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                  />
                )}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
