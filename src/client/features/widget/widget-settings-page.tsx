// /widget (docs/product/widget.md#widget-settings-screen): the embed snippet, then the
// settings form beside a live preview of the real widget.
import { PageColumn } from '../../components/page-column';
import { LoadProblem, NoBusinessCard } from '../../components/page-states';
import { Skeleton } from '../../components/ui/skeleton';
import { productName } from '../../lib/product';
import { useBusiness } from '../../lib/session';
import { usePreviewTestimonials, useWidgetSettings } from './api';
import { EmbedCode } from './components/embed-code';
import { WidgetSettingsEditor } from './components/widget-settings-editor';

function EditorSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading widget settings"
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] xl:grid-cols-[minmax(0,1fr)_minmax(0,32rem)]"
    >
      <div className="grid gap-6">
        {[3, 4, 6].map((rows, card) => (
          <div key={card} className="grid gap-4 rounded-2xl border border-border bg-card p-6">
            <Skeleton className="h-6 w-32" />
            <Skeleton className="h-4 w-56" />
            {Array.from({ length: rows }, (_, row) => (
              <Skeleton key={row} className="h-9" />
            ))}
          </div>
        ))}
      </div>
      <Skeleton className="h-[26rem] rounded-2xl" />
    </div>
  );
}

export function WidgetSettingsPage() {
  const business = useBusiness();
  const settings = useWidgetSettings();
  const approved = usePreviewTestimonials();

  return (
    <PageColumn>
      <title>{`Widget Settings · ${productName}`}</title>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Widget Settings</h1>
        <p className="mt-2 text-pretty text-muted-foreground">
          Style the testimonial carousel on your website, see it change as you go, and copy the code
          that puts it there.
        </p>
      </header>

      <div className="mt-8 grid gap-6">
        {business.isPending ? (
          <div role="status" aria-label="Loading your widget" className="grid gap-6">
            <Skeleton className="h-52 rounded-2xl" />
            <EditorSkeleton />
          </div>
        ) : business.isError ? (
          <LoadProblem what="your business" onRetry={() => void business.refetch()} />
        ) : !business.data?.collectionSlug ? (
          <NoBusinessCard explanation="Your widget is made when you set up your business." />
        ) : (
          <>
            <EmbedCode slug={business.data.collectionSlug} />
            {settings.isPending ? (
              <EditorSkeleton />
            ) : settings.isError ? (
              <LoadProblem what="your widget settings" onRetry={() => void settings.refetch()} />
            ) : (
              <WidgetSettingsEditor
                settings={settings.data}
                business={business.data}
                approved={{
                  items: approved.data,
                  loading: approved.isPending,
                  failed: approved.isError,
                  retry: () => void approved.refetch(),
                }}
              />
            )}
          </>
        )}
      </div>
    </PageColumn>
  );
}
