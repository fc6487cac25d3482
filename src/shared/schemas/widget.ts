// The widget contract (docs/product/widget.md#widget-settings, GET /api/widget/{slug}). The
// server validates with these schemas; the embeddable widget must not bundle
// Zod, so it imports only types from here and its values from ../widget-data.
import { z } from 'zod';
import {
  FONT_OPTIONS,
  HEX_COLOR_PATTERN,
  WIDGET_FONT_FAMILY_MAX,
  WIDGET_FONT_SIZES,
  WIDGET_HEADER_ALIGNMENTS,
  WIDGET_HEADER_TEXT_MAX,
  WIDGET_SETTINGS_DEFAULTS,
} from '../widget-data.js';

export { FONT_OPTIONS, WIDGET_FONT_SIZES, WIDGET_HEADER_ALIGNMENTS, WIDGET_SETTINGS_DEFAULTS };

/** The widget's layouts (docs/product/widget.md#widget-settings): one so far. */
export const widgetLayouts = ['carousel'] as const;

const hexColor = z
  .string({ error: 'Choose a colour' })
  .trim()
  .regex(HEX_COLOR_PATTERN, 'Use a colour in the form #RRGGBB');

export const widgetSettingsSchema = z.object({
  layout: z.enum(widgetLayouts, { error: 'Layout must be carousel' }),
  backgroundColor: hexColor,
  innerContainerColor: hexColor,
  textColor: hexColor,
  /** Usually one of FONT_OPTIONS; an unknown stored value is kept and shown in the system font. */
  fontFamily: z
    .string({ error: 'Choose a font' })
    .trim()
    .min(1, 'Choose a font')
    .max(WIDGET_FONT_FAMILY_MAX, 'Font name is too long'),
  /** 'md' is an older name of 'base' (docs/product/widget.md#widget-settings) and is read as 'base'. */
  fontSize: z
    .enum([...WIDGET_FONT_SIZES, 'md'], { error: 'Font size must be sm, base or lg' })
    .transform((size) => (size === 'md' ? ('base' as const) : size)),
  showRatings: z.boolean(),
  showDates: z.boolean(),
  showLocation: z.boolean(),
  showBranding: z.boolean(),
  autoRotate: z.boolean(),
  showPersonalPhotos: z.boolean(),
  showBeforeAfterPhotos: z.boolean(),
  showProductImages: z.boolean(),
  showBusinessName: z.boolean(),
  /** While nothing is approved: a card inviting visitors to leave the first testimonial (else an empty box of the same height). */
  showInvite: z.boolean(),
  /** A "via Google" mark on each card of a testimonial from another platform (docs/product/widget.md#source-mark). */
  showSources: z.boolean(),
  headerText: z
    .string()
    .trim()
    .max(
      WIDGET_HEADER_TEXT_MAX,
      `Header text must be at most ${WIDGET_HEADER_TEXT_MAX} characters`,
    ),
  headerAlignment: z.enum(WIDGET_HEADER_ALIGNMENTS, {
    error: 'Alignment must be left, center or right',
  }),
});
export type WidgetSettings = z.output<typeof widgetSettingsSchema>;
export type WidgetSettingsInput = z.input<typeof widgetSettingsSchema>;

/**
 * The settings as the server sends them: already normalised, so fontSize is a
 * plain enum. Response schemas use this one, because the 'md' transform above
 * cannot be turned into JSON Schema for the response serializer.
 */
const widgetSettingsOutputSchema = widgetSettingsSchema.extend({
  fontSize: z.enum(WIDGET_FONT_SIZES),
});

