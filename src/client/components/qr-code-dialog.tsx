// The QR code dialog (docs/product/testimonials.md#dashboard, docs/product/collection.md#collection-link-screen): a
// 300x300 QR code of the collection link, made in the browser (no outside
// service), with Download (testimonial-qr-code.png) and Print (a page titled
// "Scan to Leave a Testimonial" under the business's name, so a customer at
// the counter knows whose form it opens). Printing builds the page with DOM
// calls and calls print() from here, so it runs under our CSP (no inline scripts).
import { useQuery } from '@tanstack/react-query';
import { Download, Printer, QrCode, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { qrCollectionLink } from '../../shared/app-pages';
import { QR_CODE_SIZE_PX } from '../../shared/constants';
import { useRecordCollectionShared } from '../lib/first-week';
import { collectionLinkFor } from './collection-link';
import { Button } from './ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './ui/dialog';
import { Skeleton } from './ui/skeleton';
import { MINUTE_MS } from '../../shared/time';

const QR_CODE_FILE_NAME = 'testimonial-qr-code.png';
const QR_PRINT_TITLE = 'Scan to Leave a Testimonial';

/** A PNG data URL of the QR code of `text`, QR_CODE_SIZE_PX square. */
async function qrCodeDataUrl(text: string): Promise<string> {
  // Loaded on demand: only this dialog needs the encoder.
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(text, {
    width: QR_CODE_SIZE_PX,
    margin: 2,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000', light: '#ffffff' },
  });
}

/** What the printed page shows. */
export type QrPrint = { dataUrl: string; link: string; businessName: string };

/** Fills an empty document with the printable page: business name, heading, QR code and link. */
function writePrintPage(doc: Document, { dataUrl, link, businessName }: QrPrint): HTMLImageElement {
  doc.title = QR_PRINT_TITLE;
  const style = doc.createElement('style');
  style.textContent = `
    @page { margin: 16mm; }
    html { color-scheme: light; }
    body { margin: 0; padding: 48px 24px; background: #fff; color: #0f172a; text-align: center;
      font-family: Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; }
    .business { margin: 0 0 8px; font-size: 36px; font-weight: 800; line-height: 1.15; overflow-wrap: anywhere; }
    h1 { margin: 0 0 24px; font-size: 24px; font-weight: 600; line-height: 1.2; color: #334155; }
    img { display: block; width: ${QR_CODE_SIZE_PX}px; height: ${QR_CODE_SIZE_PX}px; margin: 0 auto; }
    .link { margin: 24px auto 0; max-width: 32rem; font-size: 14px; color: #334155; overflow-wrap: anywhere; }
  `;
  doc.head.append(style);
  const business = doc.createElement('p');
  business.className = 'business';
  business.textContent = businessName;
  const heading = doc.createElement('h1');
  heading.textContent = QR_PRINT_TITLE;
  const image = doc.createElement('img');
  image.src = dataUrl;
  image.alt = `QR code for ${link}`;
  image.width = QR_CODE_SIZE_PX;
  image.height = QR_CODE_SIZE_PX;
  const caption = doc.createElement('p');
  caption.className = 'link';
  caption.textContent = link;
  doc.body.replaceChildren(business, heading, image, caption);
  return image;
}

/** Waits for the image to be ready (decode errors included: print what there is). */
async function whenDecoded(image: HTMLImageElement): Promise<void> {
  try {
    await image.decode();
  } catch {
    // Print anyway.
  }
}

/**
 * Opens the print page in a new window and prints it. When pop-ups are
 * blocked, prints the same page from a hidden frame instead.
 */
async function printQrCode(page: QrPrint): Promise<void> {
  const win = window.open('', '_blank', 'popup,width=520,height=720');
  if (win) {
    const image = writePrintPage(win.document, page);
    await whenDecoded(image);
    win.focus();
    win.print();
    return;
  }
  const frame = document.createElement('iframe');
  frame.title = QR_PRINT_TITLE;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  Object.assign(frame.style, { position: 'fixed', width: '0', height: '0', border: '0' });
  document.body.append(frame);
  const frameWindow = frame.contentWindow;
  if (!frameWindow) {
    frame.remove();
    return;
  }
  const image = writePrintPage(frameWindow.document, page);
  await whenDecoded(image);
  frameWindow.addEventListener('afterprint', () => frame.remove(), { once: true });
  frameWindow.focus();
  frameWindow.print();
}

/**
 * The QR code dialog of the collection link of `collectionSlug`, whose printed page names `businessName`. Either
 * controlled (`open`, `onOpenChange`) or opened by `children`, the trigger
 * (e.g. a "Generate QR Code" button).
 */
function QrCodeDialog({
  collectionSlug,
  businessName,
  open,
  onOpenChange,
  children,
}: {
  collectionSlug: string;
  businessName: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {children ? <DialogTrigger asChild>{children}</DialogTrigger> : null}
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Your QR Code</DialogTitle>
          <DialogDescription>
            Customers scan it with their phone camera to open your testimonial form.
          </DialogDescription>
        </DialogHeader>
        <QrCodeBody collectionSlug={collectionSlug} businessName={businessName} />
      </DialogContent>
    </Dialog>
  );
}

/** The "Generate QR Code" button (docs/product/collection.md#qr-code) that opens the QR code dialog of the collection link of `collectionSlug`. */
export function GenerateQrCodeButton({
  collectionSlug,
  businessName,
}: {
  collectionSlug: string;
  businessName: string;
}) {
  return (
    <QrCodeDialog collectionSlug={collectionSlug} businessName={businessName}>
      <Button>
        <QrCode aria-hidden="true" />
        Generate QR Code
      </Button>
    </QrCodeDialog>
  );
}

function QrCodeBody({
  collectionSlug,
  businessName,
}: {
  collectionSlug: string;
  businessName: string;
}) {
  const recordShared = useRecordCollectionShared();
  const link = collectionLinkFor(collectionSlug);
  const qr = useQuery({
    queryKey: ['qr-code', link],
    // A scan is told from a click by ?src=qr (docs/product/collection.md#qr-code).
    queryFn: () => qrCodeDataUrl(qrCollectionLink(window.location.origin, collectionSlug)),
    staleTime: Infinity,
    gcTime: 5 * MINUTE_MS,
  });

  return (
    <>
      <div className="grid justify-items-center gap-3">
        {/* Always dark on white: scanners need the contrast, in either theme. */}
        <div className="w-full max-w-[300px] overflow-hidden rounded-xl border border-border bg-white shadow-xs">
          {qr.data ? (
            <img
              src={qr.data}
              alt={`QR code for ${link}`}
              width={QR_CODE_SIZE_PX}
              height={QR_CODE_SIZE_PX}
              className="block aspect-square h-auto w-full"
            />
          ) : qr.isError ? (
            <div
              role="alert"
              className="flex aspect-square flex-col items-center justify-center gap-2 p-6 text-center text-sm text-slate-600"
            >
              <TriangleAlert className="size-6 text-red-600" aria-hidden="true" />
              The QR code could not be made.
              <Button variant="outline" size="sm" onClick={() => void qr.refetch()}>
                Try again
              </Button>
            </div>
          ) : (
            <div role="status" aria-label="Generating QR code" className="aspect-square p-4">
              <Skeleton className="size-full bg-slate-200" />
            </div>
          )}
        </div>
        <p className="max-w-full text-center text-sm break-all text-muted-foreground">{link}</p>
      </div>
      <DialogFooter>
        <Button
          variant="outline"
          disabled={!qr.data}
          onClick={() => {
            if (!qr.data) return;
            recordShared('qr_printed');
            void printQrCode({ dataUrl: qr.data, link, businessName });
          }}
        >
          <Printer aria-hidden="true" />
          Print
        </Button>
        {qr.data ? (
          <Button asChild>
            <a
              href={qr.data}
              download={QR_CODE_FILE_NAME}
              onClick={() => recordShared('qr_downloaded')}
            >
              <Download aria-hidden="true" />
              Download
            </a>
          </Button>
        ) : (
          <Button disabled>
            <Download aria-hidden="true" />
            Download
          </Button>
        )}
      </DialogFooter>
    </>
  );
}
