// The data a server-rendered page came with (shared/page-data.ts), read once.
// Undefined when the page was not rendered on the server (the plain app shell).
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../../shared/page-data';

export function readPageData(
  doc: Document | undefined = globalThis.document,
): PageData | undefined {
  const text = doc?.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as PageData | null;
    return data && typeof data === 'object' && typeof data.signedOut === 'boolean'
      ? data
      : undefined;
  } catch {
    return undefined;
  }
}
