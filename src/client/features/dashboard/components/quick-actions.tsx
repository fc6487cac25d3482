import type { Business } from '../../../../shared/schemas/business';
import { collectionLinkFor } from '../../../components/collection-link';
import { CollectionLinkActions } from '../../../components/collection-link-actions';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';

/** Copy Collection Link and Generate QR Code (docs/product/testimonials.md#dashboard). */
export function QuickActions({ business }: { business: Business }) {
  const link = collectionLinkFor(business.collectionSlug);
  return (
    <Card role="region" aria-labelledby="quick-actions-heading">
      <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
        <h2
          id="quick-actions-heading"
          className="text-lg font-semibold leading-tight tracking-tight"
        >
          Quick Actions
        </h2>
        <CardDescription>
          Share your collection link so customers can leave a testimonial.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 p-4 sm:flex sm:flex-wrap sm:items-center sm:p-6">
        <CollectionLinkActions
          collectionSlug={business.collectionSlug}
          businessName={business.name}
        />
        <p
          className="min-w-0 truncate font-mono text-xs text-muted-foreground sm:ml-auto"
          title={link}
        >
          {link}
        </p>
      </CardContent>
    </Card>
  );
}
