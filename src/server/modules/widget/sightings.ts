// The first time a business's widget is loaded by another site (docs/product/widget.md#first-seen), for the
// dashboard's first-week checklist. Called on every public widget request (the fast lane's cache hits
// too), so it stays cheap: a business already recorded by this process costs one Set lookup, and the
// first sighting costs one UPDATE ... WHERE widget_seen_at IS NULL, started without being awaited,
// never failing or slowing the answer. Only requests that reach the server count: an answer a CDN or
// the browser served from its cache is never seen here.
import type { IncomingHttpHeaders } from 'node:http';

export type WidgetSightingsOptions = {
  /** The app's own public URL: the dashboard preview and our own pages are not "another site". */
  baseUrl: string;
  record: (businessId: string, origin: string) => Promise<void>;
  warn: (error: unknown, message: string) => void;
};

/** The http(s) origin of an Origin or Referer header value, or null. */
function originOf(value: string | undefined): string | null {
  if (!value || value === 'null' || value.length > 2048) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

export class WidgetSightings {
  private readonly ownOrigin: string;
  /** Businesses this process has recorded (or is recording). */
  private readonly recorded = new Set<string>();

  constructor(private readonly options: WidgetSightingsOptions) {
    this.ownOrigin = new URL(options.baseUrl).origin;
  }

  /** The request's site, if it is another site than ours: the Origin header, else the Referer's origin. */
  foreignOrigin(headers: IncomingHttpHeaders): string | null {
    const origin = originOf(headers.origin) ?? originOf(headers.referer);
    return origin === null || origin === this.ownOrigin ? null : origin;
  }

  /** Notes a request for the widget of `businessId`; synchronous, never throws. */
  note(businessId: string, headers: IncomingHttpHeaders): void {
    if (this.recorded.has(businessId)) return;
    const origin = this.foreignOrigin(headers);
    if (origin === null) return;
    this.recorded.add(businessId);
    this.options.record(businessId, origin).catch((error: unknown) => {
      // Try again on a later request.
      this.recorded.delete(businessId);
      this.options.warn(error, 'Could not record where the widget was seen');
    });
  }
}
