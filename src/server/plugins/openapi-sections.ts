// What the OpenAPI document (plugins/openapi.ts) says about a route beyond its
// schemas: its section (tag) and security, derived from the URL, and what the
// bodies that are not JSON (`z.custom` or `z.string` in the route, sent as
// bytes, a page or a stream) really are. Every route is in the document: the
// API, the widget's files, the app's pages and this reference's own files.
import { z } from 'zod';
import { appPages } from '../../shared/app-pages.js';
import type { Access, Contract, Section } from '../../shared/contract.js';
import { contractByKey } from '../../shared/contracts/index.js';
import { uploadEndpoints, uploadPurposes } from '../../shared/schemas/uploads.js';
import { testimonialSchema } from '../../shared/schemas/testimonials.js';
import { publicWidgetSchema } from '../../shared/schemas/widget.js';

type Security = Array<Record<string, string[]>>;

export type OpenApiSection = {
  tag: string;
  description: string;
  /** The URLs of the section (METHOD is the route's, HEAD left out). */
  matches: (method: string, url: string) => boolean;
  security?: Security;
};

/** Calls of the session scope that need no session (they start one, or serve anyone). */
const SESSION_FREE = new Set([
  'GET /api/health',
  'POST /api/register',
  'POST /api/login',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/business/detect-logo',
  'GET /api/business/:slug',
  'POST /api/submit/:slug',
  'GET /api/submit/:slug/challenge',
  'GET /api/billing/plan',
]);

/**
 * Calls that take a session or none: the public form's photo upload URLs are
 * asked for with the collection page's `slug` instead (uploads/service.ts
 * isPublicUpload: every purpose but the logo).
 */
const SESSION_OPTIONAL = new Set(
  uploadPurposes
    .filter((purpose) => purpose !== 'logo')
    .map((purpose) => `POST ${uploadEndpoints[purpose]}`),
);

/** The app's pages (shared/app-pages.ts), the test checkout's receipt, and the app's files. */
const PAGE_URLS = new Set<string>([
  ...Object.values(appPages),
  '/test-checkout/invoices/:invoiceId',
  '/*',
]);

/** In the document's order: the public API first. The first section that matches a route wins. */
export const openApiSections: OpenApiSection[] = [
  {
    tag: 'Public API v1',
    description: 'For integrations: your testimonials and widget data, with an API key.',
    matches: (_method, url) => url.startsWith('/api/v1/'),
    security: [{ apiKey: [] }],
  },
  {
    tag: 'Public widget',
    description: 'What the embeddable widget loads from other sites: no key, no cookie, CORS-open.',
    matches: (_method, url) =>
      url.startsWith('/api/widget/') ||
      url.startsWith('/embed/') ||
      url === '/wix/widget' ||
      url === '/widget.js',
  },
  {
    tag: 'Files',
    description: 'Uploaded images (public by unguessable name) and the signed upload URL.',
    matches: (_method, url) => url.startsWith('/objects/'),
  },
  {
    tag: 'Webhooks',
    description: 'Called by the payment provider, signed by it.',
    matches: (_method, url) => url === '/api/stripe/webhook',
  },
  {
    tag: 'API reference',
    description: 'This document, and the reference page that shows it.',
    matches: (_method, url) => url === '/api/openapi.json' || url.startsWith('/docs/'),
  },
  {
    tag: 'Pages',
    description:
      "The app's pages, for people: HTML, rendered by the server or by the app in the browser, and the app's files.",
    matches: (_method, url) => PAGE_URLS.has(url),
  },
  {
    tag: 'App (session)',
    description:
      "The app's own API, for its pages: the session cookie, same origin. It may change with the app.",
    matches: (_method, url) => url.startsWith('/api/'),
    security: [{ session: [] }],
  },
];

/** Pages only a signed-in owner opens (a signed-out visitor is sent to the login). */
const SESSION_PAGES = new Set([
  `GET ${appPages.testCheckout}`,
  'GET /test-checkout/invoices/:invoiceId',
]);

