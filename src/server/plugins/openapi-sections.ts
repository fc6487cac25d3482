// What the OpenAPI document (plugins/openapi.ts) says about an endpoint beyond
// its schemas: its section (tag) and its security, both read from its contract
// (src/shared/contracts): the section it names (or `api` for an API key, `app`
// otherwise) and the credentials its access asks for. A route without a
// contract gets neither, which the OpenAPI test and the tenant matrix refuse.
import type { Access, Contract, Section } from '../../shared/contract.js';
import { contractByKey } from '../../shared/contracts/index.js';

type Security = Array<Record<string, string[]>>;

type OpenApiSection = { tag: string; description: string; security?: Security };

/** The document's sections, in its order: the public API first. */
const SECTIONS: Record<Section, { tag: string; description: string }> = {
  api: {
    tag: 'Public API v1',
    description: 'For integrations: your testimonials and widget data, with an API key.',
  },
  widget: {
    tag: 'Public widget',
    description: 'What the embeddable widget loads from other sites: no key, no cookie, CORS-open.',
  },
  files: {
    tag: 'Files',
    description: 'Uploaded images (public by unguessable name) and the signed upload URL.',
  },
  webhooks: { tag: 'Webhooks', description: 'Called by the payment provider, signed by it.' },
  reference: {
    tag: 'API reference',
    description: 'This document, and the reference page that shows it.',
  },
  pages: {
    tag: 'Pages',
    description:
      "The app's pages, for people: HTML, rendered by the server or by the app in the browser, and the app's files.",
  },
  app: {
    tag: 'App (session)',
    description:
      "The app's own API, for its pages: the session cookie, same origin. It may change with the app.",
  },
};

export const openApiSections: ReadonlyArray<{ tag: string; description: string }> =
  Object.values(SECTIONS);

/**
 * The security of an access. In the App section, whose calls carry the
 * session, an empty list says "none needed"; elsewhere nothing is said.
 */
function securityOf(access: Access, section: Section): Security | undefined {
  switch (access) {
    case 'apiKey':
      return [{ apiKey: [] }];
    case 'signedIn':
    case 'paidUser':
    case 'owner':
    case 'paid':
      return [{ session: [] }];
    case 'visitorOrOwner':
      // An empty requirement is OpenAPI's "or no credentials at all".
      return [{ session: [] }, {}];
    case 'visitor':
      return [];
    case 'public':
      return section === 'app' ? [] : undefined;
  }
}

function sectionOfContract(contract: Contract): OpenApiSection {
  const section = contract.section ?? (contract.access === 'apiKey' ? 'api' : 'app');
  const security = securityOf(contract.access, section);
  return { ...SECTIONS[section], ...(security ? { security } : {}) };
}

/** The section of the endpoint "METHOD url" (HEAD left out); undefined without a contract. */
export function sectionOf(method: string, url: string): OpenApiSection | undefined {
  const contract = contractByKey.get(`${method} ${url}`);
  return contract ? sectionOfContract(contract) : undefined;
}

export const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: queued, to be done in the background.',
  204: 'No content',
  302: 'Redirect',
  304: 'Not modified: the `ETag` sent in `If-None-Match` still matches.',
  '4xx':
    'Refused: `{ error: { code, message, details? } }` (`VALIDATION_ERROR`, `UNAUTHORIZED`, `NOT_FOUND`, `RATE_LIMITED`, …).',
  '5xx': 'Server error, in the same shape; its details stay in the server log.',
};
