import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** A grey placeholder block shown while content loads (decorative). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-lg bg-muted motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
