// /integrations (docs/product/integrations.md#integrations-screen; behind the paid-access gate):
// the API key, the connected Wix sites, the webhooks, the review sources and the developer notes. Google's sign-in
// comes back here with `code` and `state`, which are posted on once and taken out of the address. A 401 from a
// read means the session is gone: "Unauthorized / Please sign in to continue",
// then / (docs/product/integrations.md#integrations-screen), as on the other owner pages.
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useEndSessionOnUnauthorized } from '../../components/session-expired';
import { toast } from '../../components/ui/toast';
import { productName } from '../../lib/product';
import { useApiKey, useWixSites } from './api';
import { ApiKeyCard } from './components/api-key-card';
import { DeveloperNotes } from './components/developer-notes';
import { ReviewSourcesCard } from './components/review-sources-card';
import { WebhooksCard } from './components/webhooks-card';
import { WixSitesCard } from './components/wix-sites-card';
import { useFinishGoogleAuth, useReviewSources } from './review-sources-api';
import { useWebhooks } from './webhooks-api';

/** Back from Google's sign-in: posts the code once, then clears the address (a reload must not post it again). */
function useGoogleCallback() {
  const [params, setParams] = useSearchParams();
  const finish = useFinishGoogleAuth();
  const handled = useRef(false);
  const code = params.get('code');
  const state = params.get('state');
  const refused = params.get('error');
  useEffect(() => {
    if (handled.current || !state || (!code && !refused)) return;
    handled.current = true;
    setParams({}, { replace: true });
    if (code) finish.mutate({ code, state });
    else
      toast({
        title: 'Google was not connected',
        description: 'Google sign-in was cancelled. You can try again at any time.',
        variant: 'destructive',
      });
  }, [code, state, refused, finish, setParams]);
}

export function IntegrationsPage() {
  const apiKey = useApiKey();
  const wixSites = useWixSites();
  const webhooks = useWebhooks();
  const reviewSources = useReviewSources();
  const sessionEnded = useEndSessionOnUnauthorized(
    'page',
    apiKey,
    wixSites,
    webhooks,
    reviewSources,
  );
  useGoogleCallback();

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{`Integrations · ${productName}`}</title>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Integrations</h1>
        <p className="mt-2 text-pretty text-muted-foreground">
          Connect {productName} to your own code with an API key and webhooks, to your Wix sites,
          and to the places where customers review you.
        </p>
      </header>
      <div className="mt-8 grid gap-6">
        <ApiKeyCard query={apiKey} sessionEnded={sessionEnded} />
        <WixSitesCard query={wixSites} sessionEnded={sessionEnded} />
        <WebhooksCard query={webhooks} sessionEnded={sessionEnded} />
        <ReviewSourcesCard query={reviewSources} sessionEnded={sessionEnded} />
        <DeveloperNotes />
      </div>
    </div>
  );
}
