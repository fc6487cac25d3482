import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { MessageCard } from '../components/message-card';
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
      <MessageCard
        icon={icon}
        eyebrow={eyebrow}
        title={title}
        actions={
          homeLink ? (
            <Button asChild variant="outline">
              <Link to="/">
                <ArrowLeft aria-hidden="true" />
                Back to home
              </Link>
            </Button>
          ) : null
        }
      >
        {children}
      </MessageCard>
    </section>
  );
}
