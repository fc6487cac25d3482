import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '../components/ui/button';
import { productName } from '../lib/product';

/** Centred message page: the not-found and error screens. */
export function MessagePage({
  icon,
  eyebrow,
  title,
  children,
  documentTitle,
  homeLink = true,
}: {
  icon: ReactNode;
  eyebrow?: string;
  title: string;
  children: ReactNode;
  documentTitle?: string;
  /** Show the "Back to home" button (not on the home page itself). */
  homeLink?: boolean;
}) {
  return (
    <section className="flex flex-1 items-center justify-center px-4 py-16 sm:py-24">
      <title>{`${documentTitle ?? title} · ${productName}`}</title>
      <div className="w-full max-w-lg rounded-3xl border border-border bg-card p-8 text-center shadow-sm sm:p-10">
        <div className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-accent text-brand-text [&_svg]:size-7">
          {icon}
        </div>
        {eyebrow ? (
          <p className="mt-6 text-xs font-semibold uppercase tracking-widest text-brand-text">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
        <div className="mt-3 text-pretty text-muted-foreground">{children}</div>
        {homeLink ? (
          <Button asChild variant="outline" className="mt-8">
            <Link to="/">
              <ArrowLeft aria-hidden="true" />
              Back to home
            </Link>
          </Button>
        ) : null}
      </div>
    </section>
  );
}
