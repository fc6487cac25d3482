// The data the page came with (shared/page-data.ts), read once: `pageData`.
// Undefined where there is none (a page the dev server sent, the server's own renderer).
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

export const pageData = readPageData();
