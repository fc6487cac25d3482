// The rows of analytics_daily: what each event folds into (ingest) and what the reports read (report). A metric's
// row with dimension '' is the day's total; the other rows split it (per widget, page, testimonial, action, source).

export const metrics = {
  /** Widget impressions: '' and per widget slug. */
  impressions: 'impressions',
  /** Widget impressions per page (origin and path). */
  pageImpressions: 'page_impressions',
  /** Unique visitors of the day (widget and form together): '' only. */
  visitors: 'visitors',
  /** Interactions: '' and per action. */
  interactions: 'interactions',
  /** Interactions per widget slug. */
  widgetInteractions: 'widget_interactions',
  /** Card impressions per testimonial id. */
  cardImpressions: 'card_impressions',
  /** Milliseconds on screen per testimonial id. */
  cardMs: 'card_ms',
  /** Read more per testimonial id. */
  readMore: 'read_more',
  /** Collection form views: '' and per source. */
  formViews: 'form_views',
  /** The form's first field touched: '' only. */
  formStarts: 'form_starts',
  /** Testimonials sent through the form: '' only. */
  submissions: 'submissions',
} as const;
export type Metric = (typeof metrics)[keyof typeof metrics];

/** The dimension of a day's total. */
export const TOTAL = '';