export const publicWidgetTestimonialSchema = z.object({
  id: z.string(),
  authorName: z.string(),
  authorBusinessName: z.string().nullable(),
  /** null when the settings hide the location. */
  authorLocation: z.string().nullable(),
  content: z.string(),
  /** 1-5 stars; 0 = not rated (or ratings hidden). */
  rating: z.number().int().min(0).max(5),
  /** null when the settings hide personal photos. */
  authorImageUrl: z.string().nullable(),
  /** Empty when the settings hide product images. */
  productImageUrls: z.array(z.string()),
  beforeImageUrl: z.string().nullable(),
  afterImageUrl: z.string().nullable(),
  /** ISO 8601 (approval date, else submission date). */
  date: z.iso.datetime({ offset: true }),
  /**
   * Where it was first written (docs/product/widget.md#source-mark): the platform's name and the address of the
   * original (http(s), or null). Sent only while showSources is on, and only for a source that reads as a name.
   */
  source: z.object({ name: z.string(), url: z.string().nullable() }).optional(),
});
export type PublicWidgetTestimonial = z.infer<typeof publicWidgetTestimonialSchema>;

/**
 * GET /api/widget/{slug}: public, read-only, CORS-open, no cookies. The server
 * fills only the fields the settings show, and never an email.
 */
export const publicWidgetSchema = z.object({
  /**
   * The deployment's product name (PRODUCT_NAME), for the "Powered by" link.
   * The server always sends it; data made without the server (samples, the
   * settings preview) leaves it out and the renderer uses its own fallback.
   */
  productName: z.string().optional(),
  business: z.object({
    name: z.string(),
    logoUrl: z.string().nullable(),
    collectionSlug: z.string(),
  }),
  settings: widgetSettingsOutputSchema,
  testimonials: z.array(publicWidgetTestimonialSchema),
});
export type PublicWidget = z.infer<typeof publicWidgetSchema>;

/** The settings preview shows these when there is no approved testimonial; one came from Google, for the source mark (docs/product/widget.md#widget-settings-screen, docs/product/limits.md: 4 samples). */
export const SAMPLE_TESTIMONIALS: readonly PublicWidgetTestimonial[] = [
  {
    id: 'sample-1',
    authorName: 'Maria Gonzalez',
    authorBusinessName: null,
    authorLocation: 'Austin, TX',
    content:
      'Booking was easy and the team arrived right on time. They explained every step and left the place spotless. I have already recommended them to two neighbours.',
    rating: 5,
    authorImageUrl: null,
    productImageUrls: [],
    beforeImageUrl: null,
    afterImageUrl: null,
    date: '2025-06-12T15:30:00.000Z',
  },
  {
    id: 'sample-2',
    authorName: 'James Carter',
    authorBusinessName: 'Carter & Sons Bakery',
    authorLocation: 'Portland, OR',
    content:
      'We order for our shop every week. Quality is consistent, prices are fair, and when we had a question on a Sunday we got a friendly answer within the hour.',
    rating: 5,
    authorImageUrl: null,
    productImageUrls: [],
    beforeImageUrl: null,
    afterImageUrl: null,
    date: '2025-05-28T10:00:00.000Z',
  },
  {
    id: 'sample-3',
    authorName: 'Priya Shah',
    authorBusinessName: null,
    authorLocation: 'Leicester, UK',
    content:
      'Great service from start to finish. Delivery took a day longer than quoted, but they kept me updated the whole time.',
    rating: 4,
    authorImageUrl: null,
    productImageUrls: [],
    beforeImageUrl: null,
    afterImageUrl: null,
    date: '2025-05-03T09:15:00.000Z',
    // Shows the owner the source mark while they have nothing approved (it shows only with showSources).
    source: { name: 'Google', url: null },
  },
  {
    id: 'sample-4',
    authorName: 'Tom Becker',
    authorBusinessName: null,
    authorLocation: 'Denver, CO',
    content:
      'Honest advice, no upselling, and the result looks even better than I hoped. I will be back next season.',
    rating: 5,
    authorImageUrl: null,
    productImageUrls: [],
    beforeImageUrl: null,
    afterImageUrl: null,
    date: '2025-04-17T18:45:00.000Z',
  },
];
