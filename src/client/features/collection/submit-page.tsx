// /submit/:slug (docs/product/collection.md#public-submit-screen): the page a customer opens
// from a link or a QR code, usually on a phone. No navigation bar: the
// business's identity, its welcome message, the form, then the thank-you.
// Opened from a request email's star link (?request=…&rating=…), the form
// starts with that rating and the customer's name and email.
import { useQuery } from '@tanstack/react-query';
import { CloudOff, SearchX } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { safeRedirectUrl } from '../../../shared/collection-settings';
import { BrandMark } from '../../components/brand-logo';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { productName } from '../../lib/product';
import {
  collectionQueries,
  isBusinessNotFound,
  isRequestLinkUnknown,
  useRequestPrefill,
} from './api';
import { useFormAnalytics } from './form-analytics';
import { CollectionPageHeader } from './components/collection-page-header';
import { TestimonialForm } from './components/testimonial-form';
import { ThankYou } from './components/thank-you';
import { readStarLink } from './star-link';

/** Where the id of the customer's latest testimonial is kept (docs/product/collection.md#submit-flow). */
const CURRENT_TESTIMONIAL_ID_KEY = 'currentTestimonialId';

function rememberTestimonial(id: string): void {
  try {
    window.localStorage.setItem(CURRENT_TESTIMONIAL_ID_KEY, id);
  } catch {
    // Storage blocked (private mode): nothing else depends on it.
  }
}

function PageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <title>{title}</title>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 flex-col px-4 pb-10 pt-8 outline-none sm:pt-14"
      >
        <div className="mx-auto w-full max-w-xl">{children}</div>
      </main>
      <footer className="px-4 pb-8 text-center text-xs text-muted-foreground">
        <Link
          to="/"
          className="inline-flex items-center gap-1.5 rounded font-medium hover:text-foreground"
        >
          <BrandMark className="size-4" />
          Powered by {productName}
        </Link>
      </footer>
    </div>
  );
}

function MessageCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="mt-8 rounded-3xl border border-border bg-card p-8 text-center shadow-sm sm:mt-16">
      <div className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-accent text-brand-text [&_svg]:size-7">
        {icon}
      </div>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-balance">{title}</h1>
      <div className="mt-2 text-pretty text-muted-foreground">{children}</div>
    </div>
  );
}

function LoadingForm() {
  return (
    <div role="status" aria-label="Loading the testimonial form" className="grid gap-8">
      <div className="grid justify-items-center gap-3">
        <Skeleton className="size-20 rounded-full" />
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-64" />
      </div>
      <div className="grid gap-5 rounded-3xl border border-border bg-card p-5 shadow-sm sm:p-8">
        <Skeleton className="h-10 w-52" />
        <Skeleton className="h-32" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
        <Skeleton className="h-12" />
      </div>
    </div>
  );
}

export function SubmitPage() {
  const { slug = '' } = useParams();
  const business = useQuery({ ...collectionQueries.publicBusiness(slug), retry: false });
  const [submitted, setSubmitted] = useState(false);
  const [search] = useSearchParams();
  const starLink = readStarLink(search);
  const prefill = useRequestPrefill(starLink?.token ?? null);
  const formStarted = useFormAnalytics(slug, business.isSuccess);

  if (business.isPending) {
    return (
      <PageFrame title={`Share Your Experience · ${productName}`}>
        <LoadingForm />
      </PageFrame>
    );
  }

  if (business.isError) {
    if (isBusinessNotFound(business.error)) {
      return (
        <PageFrame title={`Business Not Found · ${productName}`}>
          <MessageCard icon={<SearchX aria-hidden="true" />} title="Business Not Found">
            <p>The testimonial link you&apos;re looking for doesn&apos;t exist.</p>
          </MessageCard>
        </PageFrame>
      );
    }
    return (
      <PageFrame title={`Share Your Experience · ${productName}`}>
        <MessageCard icon={<CloudOff aria-hidden="true" />} title="Couldn't load this form">
          <p>Check your connection and try again.</p>
          <Button className="mt-6" onClick={() => void business.refetch()}>
            Try again
          </Button>
        </MessageCard>
      </PageFrame>
    );
  }

  const { name, logoUrl, collectionSettings: settings } = business.data;
  return (
    <PageFrame title={`Share your experience with ${name}`}>
      <CollectionPageHeader
        name={name}
        logoUrl={logoUrl}
        welcomeMessage={submitted ? undefined : settings.welcomeMessage}
      />
      <div
        className="mt-8 rounded-3xl border border-border bg-card p-5 shadow-sm sm:p-8"
        // The first field touched starts the form (form-analytics.ts).
        onFocus={submitted ? undefined : formStarted}
        onInput={submitted ? undefined : formStarted}
      >
        {submitted ? (
          <ThankYou redirectUrl={safeRedirectUrl(settings.redirectAfterSubmission)} />
        ) : (
          <TestimonialForm
            slug={slug}
            settings={settings}
            // A star link's form is the same form, whatever the star: it only
            // starts filled in. A token the server does not know is not sent.
            request={
              starLink
                ? {
                    token: isRequestLinkUnknown(prefill.error) ? undefined : starLink.token,
                    rating: starLink.rating,
                    customer: prefill.data,
                  }
                : undefined
            }
            onSubmitted={(id) => {
              rememberTestimonial(id);
              setSubmitted(true);
              window.scrollTo({ top: 0 });
            }}
          />
        )}
      </div>
    </PageFrame>
  );
}
