import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/utils';

/** A spinning icon, hidden from assistive tech: say what is loading next to it. */
export function Spinner({ className }: { className?: string }) {
  return (
    <LoaderCircle
      className={cn('size-4 animate-spin motion-reduce:animate-none', className)}
      aria-hidden="true"
    />
  );
}
