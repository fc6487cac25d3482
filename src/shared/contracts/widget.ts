// The widget's endpoints: the owner's settings and copied snippets (paid
// pages), and what other sites load (the public widget).
import { z } from 'zod';
import { businessSlugParamsSchema } from '../schemas/business.js';
import { wixWidgetQuerySchema } from '../schemas/integrations.js';
import { publicWidgetSchema, widgetSettingsSchema } from '../schemas/widget.js';
import {
  ownerWidgetSettingsSchema,
  widgetQuickToggleInputSchema,
} from '../schemas/widget-settings.js';
import { copiedSnippetInputSchema, copiedSnippetsSchema } from '../schemas/widget-snippets.js';
import { defineContract, htmlBody, jsonBody, textBody } from '../contract.js';

export const getWidgetSettings = defineContract({
  method: 'GET',
  path: '/api/widget-settings',
  access: 'paid',
  summary: "The owner's widget settings, with when they were last saved.",
  response: { 200: ownerWidgetSettingsSchema },
});

export const setWidgetQuickToggle = defineContract({
  method: 'PUT',
  path: '/api/widget-settings',
  access: 'paid',
  summary: 'The "Show business name in widget" quick setting of the testimonial dialog.',
  body: widgetQuickToggleInputSchema,
  response: { 200: ownerWidgetSettingsSchema },
});

export const saveWidgetSettings = defineContract({
  method: 'POST',
  path: '/api/widget-settings',
  access: 'paid',
  summary: 'Saves the whole widget settings form.',
  body: widgetSettingsSchema,
  response: { 200: ownerWidgetSettingsSchema },
});

export const getCopiedSnippets = defineContract({
  method: 'GET',
  path: '/api/widget-snippets',
  access: 'paid',
  summary: 'The embed codes the owner last copied, with the box height of each.',
  response: { 200: copiedSnippetsSchema },
});

export const recordCopiedSnippet = defineContract({
  method: 'PUT',
  path: '/api/widget-snippets',
  access: 'paid',
  summary: 'Remembers the embed code the owner just copied.',
  body: copiedSnippetInputSchema,
  response: { 200: copiedSnippetsSchema },
});

// What other sites load: cookie-free, CORS-open, cached with a strong ETag
// (modules/widget/public-routes.ts, plugins/client-app.ts for the script).
// The bodies are cached bytes, sent as they are; `document` says what they are.

export const getPublicWidget = defineContract({
  method: 'GET',
  path: '/api/widget/:slug',
  access: 'public',
  section: 'widget',
  summary: 'The widget data of a business: what widget.js renders.',
  params: businessSlugParamsSchema,
  // The 200 body is the cached Buffer of a PublicWidget, in the accepted encoding.
  response: { 200: z.custom<Buffer>(), 304: z.null() },
  document: {
    response: {
      200: jsonBody(
        publicWidgetSchema,
        'The widget data of the business with this collection slug. Cached for 60 s with a strong `ETag`.',
      ),
    },
  },
});

export const preflightPublicWidget = defineContract({
  method: 'OPTIONS',
  path: '/api/widget/:slug',
  access: 'public',
  section: 'widget',
  summary: "The CORS preflight a host page's fetch wrapper may cause.",
  params: businessSlugParamsSchema,
  response: { 204: z.null() },
});

export const getWixWidget = defineContract({
  method: 'GET',
  path: '/wix/widget',
  access: 'public',
  section: 'widget',
  summary: 'The widget data of the business a Wix site is linked to.',
  query: wixWidgetQuerySchema,
  // The same cached bytes as GET /api/widget/:slug.
  response: { 200: z.custom<Buffer>(), 304: z.null() },
  document: {
    response: {
      200: jsonBody(
        publicWidgetSchema,
        'The widget data, the same JSON as GET /api/widget/{slug}. Cached for 60 s (`Cache-Control`) with a strong `ETag`.',
      ),
    },
  },
});

export const getEmbedPage = defineContract({
  method: 'GET',
  path: '/embed/:slug',
  access: 'public',
  section: 'widget',
  summary: 'The widget as a page without script, for an iframe.',
  params: businessSlugParamsSchema,
  // 404 is the no-script not-found page; other failures are the usual JSON error.
  response: { 200: z.custom<Buffer>(), 304: z.null(), 404: z.string() },
  document: {
    response: {
      200: htmlBody('The widget as a page without script, for an iframe.'),
      404: htmlBody('No widget for this slug: a small page saying so.'),
    },
  },
});

export const getWidgetScript = defineContract({
  method: 'GET',
  path: '/widget.js',
  access: 'public',
  section: 'widget',
  summary: 'The embeddable widget script.',
  // A file, sent as it is (or its .br or .gz copy).
  response: { 200: z.string() },
  document: {
    response: {
      200: textBody(
        'text/javascript',
        'The embeddable widget script. Cached for 5 minutes, CORS-open.',
      ),
    },
  },
});

export const getEmbedCountScript = defineContract({
  method: 'GET',
  path: '/embed-count.js',
  access: 'public',
  section: 'widget',
  summary: "The no-script page's counting script (docs/product/analytics.md).",
  // A file, sent as it is (or its .br or .gz copy).
  response: { 200: z.string() },
  document: {
    response: {
      200: textBody(
        'text/javascript',
        'The script the no-script page (/embed/{slug}) loads to count its impressions and clicks. Cached for 5 minutes.',
      ),
    },
  },
});
