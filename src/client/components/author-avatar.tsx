import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { initialsOf } from '../lib/initials';
import { cn, isDisplayableImageUrl } from '../lib/utils';

const sizes = {
  sm: 'size-9 text-xs',
  md: 'size-11 text-sm',
  lg: 'size-16 text-lg',
} as const;

/**
 * A testimonial author's photo, or their initials (docs/product/testimonials.md#testimonials-screen: first letters of
 * up to two words, uppercase) when there is no photo or it fails to load.
 * Decorative: the name is always shown beside it.
 */
export function AuthorAvatar({
  name,
  imageUrl,
  size = 'md',
  className,
}: {
  name: string;
  imageUrl: string | null | undefined;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const box = cn(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
    sizes[size],
    className,
  );
  if (imageUrl && failedUrl !== imageUrl && isDisplayableImageUrl(imageUrl)) {
    return (
      <span className={cn(box, 'border border-border bg-muted')}>
        <img
          src={imageUrl}
          alt=""
          className="size-full object-cover"
          referrerPolicy="no-referrer"
          onError={() => setFailedUrl(imageUrl)}
        />
      </span>
    );
  }
  const initials = initialsOf(name);
  return (
    <span
      aria-hidden="true"
      data-testid="author-initials"
      className={cn(
        box,
        'bg-brand-100 font-semibold tracking-wide text-brand-800 dark:bg-brand-900/60 dark:text-brand-100',
      )}
    >
      {initials || <UserRound className="size-1/2" aria-hidden="true" />}
    </span>
  );
}
