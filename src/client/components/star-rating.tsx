import { Star } from 'lucide-react';
import { RATING_MAX } from '../../shared/constants';
import { cn } from '../lib/utils';

/** A read-only rating: filled stars, announced as "n out of 5 stars". 0 means not rated. */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  if (rating <= 0) {
    return <span className={cn('text-xs text-muted-foreground', className)}>No rating</span>;
  }
  const label = `${rating} out of ${RATING_MAX} stars`;
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={cn('inline-flex gap-0.5', className)}
    >
      {Array.from({ length: RATING_MAX }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          strokeWidth={1.75}
          className={cn(
            'size-4',
            index < rating
              ? 'fill-amber-400 text-amber-500'
              : 'fill-transparent text-slate-300 dark:text-slate-600',
          )}
        />
      ))}
    </span>
  );
}
