import { Slot } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { useHydrated } from '../../lib/hydration';
import { cn } from '../../lib/utils';
import { buttonBaseClasses, type BUTTON_SIZES, type BUTTON_VARIANTS } from './button-classes';
import { Spinner } from './spinner';

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof BUTTON_VARIANTS;
  size?: keyof typeof BUTTON_SIZES;
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
  return cn(buttonBaseClasses(variant, size), className);
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
  // A server-rendered form must not submit natively (its fields would land in the address) before it is hydrated.
  const hydrated = useHydrated();
  return (
    <Component
      className={buttonClassName({ variant, size, className })}
      {...(asChild ? {} : { type: type ?? 'button' })}
      {...props}
      disabled={pending || disabled || (type === 'submit' && !hydrated)}
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
