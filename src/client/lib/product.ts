// The product's name, read once from the page the server sent: it writes its
// configured name into <meta name="application-name"> (index.html carries the
// default for the dev server); when the server itself renders a page, it
// names it in a global. The shared constant is only the fallback, so a
// deployment can rename the product without rebuilding the client.
import { PRODUCT_NAME } from '../../shared/constants';

type MetaSource = Pick<Document, 'querySelector'>;

declare global {
  // Set by the server (plugins/public-pages.ts) before it loads the renderer: there is no document there.
  var __VOUCHLY_PRODUCT_NAME__: string | undefined;
}

export function readProductName(
  // Undefined in Node (the server's renderer), whatever the DOM types say.
  doc: MetaSource | undefined = typeof document === 'undefined' ? undefined : document,
): string {
  const meta = doc?.querySelector<HTMLMetaElement>('meta[name="application-name"]');
  return meta?.content.trim() || globalThis.__VOUCHLY_PRODUCT_NAME__ || PRODUCT_NAME;
}

export const productName = readProductName();
