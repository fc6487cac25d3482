// The range of the Analytics screen: 7, 30 or 90 days up to today, or two dates of the owner's choosing, checked
// by the same schema the server checks them with.
import { useState, type SyntheticEvent } from 'react';
import { ANALYTICS_PRESET_DAYS } from '../../../../shared/analytics';
import {
  analyticsRangeQuerySchema,
  type AnalyticsRange,
} from '../../../../shared/schemas/analytics';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';
import { TEXT } from '../texts';
import type { RangeChoice } from '../use-range-address';

type Errors = { from?: string; to?: string };

const segment = (active: boolean) =>
  cn(
    'inline-flex h-9 items-center justify-center rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    active
      ? 'bg-card text-foreground shadow-sm'
      : 'text-muted-foreground hover:bg-card/60 hover:text-foreground',
  );

/** The two dates of a custom range, applied when they make a range the server takes. */
function CustomRange({
  range,
  onApply,
}: {
  range: AnalyticsRange;
  onApply: (range: AnalyticsRange) => void;
}) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = analyticsRangeQuerySchema.safeParse({ from, to });
    if (parsed.success) {
      setErrors({});
      onApply(parsed.data);
      return;
    }
    const found: Errors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'from' || field === 'to') && !found[field]) found[field] = issue.message;
    }
    setErrors(found);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Custom range"
      className="flex flex-wrap items-start gap-3"
    >
      <FormField label="From" error={errors.from} className="w-40">
        {(control) => (
          <Input
            {...control}
            type="date"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
          />
        )}
      </FormField>
      <FormField label="To" error={errors.to} className="w-40">
        {(control) => (
          <Input
            {...control}
            type="date"
            value={to}
            onChange={(event) => setTo(event.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" variant="outline" className="mt-6">
        {TEXT.apply}
      </Button>
    </form>
  );
}

export function RangePicker({
  choice,
  range,
  onChoose,
}: {
  choice: RangeChoice;
  /** The days shown now, to start a custom range from. */
  range: AnalyticsRange;
  onChoose: (choice: RangeChoice) => void;
}) {
  const [customOpen, setCustomOpen] = useState(false);
  const custom = 'custom' in choice || customOpen;
  return (
    <div className="grid gap-4">
      <div
        role="group"
        aria-label={TEXT.rangeLabel}
        className="inline-flex w-fit flex-wrap gap-1 rounded-xl bg-muted p-1"
      >
        {ANALYTICS_PRESET_DAYS.map((days) => {
          const active = !custom && 'preset' in choice && choice.preset === days;
          return (
            <button
              key={days}
              type="button"
              aria-pressed={active}
              className={segment(active)}
              onClick={() => {
                setCustomOpen(false);
                onChoose({ preset: days });
              }}
            >
              {days} days
            </button>
          );
        })}
        <button
          type="button"
          aria-pressed={custom}
          className={segment(custom)}
          onClick={() => setCustomOpen(true)}
        >
          {TEXT.custom}
        </button>
      </div>
      {custom ? (
        <CustomRange
          key={`${range.from}/${range.to}`}
          range={range}
          onApply={(next) => onChoose({ custom: next })}
        />
      ) : null}
    </div>
  );
}
