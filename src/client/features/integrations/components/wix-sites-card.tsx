// "Wix sites" of the Integrations screen (docs/product/integrations.md#integrations-screen, docs/product/integrations.md#wix-connect): the sites
// linked to this account, newest first, each with Disconnect behind a
// confirmation. Sites are connected from Wix (its dashboard opens
// /auth?…redirect=wix-connect), never from here.
import type { UseQueryResult } from '@tanstack/react-query';
import { Globe, Unlink } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { WixSite } from '../../../../shared/schemas/integrations';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CardEmpty, CardLoadError } from '../../../components/page-states';
import { SettingsSection } from '../../../components/settings-section';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { productName } from '../../../lib/product';
import { useDisconnectWixSite } from '../api';
import { formatDate, wixSiteLabel } from '../format';

export function WixSitesCard({
  query,
  sessionEnded,
}: {
  query: UseQueryResult<WixSite[]>;
  sessionEnded: boolean;
}) {
  // A disconnected site takes its focused button with it: focus lands on what is left.
  const contentRef = useRef<HTMLDivElement>(null);
  const count = query.data?.length;
  const previousCount = useRef(count);
  useEffect(() => {
    const fewer =
      count !== undefined && previousCount.current !== undefined && count < previousCount.current;
    previousCount.current = count;
    if (!fewer) return;
    const timer = window.setTimeout(() => contentRef.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [count]);
  return (
    <SettingsSection
      id="wix-sites"
      title="Wix sites"
      description={`Wix sites connected to your account show your approved testimonials through the ${productName} Wix app.`}
    >
      {query.isPending || sessionEnded ? (
        <div role="status" aria-label="Loading Wix sites" className="grid gap-3">
          {[0, 1].map((row) => (
            <Skeleton key={row} className="h-12 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <CardLoadError what="your Wix sites" onRetry={() => void query.refetch()} />
      ) : (
        <div ref={contentRef} tabIndex={-1} className="outline-none">
          {query.data.length === 0 ? <NoSites /> : <SiteList sites={query.data} />}
        </div>
      )}
    </SettingsSection>
  );
}

function NoSites() {
  return (
    <CardEmpty title="No Wix sites connected yet">
      To connect a site, open {productName} from your Wix site&apos;s dashboard and sign in. The
      site shows up here once it is connected.
    </CardEmpty>
  );
}

function SiteList({ sites }: { sites: WixSite[] }) {
  const disconnect = useDisconnectWixSite();
  return (
    <ul aria-label="Connected Wix sites" className="divide-y divide-border">
      {sites.map((site) => {
        const name = wixSiteLabel(site.siteName);
        const pending = disconnect.isPending && disconnect.variables === site.wixSiteId;
        return (
          <li
            key={site.wixSiteId}
            className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="flex min-w-0 items-start gap-3">
              <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-brand-text">
                <Globe className="size-4" aria-hidden="true" />
              </span>
              <div className="grid min-w-0 gap-0.5">
                <p className="font-medium break-words">{name}</p>
                <p className="font-mono text-xs break-all text-muted-foreground">
                  <span className="sr-only">Site ID: </span>
                  {site.wixSiteId}
                </p>
                <p className="text-xs text-muted-foreground">
                  Connected {formatDate(site.createdAt)}
                </p>
              </div>
            </div>
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="sm" className="w-full sm:w-auto">
                  <Unlink aria-hidden="true" />
                  Disconnect
                  <span className="sr-only"> {name}</span>
                </Button>
              }
              title="Disconnect this Wix site?"
              description={
                <>
                  <p>
                    <span className="font-medium text-foreground">{name}</span>{' '}
                    <span className="font-mono text-xs break-all">({site.wixSiteId})</span> stops
                    showing your testimonials through the Wix app.
                  </p>
                  <p>You can connect it again at any time from the Wix dashboard.</p>
                </>
              }
              confirmLabel="Disconnect"
              pendingLabel="Disconnecting..."
              pending={pending}
              onConfirm={(done) => disconnect.mutate(site.wixSiteId, { onSettled: done })}
            />
          </li>
        );
      })}
    </ul>
  );
}
