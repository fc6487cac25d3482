// "Live Widget Preview" (docs/product/testimonials.md#dashboard): the real widget renderer
// (components/widget-preview.tsx) with the owner's settings and up to 6
// approved testimonials, and Customize leading to /widget. Photos in the
// widget open its own expanded photo view.
import { PanelsTopLeft, Settings2 } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { WIDGET_PREVIEW_MAX_ITEMS } from '../../../../shared/constants';
import type { Business } from '../../../../shared/schemas/business';
import type { Testimonial } from '../../../../shared/schemas/testimonials';
import type { PublicWidget } from '../../../../shared/schemas/widget';
import type { OwnerWidgetSettings } from '../../../../shared/schemas/widget-settings';
import { normalizeWidgetSettings } from '../../../../shared/widget-data';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { WidgetPreview } from '../../../components/widget-preview';
import { toWidgetTestimonial } from '../../../../shared/widget-testimonial';
import { CardLoadError } from '../../../components/page-states';

export function WidgetPreviewCard({
  business,
  settings,
  items,
  loading,
  failed,
  onRetry,
}: {
  business: Business | null | undefined;
  /** Undefined while loading or when it failed: the defaults stand in. */
  settings: OwnerWidgetSettings | undefined;
  items: Testimonial[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const data = useMemo<PublicWidget | null>(() => {
    if (!items || items.length === 0) return null;
    return {
      business: {
        name: business?.name ?? '',
        logoUrl: business?.logoUrl ?? null,
        collectionSlug: business?.collectionSlug ?? '',
      },
      settings: normalizeWidgetSettings(settings ?? {}),
      testimonials: items.slice(0, WIDGET_PREVIEW_MAX_ITEMS).map((t) => toWidgetTestimonial(t)),
    };
  }, [business, settings, items]);

  return (
    <Card role="region" aria-labelledby="widget-preview-heading" className="flex min-w-0 flex-col">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 p-4 pb-0 sm:p-6 sm:pb-0">
        <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
          <h2
            id="widget-preview-heading"
            className="text-lg font-semibold leading-tight tracking-tight"
          >
            Live Widget Preview
          </h2>
          <CardDescription>Your approved testimonials, as your website shows them.</CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/widget">
            <Settings2 aria-hidden="true" />
            Customize
          </Link>
        </Button>
      </CardHeader>
      <CardContent className="min-w-0 flex-1 p-4 sm:p-6">
        {loading ? (
          <div role="status" aria-label="Loading widget preview">
            <Skeleton className="h-64 rounded-xl" />
          </div>
        ) : failed ? (
          <CardLoadError what="your widget preview" onRetry={onRetry} />
        ) : data ? (
          <div className="rounded-xl border border-border bg-zinc-100 p-3 sm:p-4 dark:bg-zinc-900">
            <WidgetPreview data={data} />
          </div>
        ) : (
          <div className="grid justify-items-center gap-2 rounded-xl border border-dashed border-border px-4 py-10 text-center">
            <PanelsTopLeft className="size-6 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">No approved testimonials yet</p>
            <p className="text-sm text-muted-foreground">
              Approve a testimonial and it appears in your widget.{' '}
              {normalizeWidgetSettings(settings ?? {}).showInvite
                ? 'Until then, your website shows an invitation to write the first one.'
                : 'Until then, your website keeps an empty space where the widget goes.'}
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
