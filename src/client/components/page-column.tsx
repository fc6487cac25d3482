// The column the owner's navigation bar and its wide pages share: one width and
// one side gutter, so each page's heading starts right under the logo.
import type { ReactNode } from 'react';
import { cn } from '../lib/utils';

/** Centred, at most max-w-6xl, with the page gutter on both sides. */
export const PAGE_COLUMN = 'mx-auto w-full max-w-6xl px-4 sm:px-6';

/** A wide owner page (dashboard, testimonials, widget, collection link, requests) in the header's column. */
export function PageColumn({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn(PAGE_COLUMN, 'py-8 sm:py-12', className)}>{children}</div>;
}
