import { productName } from '../lib/product';
import { cn } from '../lib/utils';
import { PageLink } from './page-link';

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      className={cn('size-8', className)}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path
        d="M9 16.5l4.5 4.5L23 11.5"
        fill="none"
        stroke="#fff"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The product mark and name, linking home. */
export function BrandLogo({ className }: { className?: string }) {
  return (
    <PageLink
      to="/"
      className={cn(
        'inline-flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-foreground',
        className,
      )}
    >
      <BrandMark />
      <span>{productName}</span>
      <span className="sr-only">home</span>
    </PageLink>
  );
}
