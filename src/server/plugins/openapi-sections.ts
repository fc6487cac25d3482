// What the OpenAPI document (plugins/openapi.ts) says about a route beyond its
// schemas: its section (tag) and security, derived from the URL, whether it is
// left out, and what the bodies that are not JSON (`z.custom` in the route,
// sent as bytes or a stream) really are.
import { z } from 'zod';
import { uploadEndpoints, uploadPurposes } from '../../shared/schemas/uploads.js';
import { testimonialSchema } from '../../shared/schemas/testimonials.js';
import { publicWidgetSchema } from '../../shared/schemas/widget.js';
import { PAGE_ROUTES } from './client-app.js';

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
  uploadPurposes.filter((purpose) => purpose !== 'logo').map((purpose) => `POST ${uploadEndpoints[purpose]}`),
);

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
    tag: 'App (session)',
    description:
      "The app's own API, for its pages: the session cookie, same origin. It may change with the app.",
    matches: (_method, url) => url.startsWith('/api/'),
    security: [{ session: [] }],
  },
];

/**
 * Not in the document, besides routes whose schema says `hide` (the reference's
 * own, the client's static files): CORS preflights, the client app's pages, and
 * the built-in test checkout (a stand-in for Stripe's hosted pages, 404 when
 * Stripe is configured).
 */
export function isHidden(method: string, url: string): boolean {
  return (
    method === 'OPTIONS' ||
    PAGE_ROUTES.includes(url) ||
    url === '/*' ||
    url.startsWith('/test-checkout/') ||
    url.startsWith('/api/test-checkout/')
  );
}

/**
 * The section of a route, its security adjusted. Undefined for a route no
 * section matches: it is documented without a tag, which the tests refuse.
 */
export function sectionOf(method: string, url: string): OpenApiSection | undefined {
  const section = openApiSections.find((candidate) => candidate.matches(method, url));
  if (!section) return undefined;
  const key = `${method} ${url}`;
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

const WIDGET_JSON =
  'The widget data, the same JSON as GET /api/widget/{slug}. Cached for 60 s (`Cache-Control`) with a strong `ETag`.';

/**
 * Overrides, by "METHOD url", of the schemas a route declares for the Zod
 * transform. The routes validate these bodies as `z.custom` (bytes or a
 * stream, never serialized); the document says what is in them.
 */
export const documentedBodies: Record<
  string,
  { body?: z.ZodType; headers?: z.ZodType; response?: Record<string, unknown> }
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
    response: { 200: text('text/javascript', 'The embeddable widget script. Cached for 5 minutes, CORS-open.') },
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
