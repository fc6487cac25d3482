// /integrations (docs/product/integrations.md#integrations-screen; behind the paid-access gate):
// the API key, the connected Wix sites, the webhooks and the developer notes. A 401 from a
// read means the session is gone: "Unauthorized / Please sign in to continue",
// then / (docs/product/integrations.md#integrations-screen), as on the other owner pages.
import { useEndSessionOnUnauthorized } from '../../components/session-expired';
import { productName } from '../../lib/product';
import { useApiKey, useWixSites } from './api';
import { ApiKeyCard } from './components/api-key-card';
import { DeveloperNotes } from './components/developer-notes';
import { WebhooksCard } from './components/webhooks-card';
import { WixSitesCard } from './components/wix-sites-card';
import { useWebhooks } from './webhooks-api';

export function IntegrationsPage() {
  const apiKey = useApiKey();
  const wixSites = useWixSites();
  const webhooks = useWebhooks();
  const sessionEnded = useEndSessionOnUnauthorized('page', apiKey, wixSites, webhooks);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{`Integrations · ${productName}`}</title>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Integrations</h1>
        <p className="mt-2 text-pretty text-muted-foreground">
          Connect {productName} to your own code with an API key and webhooks, and to your Wix
          sites.
        </p>
      </header>
      <div className="mt-8 grid gap-6">
        <ApiKeyCard query={apiKey} sessionEnded={sessionEnded} />
        <WixSitesCard query={wixSites} sessionEnded={sessionEnded} />
        <WebhooksCard query={webhooks} sessionEnded={sessionEnded} />
        <DeveloperNotes />
      </div>
    </div>
  );
}
