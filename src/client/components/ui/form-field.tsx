import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Label } from './label';

/** Props a form control needs to be tied to its label, hint and error message. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * A labelled form row: the label points at the control, and the hint and the
 * error message (announced with role=alert) are linked with aria-describedby.
 */
export function FormField({
  label,
  labelAside,
  hint,
  error,
  className,
  children,
}: {
  label: ReactNode;
  /** Shown at the end of the label row, e.g. a "Forgot your password?" link. */
  labelAside?: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex min-h-4 items-center justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A field's validation message, announced when it appears. */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive dark:text-red-400">
      {message}
    </p>
  );
}
