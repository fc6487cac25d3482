import { Slot } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Spinner } from './spinner';

const base =
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0';

const variants = {
  primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
  secondary: 'bg-muted text-foreground hover:bg-accent hover:text-accent-foreground',
  outline:
    'border border-border bg-card text-foreground shadow-xs hover:bg-accent hover:text-accent-foreground',
  ghost: 'text-foreground hover:bg-accent hover:text-accent-foreground',
  destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
  link: 'text-brand-text underline-offset-4 hover:underline',
} as const;

const sizes = {
  sm: 'h-9 px-3',
  md: 'h-10 px-4',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10',
} as const;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
} & (
    | {
        /** Render the single child (e.g. a router <Link>) with button styles. */
        asChild: true;
        pending?: never;
        pendingText?: never;
      }
    | {
        asChild?: false;
        /** While true: disabled, aria-busy, and a spinner with pendingText instead of the children. */
        pending?: boolean;
        /** What is happening while pending, e.g. "Saving...". */
        pendingText?: ReactNode;
      }
  );

export function buttonClassName({
  variant = 'primary',
  size = 'md',
  className,
}: Pick<ButtonProps, 'variant' | 'size' | 'className'> = {}): string {
  return cn(base, variants[variant], sizes[size], className);
}

export function Button({
  variant,
  size,
  asChild = false,
  className,
  type,
  pending = false,
  pendingText,
  disabled,
  'aria-busy': ariaBusy,
  children,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      className={buttonClassName({ variant, size, className })}
      {...(asChild ? {} : { type: type ?? 'button' })}
      {...props}
      disabled={pending || disabled}
      aria-busy={pending || ariaBusy}
    >
      {pending ? (
        <>
          <Spinner />
          {pendingText}
        </>
      ) : (
        children
      )}
    </Component>
  );
}