/**
 * The section of a route, its security adjusted. Undefined for a route no
 * section matches: it is documented without a tag, which the tests refuse.
 */
export function sectionOf(method: string, url: string): OpenApiSection | undefined {
  const contract = contractByKey.get(`${method} ${url}`);
  if (contract) return sectionOfContract(contract);
  const section = openApiSections.find((candidate) => candidate.matches(method, url));
  if (!section) return undefined;
  const key = `${method} ${url}`;
  if (SESSION_PAGES.has(key)) return { ...section, security: [{ session: [] }] };
  if (SESSION_FREE.has(key)) return { ...section, security: [] };
  // An empty requirement is OpenAPI's "or no credentials at all".
  if (SESSION_OPTIONAL.has(key)) return { ...section, security: [{ session: [] }, {}] };
  return section;
}

type DocumentedResponse = { description: string; content: Record<string, { schema: z.ZodType }> };

const json = (schema: z.ZodType, description: string): DocumentedResponse => ({
  description,
  content: { 'application/json': { schema } },
});
const bytes = (contentType: string, description: string): DocumentedResponse => ({
  description,
  content: { [contentType]: { schema: z.file() } },
});
const text = (contentType: string, description: string): DocumentedResponse => ({
  description,
  content: { [contentType]: { schema: z.string() } },
});

const html = (description: string) => text('text/html', description);
/** An answer without a body (a redirect): plugins/openapi.ts keeps the description. */
const redirect = (description: string) => z.null().describe(description);

/** A wildcard's part of the path (Fastify's `*`), as the document names it. */
const filePath = z.object({
  path: z.string().describe('The path of the file, slashes included.'),
});

const APP_PAGE =
  "The app's page: the app, whose router shows it in the browser (its data come from the API).";
const RENDERED_PAGE =
  'The page, rendered by the server for a visitor without a session cookie; otherwise the app.';
const SIGNED_OUT = redirect('Not signed in: to the login (`/auth?tab=login`).');

const WIDGET_JSON =
  'The widget data, the same JSON as GET /api/widget/{slug}. Cached for 60 s (`Cache-Control`) with a strong `ETag`.';

/**
 * Overrides, by "METHOD url", of the schemas a route declares for the Zod
 * transform. The routes validate these bodies as `z.custom` (bytes or a
 * stream, never serialized); the document says what is in them.
 */
export const documentedBodies: Record<
  string,
  { body?: z.ZodType; headers?: z.ZodType; params?: z.ZodType; response?: Record<string, unknown> }
