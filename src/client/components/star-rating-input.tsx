// A 1-5 star rating as a native radio group: Tab reaches it, the arrow keys
// move between stars, each star is announced as "n stars". Hovering (or
// focusing) a star previews it.
import { Star } from 'lucide-react';
import { useId, useState, type Ref } from 'react';
import { RATING_MAX } from '../../shared/constants';
import { useHydrated } from '../lib/hydration';
import { cn } from '../lib/utils';

const starWords = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

export function StarRatingInput({
  label,
  value,
  onChange,
  onBlur,
  name,
  required = false,
  invalid = false,
  describedBy,
  inputRef,
  hint,
  disabled = false,
}: {
  label: string;
  /** 0 or null for no rating yet. */
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  onBlur?: () => void;
  name?: string;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** Receives the first radio, so a form can move focus here on an error. */
  inputRef?: Ref<HTMLInputElement>;
  hint?: string;
  disabled?: boolean;
}) {
  const id = useId();
  // A star clicked on a server-rendered form before hydration would be forgotten: the stars wait for it.
  const hydrated = useHydrated();
  const [preview, setPreview] = useState<number | null>(null);
  const current = value ?? 0;
  const shown = preview ?? current;
  const summary =
    current > 0 ? `${current} out of ${RATING_MAX} stars · ${starWords[current]}` : (hint ?? '');

  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={describedBy}
      disabled={disabled || !hydrated}
      onMouseLeave={() => setPreview(null)}
    >
      <legend className="mb-2 text-sm font-medium leading-none text-foreground">{label}</legend>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="-ml-1.5 flex" role="presentation">
          {Array.from({ length: RATING_MAX }, (_, index) => {
            const star = index + 1;
            return (
              <span key={star} className="relative" onMouseEnter={() => setPreview(star)}>
                {/* The real radio covers its star: taps, clicks and the keyboard all reach it. */}
                <input
                  ref={index === 0 ? inputRef : undefined}
                  type="radio"
                  name={name ?? id}
                  value={star}
                  checked={current === star}
                  required={required}
                  aria-invalid={invalid || undefined}
                  onChange={() => onChange(star)}
                  onFocus={() => setPreview(null)}
                  onBlur={onBlur}
                  className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
                  aria-label={star === 1 ? '1 star' : `${star} stars`}
                />
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-11 items-center justify-center rounded-lg transition-transform',
                    'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-0 peer-focus-visible:outline-ring',
                    'peer-hover:scale-110 motion-reduce:peer-hover:scale-100',
                  )}
                >
                  <Star
                    aria-hidden="true"
                    className={cn(
                      'size-8 transition-colors',
                      star <= shown
                        ? 'fill-amber-400 text-amber-500'
                        : invalid
                          ? 'fill-transparent text-red-400 dark:text-red-500'
                          : 'fill-transparent text-slate-300 dark:text-slate-600',
                    )}
                    strokeWidth={1.75}
                  />
                </span>
              </span>
            );
          })}
        </div>
        <p className="text-sm text-muted-foreground" aria-hidden="true">
          {summary}
        </p>
        {!required && current > 0 ? (
          <button
            type="button"
            onClick={() => onChange(null)}
            className="rounded text-sm font-medium text-brand-text underline-offset-4 hover:underline"
          >
            Clear rating
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}
