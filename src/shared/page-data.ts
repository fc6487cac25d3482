// What the server tells a page it rendered (the landing page, /terms, /auth,
// /forgot-password, /submit/{slug}), as JSON in a non-executable
// <script type="application/json"> (allowed by our CSP, unlike inline code).
// The page reads it before hydrating, so its first render matches the server's.
import type { PublicBusiness } from './schemas/business.js';

export const PAGE_DATA_ELEMENT_ID = 'vouchly-page-data';

export type PageData = {
  /** The request carried no session cookie: nobody is signed in, so the page asks nobody. */
  signedOut: boolean;
  /** The landing page's live demo: the collection slug of the product's own widget. */
  demoWidgetSlug?: string;
  /** /submit/{slug}: the business and its form settings, as GET /api/business/{slug} answers. */
  publicBusiness?: { slug: string; business: PublicBusiness };
};

/** The page data as HTML: `<` is escaped so no value can close the script element. */
export function pageDataScript(data: PageData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script>`;
}
