import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/**
 * A styled native `<select>`: the browser's own picker (keyboard, mobile wheels, form reset) with
 * the Input look and a chevron in place of the platform arrow. Props and `ref` go to the
 * `<select>`; `className` too, while the wrapper only positions the chevron.
 */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select
        className={cn(
          'flex h-10 w-full min-w-0 appearance-none rounded-lg border border-input bg-background py-2 pl-3 pr-9 text-base text-foreground shadow-xs transition-colors sm:text-sm',
          'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
          // The open list is drawn by the platform: tell it the theme so it is not white in dark mode.
          'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive dark:scheme-dark',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}
