import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/**
 * A progress bar; `value` and `max` as in <progress>. Without a value it is indeterminate: work is under way and
 * how much is left is not known (a band sweeps across; with reduced motion, the bar is full and dimmed). Give it an
 * accessible name.
 */
export function Progress({
  className,
  value,
  max = 100,
  ...props
}: ComponentProps<typeof ProgressPrimitive.Root>) {
  const indeterminate = value == null;
  const percent = indeterminate ? 0 : Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <ProgressPrimitive.Root
      value={value}
      max={max}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn(
          'h-full rounded-full bg-primary',
          indeterminate
            ? 'w-1/3 animate-indeterminate motion-reduce:w-full motion-reduce:animate-none motion-reduce:opacity-50'
            : 'transition-[width] duration-300 ease-out',
        )}
        style={indeterminate ? undefined : { width: `${percent}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
