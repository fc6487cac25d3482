// The landing page as its own page (SPEC §2 "Landing page"): what a
// signed-out visitor gets at /, rendered by the server (render/server-entry.tsx)
// without the router or the data layer of the full app; landing.tsx hydrates
// its one interactive part. A visitor with a session cookie gets the full app at /.
import { StrictMode } from 'react';
import { PublicFrame, SignedOutLinks } from './layouts/public-frame';
import { ThemeProvider } from '../lib/theme';
import { LandingPage } from '../features/marketing/landing-page';

export function LandingApp({ demoWidgetSlug }: { demoWidgetSlug: string | undefined }) {
  return (
    <StrictMode>
      <ThemeProvider>
        <PublicFrame account={<SignedOutLinks />}>
          <LandingPage demoWidgetSlug={demoWidgetSlug} />
        </PublicFrame>
      </ThemeProvider>
    </StrictMode>
  );
}
