import { Building2 } from 'lucide-react';
import { useState } from 'react';
import { cn, isDisplayableImageUrl } from '../lib/utils';

const sizes = {
  sm: 'size-8 text-sm',
  md: 'size-10 text-base',
  lg: 'size-20 text-3xl',
} as const;

/**
 * A business's logo, or the first letter of its name in a circle when there is
 * no logo (or it fails to load). Pass `decorative` when the name is shown beside it.
 */
export function BusinessAvatar({
  name,
  logoUrl,
  size = 'md',
  decorative = false,
  className,
}: {
  name: string | null | undefined;
  logoUrl: string | null | undefined;
  size?: keyof typeof sizes;
  decorative?: boolean;
  className?: string;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const trimmed = name?.trim() ?? '';
  const label = trimmed ? `${trimmed} logo` : 'Business logo';
  const box = cn(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
    sizes[size],
    className,
  );

  if (logoUrl && failedUrl !== logoUrl && isDisplayableImageUrl(logoUrl)) {
    return (
      <span className={cn(box, 'border border-border bg-white')}>
        <img
          src={logoUrl}
          alt={decorative ? '' : label}
          className="size-full object-contain"
          referrerPolicy="no-referrer"
          onError={() => setFailedUrl(logoUrl)}
        />
      </span>
    );
  }

  const letter = trimmed.charAt(0).toLocaleUpperCase();
  return (
    <span
      className={cn(box, 'bg-brand-600 font-semibold text-white')}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
    >
      {letter || <Building2 className="size-1/2" aria-hidden="true" />}
    </span>
  );
}
