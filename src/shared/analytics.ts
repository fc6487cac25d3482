// What Vouchly counts, and how (docs/product/analytics.md): the events the widget and the collection form send,
// the names the server folds them into, and the ranges the owner reads. Shared by the widget, the form, the server
// and the Analytics screen, so each event has one name everywhere.

/** The actions on a widget that count as an interaction. */
export const widgetInteractions = [
  'next',
  'previous',
  'dot',
  'pause',
  'read_more',
  'photo',
  'branding',
  'link',
] as const;
export type WidgetInteraction = (typeof widgetInteractions)[number];

/**
 * How a visitor reached the collection form: the link itself, the QR code (`?src=qr`), a request email's star
 * link (`?request=…`) or the Wall of Love page (`?src=wall`).
 */
export const collectionSources = ['link', 'qr', 'email', 'wall'] as const;
export type CollectionSource = (typeof collectionSources)[number];

/** The source of a visit to the form, read from its address's query. */
export function collectionSourceOf(search: URLSearchParams): CollectionSource {
  const src = search.get('src');
  if (src === 'qr' || src === 'wall') return src;
  return search.has('request') ? 'email' : 'link';
}

/** At most this many events in one beacon; the widget sends fewer, in small batches. */
export const ANALYTICS_BATCH_MAX = 50;
/** Time on screen is reported per card in pieces of at most this long (10 minutes). */
export const ANALYTICS_TIME_MAX_MS = 600_000;

/** An impression: at least this share of the widget (or of a card) on screen… */
export const IMPRESSION_VISIBLE_SHARE = 0.5;
/** …for at least this long, counted once per page view. */
export const IMPRESSION_DWELL_MS = 1000;

/** The same event from the same visitor counts once within this window (a flood counts once). */
export const ANALYTICS_REPEAT_WINDOW_MS = 30 * 60_000;

/** The longest range the owner's screen, the export and the API answer, in days. */
export const ANALYTICS_MAX_RANGE_DAYS = 366;
/** Raw events are kept this long, then only their daily rollups remain. */
export const ANALYTICS_RAW_RETENTION_DAYS = 30;

/** The ranges the Analytics screen offers, in days; "custom" takes any dates. */
export const ANALYTICS_PRESET_DAYS = [7, 30, 90] as const;

/** The daily figures of the API, the export and the chart, in their order. */
export const analyticsDailyFields = [
  'impressions',
  'visitors',
  'interactions',
  'formViews',
  'formStarts',
  'submissions',
] as const;
export type AnalyticsDailyField = (typeof analyticsDailyFields)[number];
