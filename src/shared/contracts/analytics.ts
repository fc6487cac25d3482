// Analytics (docs/product/analytics.md): the beacon the widget and the collection form send, cookie-free, and what
// the owner reads: the Analytics screen's report, its CSV export and the public API's daily figures. Every read
// comes from the daily rollups.
import { z } from 'zod';
import { defineContract, textBody } from '../contract.js';
import {
  analyticsApiSchema,
  analyticsBeaconSchema,
  analyticsRangeQuerySchema,
  analyticsReportSchema,
} from '../schemas/analytics.js';

export const recordAnalyticsEvents = defineContract({
  method: 'POST',
  path: '/api/analytics/events',
  access: 'public',
  section: 'widget',
  summary:
    'Counts what a visitor saw and did on a widget or the collection form; nothing is stored for DNT or GPC.',
  body: analyticsBeaconSchema,
  response: { 204: z.null() },
  document: { consumes: ['text/plain', 'application/json'] },
});

export const getAnalytics = defineContract({
  method: 'GET',
  path: '/api/analytics',
  access: 'paid',
  summary:
    "The Analytics screen's figures for a range of days in the business's time zone, with the period before it.",
  query: analyticsRangeQuerySchema,
  response: { 200: analyticsReportSchema },
});

export const exportAnalyticsCsv = defineContract({
  method: 'GET',
  path: '/api/analytics/export.csv',
  access: 'paid',
  summary: 'The daily figures of a range as a CSV file to download.',
  query: analyticsRangeQuerySchema,
  response: { 200: z.string() },
  document: {
    response: {
      200: textBody(
        'text/csv',
        'One row per day of the range: date, impressions, visitors, interactions, formViews, formStarts, submissions, approved.',
      ),
    },
  },
});

export const getApiAnalytics = defineContract({
  method: 'GET',
  path: '/api/v1/analytics',
  access: 'apiKey',
  summary:
    "Daily figures for a range of days in the business's time zone: every day of the range, and the totals.",
  query: analyticsRangeQuerySchema,
  response: { 200: analyticsApiSchema },
});
