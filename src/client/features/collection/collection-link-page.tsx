// /collection-link (docs/product/collection.md#collection-link-screen): the public link with
// Copy, Open and the QR code, then the form settings beside a live preview.
import { PageColumn } from '../../components/page-column';
import { LoadProblem, NoBusinessCard } from '../../components/page-states';
import { Skeleton } from '../../components/ui/skeleton';
import { productName } from '../../lib/product';
import { useBusiness } from '../../lib/session';
import { useCollectionSettings } from './api';
import { CollectionLinkCard } from './components/collection-link-card';
import { CollectionSettingsEditor } from './components/collection-settings-editor';

function SettingsSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading form settings"
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]"
    >
      <div className="grid gap-4 rounded-2xl border border-border bg-card p-6">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-20" />
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className="h-8" />
        ))}
      </div>
      <Skeleton className="h-[32rem] rounded-2xl" />
    </div>
  );
}

export function CollectionLinkPage() {
  const business = useBusiness();
  const settings = useCollectionSettings();

  return (
    <PageColumn>
      <title>{`Collection Link · ${productName}`}</title>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Collection Link</h1>
        <p className="mt-2 text-pretty text-muted-foreground">
          Where customers leave testimonials, and what the form asks them.
        </p>
      </header>

      <div className="mt-8 grid gap-6">
        {business.isPending ? (
          <div role="status" aria-label="Loading your collection link" className="grid gap-6">
            <Skeleton className="h-44 rounded-2xl" />
            <SettingsSkeleton />
          </div>
        ) : business.isError ? (
          <LoadProblem what="your business" onRetry={() => void business.refetch()} />
        ) : !business.data?.collectionSlug ? (
          <NoBusinessCard explanation="Your collection link and QR code are made when you set up your business." />
        ) : (
          <>
            <CollectionLinkCard
              collectionSlug={business.data.collectionSlug}
              businessName={business.data.name}
            />
            {settings.isPending ? (
              <SettingsSkeleton />
            ) : settings.isError ? (
              <LoadProblem what="your form settings" onRetry={() => void settings.refetch()} />
            ) : (
              <CollectionSettingsEditor settings={settings.data} business={business.data} />
            )}
          </>
        )}
      </div>
    </PageColumn>
  );
}
