// What a beacon becomes (docs/product/analytics.md#counting): who is not counted at all, the page it keeps (origin
// and path, never the query or the hash), the business's local day, and the events it counts, stored as one raw beacon.
// Pure functions; ingest-counter.ts keeps the rows, ingest.ts writes them.
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { localDay } from '../../../shared/calendar-days.js';
import type {
  AnalyticsBeacon,
  AnalyticsEvent,
  StoredAnalyticsEvent,
} from '../../../shared/schemas/analytics.js';

/** An event as it is stored and folded. */
export type RawEvent = StoredAnalyticsEvent;

/**
 * One raw beacon, as the buffer holds it until it is written (in its business's batch, beacon-batches.ts): a beacon's
 * counted events, or the server's own count of a submission.
 */
export type RawBeacon = {
  businessId: string;
  receivedAt: Date;
  /** The business's local day when it arrived, YYYY-MM-DD. */
  day: string;
  /** The slug the beacon named: the widget, for widget events. Null for a submission. */
  slug: string | null;
  /** Origin and path of the page, never its query. Null for a submission. */
  page: string | null;
  /** The day's visitor hash (visitor-hash.ts); null for a submission. */
  visitor: string | null;
  events: RawEvent[];
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

const WIDGET_EVENTS: ReadonlySet<RawEvent['type']> = new Set([
  'impression',
  'card',
  'time',
  'interaction',
]);

/** Sent by the widget (counted under its slug), not by the collection form or the server. */
const isWidgetEvent = (type: RawEvent['type']): boolean => WIDGET_EVENTS.has(type);

/** A checked beacon with its page parsed, once, by the caller (which hashes the visitor with its origin). */
export type PageParsed = Omit<AnalyticsBeacon, 'page'> & { page: URL };

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

/** The event as stored: its type and the fields it has, with `testimonialId` only when `shown`. */
function rawEventOf(event: AnalyticsEvent, shown: boolean): RawEvent {
  switch (event.type) {
    case 'impression':
    case 'form_start':
      return { type: event.type };
    case 'card':
      return { type: event.type, testimonialId: event.testimonialId };
    case 'time':
      return { type: event.type, testimonialId: event.testimonialId, ms: event.ms };
    case 'interaction':
      return shown
        ? { type: event.type, action: event.action, testimonialId: event.testimonialId }
        : { type: event.type, action: event.action };
    case 'form_view':
      return { type: event.type, source: event.source };
  }
}

/**
 * The beacon as stored: its page without the query, the business's local day, and its events without the widget
 * events of our own pages (the dashboard's preview) and the cards the widget does not show. Null when no event is
 * left.
 */
export function rawBeaconOf(beacon: PageParsed, context: BeaconContext): RawBeacon | null {
  const url = beacon.page;
  const ownPage = url.origin === context.ownOrigin;
  const events: RawEvent[] = [];
  for (const event of beacon.events) {
    if (ownPage && isWidgetEvent(event.type)) continue;
    const named = 'testimonialId' in event ? event.testimonialId : undefined;
    const shown = named !== undefined && context.shows(named);
    if (named !== undefined && !shown && event.type !== 'interaction') continue;
    events.push(rawEventOf(event, shown));
  }
  if (events.length === 0) return null;
  return {
    businessId: context.business.id,
    receivedAt: context.now,
    day: localDay(context.now, context.business.timeZone),
    slug: beacon.slug,
    page: pageOf(url),
    visitor: context.visitor,
    events,
  };
}

/** The business's own count of a testimonial sent through its form at `now`: no slug, page or visitor. */
export function submissionOf(business: IngestBusiness, now: Date): RawBeacon {
  return {
    businessId: business.id,
    receivedAt: now,
    day: localDay(now, business.timeZone),
    slug: null,
    page: null,
    visitor: null,
    events: [{ type: 'submission' }],
  };
}

/**
 * What makes two events of one visitor the same event (the repeat window): everything but the time and `ms`. The
 * beacon's part (business, visitor, slug, page: up to 2 KB) is hashed once per beacon; each event adds its own
 * short fields, so a key is at most about 90 characters.
 */
export function repeatKeyOf(beacon: RawBeacon): (event: RawEvent) => string {
  const ofBeacon = createHash('sha256')
    .update(
      [beacon.businessId, beacon.visitor ?? '', beacon.slug ?? '', beacon.page ?? ''].join('\n'),
    )
    .digest('base64url')
    .slice(0, 22);
  return (event) =>
    [ofBeacon, event.type, event.testimonialId ?? '', event.action ?? '', event.source ?? ''].join(
      '\n',
    );
}
