import { CircleAlert } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/utils';

/**
 * A message box that is announced when it appears (role=alert): a problem the
 * person has to act on, such as a missing photo.
 */
export function Alert({
  className,
  children,
  icon = <CircleAlert aria-hidden="true" />,
  ...props
}: ComponentProps<'div'> & { icon?: ReactNode }) {
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-2.5 rounded-xl border border-red-200 bg-red-50 px-3.5 py-3 text-sm font-medium text-red-800 dark:border-red-900/70 dark:bg-red-950/40 dark:text-red-300 [&>svg]:mt-px [&>svg]:size-4 [&>svg]:shrink-0',
        className,
      )}
      {...props}
    >
      {icon}
      <div className="min-w-0">{children}</div>
    </div>
  );
}
