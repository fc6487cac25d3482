// What a beacon becomes (docs/product/analytics.md#counting): who is not counted at all, the page an event
// keeps (origin and path, never the query or the hash), the business's local day, and one raw row per event.
// Pure functions; ingest.ts keeps the rows and writes them.
import type { IncomingHttpHeaders } from 'node:http';
import { localDay } from '../../../shared/calendar-days.js';
import type { AnalyticsBeacon, AnalyticsEvent } from '../../../shared/schemas/analytics.js';

/** One row of analytics_events, as the buffer holds it until it is written. */
export type RawEvent = {
  businessId: string;
  occurredAt: Date;
  /** The business's local day, YYYY-MM-DD. */
  day: string;
  type: AnalyticsEvent['type'] | 'submission';
  widget: string | null;
  page: string | null;
  testimonialId: string | null;
  action: string | null;
  source: string | null;
  ms: number | null;
  visitor: string | null;
};

/** The business a beacon's slug names, as the ingest needs it. */
export type IngestBusiness = { id: string; timeZone: string };

/** `DNT: 1` or `Sec-GPC: 1`: the visitor asked not to be tracked, so nothing of theirs is stored. */
export function asksNotToBeTracked(headers: IncomingHttpHeaders): boolean {
  return headerIs(headers.dnt, '1') || headerIs(headers['sec-gpc'], '1');
}

const headerIs = (value: string | string[] | undefined, expected: string) =>
  (Array.isArray(value) ? value : [value]).some((one) => one?.trim() === expected);

/** The page an event keeps: origin and path only, so no query (tokens, emails, campaign tags) and no hash. */
export function pageOf(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/** The UTC day of `instant`, YYYY-MM-DD (the visitor hash's salt changes with it). */
export const utcDay = (instant: Date): string => instant.toISOString().slice(0, 10);

const WIDGET_EVENTS: ReadonlySet<AnalyticsEvent['type']> = new Set([
  'impression',
  'card',
  'time',
  'interaction',
]);

const isWidgetEvent = (event: AnalyticsEvent): boolean => WIDGET_EVENTS.has(event.type);

export type BeaconContext = {
  business: IngestBusiness;
  /**
   * Whether the business's widget shows this testimonial. Only its cards are counted: a card's impression or time
   * naming another id is left out, and an interaction keeps its count without the id. A beacon can name any id;
   * without this, made-up ids would each add rows to the business's rollups and to its report's work.
   */
  shows: (testimonialId: string) => boolean;
  now: Date;
  /** The day's visitor hash (visitor-hash.ts). */
  visitor: string;
  /** Our own origin (BASE_URL's): widget events there are the dashboard's preview, not a visitor's page. */
  ownOrigin: string;
};

/**
 * The raw rows of a beacon's events, without the widget events of our own pages (the dashboard's preview) and the
 * cards the widget does not show.
 */
export function rowsOfBeacon(beacon: AnalyticsBeacon, context: BeaconContext): RawEvent[] {
  const url = new URL(beacon.page);
  const page = pageOf(url);
  const ownPage = url.origin === context.ownOrigin;
  const day = localDay(context.now, context.business.timeZone);
  const rows: RawEvent[] = [];
  for (const event of beacon.events) {
    const widgetEvent = isWidgetEvent(event);
    if (widgetEvent && ownPage) continue;
    const named = 'testimonialId' in event ? event.testimonialId : undefined;
    const shown = named !== undefined && context.shows(named);
    if (named !== undefined && !shown && event.type !== 'interaction') continue;
    rows.push({
      businessId: context.business.id,
      occurredAt: context.now,
      day,
      type: event.type,
      widget: widgetEvent ? beacon.slug : null,
      page,
      testimonialId: shown ? named : null,
      action: event.type === 'interaction' ? event.action : null,
      source: event.type === 'form_view' ? event.source : null,
      ms: event.type === 'time' ? event.ms : null,
      visitor: context.visitor,
    });
  }
  return rows;
}

/** What makes two events of one visitor the same event (the repeat window): everything but the time and `ms`. */
export function repeatKeyOf(row: RawEvent): string {
  return [
    row.businessId,
    row.visitor ?? '',
    row.type,
    row.widget ?? '',
    row.page ?? '',
    row.testimonialId ?? '',
    row.action ?? '',
    row.source ?? '',
  ].join('\n');
}
