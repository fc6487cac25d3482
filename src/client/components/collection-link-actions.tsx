// Copy Collection Link and Generate QR Code: the two ways to share the
// collection link wherever an owner is asked to (the dashboard's Quick
// Actions, the testimonials screen while it is empty).
import { Copy } from 'lucide-react';
import { useRecordCollectionShared } from '../lib/first-week';
import { cn } from '../lib/utils';
import { collectionLinkFor, copyCollectionLink } from './collection-link';
import { GenerateQrCodeButton } from './qr-code-dialog';
import { Button } from './ui/button';

/** The collection link of `collectionSlug`; `businessName` heads the printed QR code. */
export function CollectionLinkActions({
  collectionSlug,
  businessName,
  className,
}: {
  collectionSlug: string;
  businessName: string;
  className?: string;
}) {
  const recordShared = useRecordCollectionShared();
  const link = collectionLinkFor(collectionSlug);
  return (
    <div className={cn('grid gap-2 sm:flex sm:flex-wrap', className)}>
      <Button
        variant="outline"
        onClick={() =>
          void copyCollectionLink(link).then((copied) => copied && recordShared('link_copied'))
        }
      >
        <Copy aria-hidden="true" />
        Copy Collection Link
      </Button>
      <GenerateQrCodeButton collectionSlug={collectionSlug} businessName={businessName} />
    </div>
  );
}
