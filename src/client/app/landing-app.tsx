// The public pages that need no script but the header's theme toggle, each as
// its own page: the landing page (docs/product/marketing.md#landing-page) and /terms. What a
// signed-out visitor gets there is rendered by the server
// (render/server-entry.tsx) without the router or the data layer of the full
// app, and landing.tsx hydrates the one interactive part. A visitor with a
// session cookie gets the full app at those paths.
import { StrictMode, type ReactNode } from 'react';
import { PublicFrame, SignedOutLinks } from './layouts/public-frame';
import { ThemeProvider } from '../lib/theme';
import { LandingPage } from '../features/marketing/landing-page';
import { TermsPage } from '../features/marketing/terms-page';

function SignedOutPage({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <ThemeProvider>
        <PublicFrame account={<SignedOutLinks />}>{children}</PublicFrame>
      </ThemeProvider>
    </StrictMode>
  );
}

export function LandingApp({ demoWidgetSlug }: { demoWidgetSlug: string | undefined }) {
  return (
    <SignedOutPage>
      <LandingPage demoWidgetSlug={demoWidgetSlug} />
    </SignedOutPage>
  );
}

export function TermsApp() {
  return (
    <SignedOutPage>
      <TermsPage />
    </SignedOutPage>
  );
}
