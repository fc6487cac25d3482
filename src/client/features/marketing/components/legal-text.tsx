// Small typographic building blocks for long legal text.
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../../lib/utils';

export function LegalSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="scroll-mt-24">
      <h3 id={id} className="mt-10 text-lg font-semibold tracking-tight text-foreground">
        {title}
      </h3>
      <div className="mt-3 space-y-4">{children}</div>
    </section>
  );
}

export function LegalList({ className, ...props }: ComponentProps<'ul'>) {
  return (
    <ul
      className={cn('list-disc space-y-2 pl-6 marker:text-muted-foreground', className)}
      {...props}
    />
  );
}

export function TextLink({ className, ...props }: ComponentProps<'a'>) {
  return (
    <a
      className={cn(
        'font-medium text-brand-text underline underline-offset-4 hover:no-underline',
        className,
      )}
      {...props}
    />
  );
}
