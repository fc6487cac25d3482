// The data the page came with (shared/page-data.ts), read once: `pageData`.
// Undefined where there is none (a page the dev server sent, the server's own renderer).
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../../shared/page-data';

function readPageData(
  // Undefined in Node (the server's renderer), whatever the DOM types say.
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
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

/** The server rendered this page into `root` (markup and page data): the app hydrates it, after its first paint. */
export function isServerRendered(root: Element | null): boolean {
  return pageData !== undefined && root?.firstElementChild != null;
}
