// The product's name, read once from the page the server sent: it writes its
// configured name into <meta name="application-name"> (index.html carries the
// default for the dev server). The shared constant is only the fallback, so a
// deployment can rename the product without rebuilding the client.
import { PRODUCT_NAME } from '../../shared/constants';

type MetaSource = Pick<Document, 'querySelector'>;

export function readProductName(doc: MetaSource | undefined = globalThis.document): string {
  const meta = doc?.querySelector<HTMLMetaElement>('meta[name="application-name"]');
  return meta?.content.trim() || PRODUCT_NAME;
}

export const productName = readProductName();