> = {
  'GET /api/widget/:slug': {
    response: {
      200: json(
        publicWidgetSchema,
        'The widget data of the business with this collection slug. Cached for 60 s with a strong `ETag`.',
      ),
    },
  },
  'GET /wix/widget': { response: { 200: json(publicWidgetSchema, WIDGET_JSON) } },
  'GET /widget.js': {
    response: {
      200: text(
        'text/javascript',
        'The embeddable widget script. Cached for 5 minutes, CORS-open.',
      ),
    },
  },
  'GET /embed/:slug': {
    response: {
      200: text('text/html', 'The widget as a page without script, for an iframe.'),
      404: text('text/html', 'No widget for this slug: a small page saying so.'),
    },
  },
  'GET /objects/uploads/:file': {
    response: {
      200: bytes(
        'image/*',
        'The image (JPEG, PNG, WebP, GIF, AVIF, or an SVG logo); cached as immutable.',
      ),
    },
  },
  'GET /api/business/qr-code.png': {
    response: { 200: bytes('image/png', 'A QR code of the collection page.') },
  },
  'GET /api/testimonials/export.csv': {
    response: {
      200: text(
        'text/csv',
        'Every testimonial, newest first (RFC 4180, UTF-8 with a byte order mark).',
      ),
    },
  },
  'GET /api/testimonials/export.json': {
    response: { 200: json(z.array(testimonialSchema), 'Every testimonial, newest first.') },
  },
  // Every page of the app; those the server renders, or that need a session, are described below.
  ...Object.fromEntries(
    Object.values(appPages).map((path) => [`GET ${path}`, { response: { 200: html(APP_PAGE) } }]),
  ),
  [`GET ${appPages.home}`]: {
    response: { 200: html('The landing page, or the app for someone who may be signed in.') },
  },
  ...Object.fromEntries(
    [appPages.terms, appPages.auth, appPages.forgotPassword].map((path) => [
      `GET ${path}`,
      { response: { 200: html(RENDERED_PAGE) } },
    ]),
  ),
  [`GET ${appPages.submit}`]: {
    response: {
      200: html("The business's testimonial form, rendered by the server."),
      404: html('No business with this slug: the app, which says so.'),
    },
  },
  [`GET ${appPages.testCheckout}`]: {
    response: {
      200: html("The built-in test checkout of one of the owner's checkout sessions (the app)."),
      302: SIGNED_OUT,
      404: html('Not a checkout session of yours, or Stripe is set up: the app, which says so.'),
    },
  },
  'GET /test-checkout/invoices/:invoiceId': {
    response: {
      200: html("A printable receipt of one of the owner's test checkout invoices."),
      302: SIGNED_OUT,
    },
  },
  'GET /*': {
    params: filePath,
    response: {
      200: bytes('*/*', "A file of the built app (scripts, styles, images), or the app's page."),
    },
  },
  'GET /docs/api': {
    response: { 200: html('The API reference (Swagger UI), served whole by the server.') },
  },
  'GET /docs/api/json': {
    response: {
      200: json(
        z.looseObject({ openapi: z.string() }),
        'This document, as the reference loads it.',
      ),
    },
  },
  'GET /docs/api/yaml': { response: { 200: text('application/x-yaml', 'This document in YAML.') } },
  'GET /docs/api/static/index.html': { response: { 302: redirect('To the reference page.') } },
  'GET /docs/api/static/swagger-initializer.js': {
    response: { 200: text('application/javascript', "The reference's start-up script.") },
  },
  'GET /docs/api/static/theme/vouchly.css': {
    response: { 200: text('text/css', "The reference's theme.") },
  },
  'GET /docs/api/static/theme/favicon.svg': {
    response: { 200: bytes('image/svg+xml', "The reference's icon.") },
  },
  'GET /docs/api/static/*': {
    params: filePath,
    response: { 200: bytes('*/*', "A file of Swagger UI's bundle.") },
  },
  'POST /api/stripe/webhook': {
    body: z
      .looseObject({ id: z.string(), type: z.string() })
      .describe('A Stripe event, exactly as Stripe sent it.'),
    headers: z.object({
      'stripe-signature': z.string().describe("Stripe's signature of the raw body."),
    }),
  },
};

export const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  302: 'Redirect',
  304: 'Not modified: the `ETag` sent in `If-None-Match` still matches.',
  '4xx':
    'Refused: `{ error: { code, message, details? } }` (`VALIDATION_ERROR`, `UNAUTHORIZED`, `NOT_FOUND`, `RATE_LIMITED`, …).',
  '5xx': 'Server error, in the same shape; its details stay in the server log.',
};

const SECTION_TAGS: Record<Section, string> = {
  api: 'Public API v1',
  widget: 'Public widget',
  files: 'Files',
  webhooks: 'Webhooks',
  reference: 'API reference',
  pages: 'Pages',
  app: 'App (session)',
};

/**
 * The security of an access. In the App section, whose calls carry the
 * session, an empty list says "none needed"; elsewhere nothing is said.
 */
function securityOf(access: Access, section: Section): Security | undefined {
  switch (access) {
    case 'apiKey':
      return [{ apiKey: [] }];
    case 'signedIn':
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

/** A contract's section and security, as the document shows them. */
function sectionOfContract(contract: Contract): OpenApiSection | undefined {
  const section = contract.section ?? (contract.access === 'apiKey' ? 'api' : 'app');
  const found = openApiSections.find((candidate) => candidate.tag === SECTION_TAGS[section]);
  if (!found) return undefined;
  const security = securityOf(contract.access, section);
  const { security: _default, ...rest } = found;
  return security ? { ...rest, security } : rest;
}
