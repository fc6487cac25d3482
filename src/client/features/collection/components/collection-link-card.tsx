import { Check, Copy, Download, ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { COPIED_INDICATOR_MS } from '../../../../shared/constants';
import { collectionLinkFor, copyCollectionLink } from '../../../components/collection-link';
import { GenerateQrCodeButton } from '../../../components/qr-code-dialog';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import {
  downloadCollectionQrPng,
  downloadCollectionQrSvg,
} from '../../../../shared/contracts/collection';
import { useRecordCollectionShared } from '../../../lib/first-week';

/** The read-only collection link of `collectionSlug` with Copy, Open and Generate QR Code (printed under `businessName`). */
export function CollectionLinkCard({
  collectionSlug,
  businessName,
}: {
  collectionSlug: string;
  businessName: string;
}) {
  const link = collectionLinkFor(collectionSlug);
  const [copied, setCopied] = useState(false);
  const recordShared = useRecordCollectionShared();
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  return (
    <Card role="region" aria-labelledby="collection-link-title">
      <CardHeader>
        <h2
          id="collection-link-title"
          className="text-lg font-semibold leading-tight tracking-tight"
        >
          Your collection link
        </h2>
        <CardDescription>
          Share it with customers, or print the QR code for your counter, receipts and packaging.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex gap-2">
          <label htmlFor="collection-link" className="sr-only">
            Collection link
          </label>
          <Input
            id="collection-link"
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-sm sm:text-sm"
          />
          <Button
            variant="outline"
            className="px-3"
            onClick={() =>
              void copyCollectionLink(link).then((done) => {
                setCopied(done);
                if (done) recordShared('link_copied');
              })
            }
            aria-label="Copy collection link"
          >
            {copied ? (
              <Check className="text-success" aria-hidden="true" />
            ) : (
              <Copy aria-hidden="true" />
            )}
            <span className="hidden sm:inline" aria-hidden="true">
              {copied ? 'Copied' : 'Copy'}
            </span>
          </Button>
        </div>
        <div className="grid gap-2 sm:flex sm:flex-wrap">
          <Button asChild variant="outline">
            <a href={link} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              Open
              <span className="sr-only"> collection page (opens in a new tab)</span>
            </a>
          </Button>
          <GenerateQrCodeButton collectionSlug={collectionSlug} businessName={businessName} />
        </div>
        <div className="grid gap-2 border-t border-border pt-3">
          <h3 className="text-sm font-medium">Print-ready QR code</h3>
          <p className="text-sm text-pretty text-muted-foreground">
            For posters, flyers and packaging: sharp at any size, with your logo in the middle when
            you have one.
          </p>
          <div className="grid gap-2 sm:flex sm:flex-wrap">
            <Button asChild variant="outline">
              <a
                href={downloadCollectionQrSvg.path}
                download
                onClick={() => recordShared('qr_downloaded')}
              >
                <Download aria-hidden="true" />
                Download SVG
              </a>
            </Button>
            <Button asChild variant="outline">
              <a
                href={downloadCollectionQrPng.path}
                download
                onClick={() => recordShared('qr_downloaded')}
              >
                <Download aria-hidden="true" />
                Download PNG (print)
              </a>
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
