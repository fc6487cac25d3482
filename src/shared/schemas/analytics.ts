import { z } from 'zod';
import { daysFromTo } from '../calendar-days.js';
import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_MAX_RANGE_DAYS,
  ANALYTICS_TIME_MAX_MS,
  collectionSources,
  widgetInteractions,
} from '../analytics.js';

const testimonialId = z.uuid('Testimonial must be a testimonial id');

/**
 * One event of a beacon (POST /api/analytics/events). Widget events name the widget by the slug it was loaded
 * with; form events name the collection slug. A card is one testimonial of a widget.
 */
export const analyticsEventSchema = z.discriminatedUnion(
  'type',
  [
    /** At least half of the widget on screen for a second, once per page view. */
    z.object({ type: z.literal('impression') }),
    /** The same for one testimonial's card. */
    z.object({ type: z.literal('card'), testimonialId }),
    /** How long a card was on screen, sent when the page is hidden or left. */
    z.object({
      type: z.literal('time'),
      testimonialId,
      ms: z
        .int('Time must be a whole number of milliseconds')
        .min(1)
        .max(ANALYTICS_TIME_MAX_MS, `Time must be at most ${ANALYTICS_TIME_MAX_MS} ms`),
    }),
    z.object({
      type: z.literal('interaction'),
      action: z.enum(widgetInteractions, `Action must be one of ${widgetInteractions.join(', ')}`),
      testimonialId: testimonialId.optional(),
    }),
    /** The collection form was opened, from this source. */
    z.object({
      type: z.literal('form_view'),
      source: z.enum(collectionSources, `Source must be one of ${collectionSources.join(', ')}`),
    }),
    /** The visitor touched the form's first field. */
    z.object({ type: z.literal('form_start') }),
  ],
  'Each event needs a known type',
);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/**
 * An event as the server stores it in a raw beacon (the table analytics_beacons): what the beacon sent, less what is
 * not counted, or `submission`, the server's own count of a testimonial sent through the form.
 */
export type StoredAnalyticsEvent = {
  type: AnalyticsEvent['type'] | 'submission';
  /** Only a testimonial the business's widget shows. */
  testimonialId?: string;
  action?: string;
  source?: string;
  ms?: number;
};

/** What the widget and the form send with navigator.sendBeacon (as text/plain, so no preflight is needed). */
export const analyticsBeaconSchema = z.object({
  slug: z.string('Slug is required').min(1, 'Slug is required').max(200),
  /** The page the events happened on; only its origin and path are kept. */
  page: z.url({ protocol: /^https?$/, error: 'Page must be an http(s) address' }).max(2048),
  events: z
    .array(analyticsEventSchema)
    .min(1, 'Send at least one event')
    .max(ANALYTICS_BATCH_MAX, `Send at most ${ANALYTICS_BATCH_MAX} events at once`),
});
export type AnalyticsBeacon = z.infer<typeof analyticsBeaconSchema>;

const isoDate = (name: string) => z.iso.date(`${name} must be a date as YYYY-MM-DD`);

/** A range of days in the business's time zone, both ends included. */
export const analyticsRangeQuerySchema = z
  .object({ from: isoDate('From'), to: isoDate('To') })
  .refine((range) => range.from <= range.to, {
    message: 'From must be on or before To',
    path: ['from'],
  })
  .refine((range) => daysFromTo(range.from, range.to) <= ANALYTICS_MAX_RANGE_DAYS, {
    message: `A range may cover at most ${ANALYTICS_MAX_RANGE_DAYS} days`,
    path: ['to'],
  });
export type AnalyticsRange = z.infer<typeof analyticsRangeQuerySchema>;

const count = z.int().min(0);

/** One day's figures, as the public API, the export and the chart read them. */
const analyticsDaySchema = z.object({
  date: z.string(),
  impressions: count,
  visitors: count,
  interactions: count,
  formViews: count,
  formStarts: count,
  submissions: count,
});

export const analyticsTotalsSchema = analyticsDaySchema.omit({ date: true });
export type AnalyticsTotals = z.infer<typeof analyticsTotalsSchema>;

/** Every daily figure at 0: a day without events. */
export const noAnalyticsTotals = (): AnalyticsTotals => ({
  impressions: 0,
  visitors: 0,
  interactions: 0,
  formViews: 0,
  formStarts: 0,
  submissions: 0,
});

/** GET /api/v1/analytics: every day of the range (days without events count 0) and their totals. */
export const analyticsApiSchema = z.object({
  days: z.array(analyticsDaySchema),
  totals: analyticsTotalsSchema,
});
export type AnalyticsApi = z.infer<typeof analyticsApiSchema>;

/** The owner's screen adds the testimonials approved from the form, per day and in total. */
const reportDaySchema = analyticsDaySchema.extend({ approved: count });
const reportTotalsSchema = analyticsTotalsSchema.extend({ approved: count });
export type AnalyticsReportTotals = z.infer<typeof reportTotalsSchema>;

/** GET /api/analytics: everything the Analytics screen and the dashboard's summary show for a range. */
export const analyticsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  days: z.array(reportDaySchema),
  totals: reportTotalsSchema,
  /** The same number of days just before `from`. */
  previous: z.object({ from: z.string(), to: z.string(), totals: reportTotalsSchema }),
  /** Where the widget was seen (origin and path), most impressions first, at most 10. */
  pages: z.array(z.object({ page: z.string(), impressions: count })),
  /** Testimonials by attention: card impressions, then Read more, then time on screen; at most 20. */
  testimonials: z.array(
    z.object({
      id: z.string(),
      authorName: z.string(),
      excerpt: z.string(),
      impressions: count,
      readMore: count,
      msOnScreen: count,
    }),
  ),
  /** Per widget (today a business has one, named by its slug). */
  widgets: z.array(z.object({ widget: z.string(), impressions: count, interactions: count })),
  /** Form views per source. */
  sources: z.array(z.object({ source: z.enum(collectionSources), formViews: count })),
  /** Interactions per action. */
  interactions: z.array(z.object({ action: z.enum(widgetInteractions), count })),
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;
