import type { ComponentProps } from 'react';
import { useHydrated } from '../../lib/hydration';
import { cn } from '../../lib/utils';

export function Input({ className, type = 'text', readOnly, ...props }: ComponentProps<'input'>) {
  // Typing into a server-rendered form before it is hydrated would be lost: its form library resets fields it registers.
  const hydrated = useHydrated();
  return (
    <input
      type={type}
      className={cn(
        'flex h-10 w-full min-w-0 rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground shadow-xs transition-colors sm:text-sm',
        'placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive file:border-0 file:bg-transparent file:text-sm file:font-medium',
        className,
      )}
      readOnly={readOnly || !hydrated}
      {...props}
    />
  );
}
