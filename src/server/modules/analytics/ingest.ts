// The analytics write side (docs/product/analytics.md#counting), one per app (`app.analytics`, plugins/analytics.ts):
// a beacon from a counted visitor becomes raw rows (ingest-rules.ts), minus the repeats of the last
// ANALYTICS_REPEAT_WINDOW_MS (ingest-repeats.ts), queued in the write-behind buffer (ingest-buffer.ts). Each flush
// writes, in one transaction, the raw rows, the day's new visitors and the rollup counters they fold into
// (ingest-fold.ts). A crash loses what was queued since the last flush: at most about a second of events.
// Retention (`pruneAnalytics`, from the hourly sweep of plugins/jobs.ts): raw rows for ANALYTICS_RAW_RETENTION_DAYS,
// visitor rows for two days; the rollups stay.
import type { FastifyBaseLogger } from 'fastify';
import {
  ANALYTICS_RAW_RETENTION_DAYS,
  ANALYTICS_REPEAT_WINDOW_MS,
} from '../../../shared/analytics.js';
import type { AnalyticsBeacon } from '../../../shared/schemas/analytics.js';
import { DAY_MS, MINUTE_MS, SECOND_MS } from '../../../shared/time.js';
import type { Executor } from '../../db/executor.js';
import { WriteBehindBuffer } from './ingest-buffer.js';
import { Rollups } from './ingest-fold.js';
import { RepeatFilter } from './ingest-repeats.js';
import * as repository from './ingest-repository.js';
import { localDay } from '../../../shared/calendar-days.js';
import {
  repeatKeyOf,
  rowsOfBeacon,
  utcDay,
  type IngestBusiness,
  type RawEvent,
} from './ingest-rules.js';
import { metrics, TOTAL } from './metrics.js';
import { VisitorSalts } from './visitor-hash.js';

/** The buffer is written this often… */
const ANALYTICS_FLUSH_INTERVAL_MS = SECOND_MS;
/** …or as soon as it holds this many rows. */
const ANALYTICS_FLUSH_ROWS = 500;
/** While the database is away at most this many rows wait; the oldest are dropped first. */
const ANALYTICS_MAX_BUFFERED_ROWS = 50_000;
/** Repeat keys remembered at most (about 60 bytes each). */
const MAX_REPEAT_KEYS = 100_000;
/** A slug's business (or its absence) is remembered this long… */
const SLUG_CACHE_MS = MINUTE_MS;
/** …for at most this many slugs. */
const MAX_CACHED_SLUGS = 10_000;
/** Visitor rows are only read on their own day; two days cover every time zone. */
const VISITOR_RETENTION_DAYS = 2;

export type IngestOptions = {
  db: Executor;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** The app's public URL: widget events on its origin are the dashboard's preview. */
  baseUrl: string;
};

/** The visitor as the server sees them: only ever hashed (visitor-hash.ts). */
export type BeaconClient = { ip: string; userAgent: string };

/**
 * Writes a batch in one transaction: the raw rows, the visitors (those new for their business and day count
 * into `visitors`), and the counters, each in a fixed order so concurrent servers cannot deadlock.
 */
async function writeEvents(db: Executor, batch: readonly RawEvent[]): Promise<void> {
  const rows = withKnownTestimonials(batch, await repository.knownTestimonials(db, batch));
  const rollups = new Rollups();
  for (const row of rows) rollups.fold(row);
  const visitors = new Map<string, repository.DayVisitor>();
  for (const { businessId, day, visitor } of rows) {
    if (visitor !== null)
      visitors.set(`${businessId} ${day} ${visitor}`, { businessId, day, visitor });
  }
  const sortedVisitors = [...visitors.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, visitor]) => visitor);
  await db.transaction(async (tx) => {
    await repository.insertEvents(tx, rows);
    for (const fresh of await repository.insertNewVisitors(tx, sortedVisitors))
      rollups.add(fresh, metrics.visitors, TOTAL);
    await repository.addToDaily(tx, rollups.sorted());
  });
}

/**
 * Only the business's own testimonials are counted per card: a card's impression or time naming another id is left
 * out, and an interaction keeps its count but not the id. A beacon can name any id; without this, made-up ids would
 * each add rows to the business's rollups and to its report's work.
 */
function withKnownTestimonials(rows: readonly RawEvent[], known: ReadonlySet<string>): RawEvent[] {
  return rows.flatMap((row) => {
    if (row.testimonialId === null || known.has(`${row.businessId} ${row.testimonialId}`))
      return [row];
    return row.type === 'interaction' ? [{ ...row, testimonialId: null }] : [];
  });
}

/** Deletes raw events past their retention, visitor rows of past days and the salts of past UTC days. */
export async function pruneAnalytics(db: Executor, now: Date): Promise<void> {
  await repository.deleteEventsBefore(
    db,
    new Date(now.getTime() - ANALYTICS_RAW_RETENTION_DAYS * DAY_MS),
  );
  await repository.deleteVisitorsBefore(
    db,
    utcDay(new Date(now.getTime() - VISITOR_RETENTION_DAYS * DAY_MS)),
  );
  await repository.deleteSaltsBefore(db, utcDay(now));
}

export class AnalyticsIngest {
  private readonly buffer: WriteBehindBuffer<RawEvent>;
  private readonly salts: VisitorSalts;
  private readonly repeats = new RepeatFilter(ANALYTICS_REPEAT_WINDOW_MS, MAX_REPEAT_KEYS);
  private readonly slugs = new Map<string, { business: IngestBusiness | null; untilMs: number }>();
  private readonly ownOrigin: string;

  constructor(private readonly options: IngestOptions) {
    this.ownOrigin = new URL(options.baseUrl).origin;
    this.salts = new VisitorSalts(options.db);
    this.buffer = new WriteBehindBuffer({
      write: (rows) => writeEvents(options.db, rows),
      intervalMs: ANALYTICS_FLUSH_INTERVAL_MS,
      flushAtRows: ANALYTICS_FLUSH_ROWS,
      maxRows: ANALYTICS_MAX_BUFFERED_ROWS,
      warn: (details, message) => options.log.warn(details, message),
    });
  }

  /** The business of `slug` as remembered: undefined when this server does not know, null when it has none. */
  peekBusiness(slug: string): IngestBusiness | null | undefined {
    const entry = this.slugs.get(slug);
    if (!entry) return undefined;
    if (entry.untilMs > this.options.clock().getTime()) return entry.business;
    this.slugs.delete(slug);
    return undefined;
  }

  /** Reads the business of `slug` from the database and remembers the answer for a minute. */
  async findBusiness(slug: string): Promise<IngestBusiness | null> {
    const business = await repository.findBusinessBySlug(this.options.db, slug);
    this.slugs.delete(slug);
    this.slugs.set(slug, { business, untilMs: this.options.clock().getTime() + SLUG_CACHE_MS });
    // Map order is insertion order: the first entries are the oldest.
    for (const oldest of this.slugs.keys()) {
      if (this.slugs.size <= MAX_CACHED_SLUGS) break;
      this.slugs.delete(oldest);
    }
    return business;
  }

  /** Queues a counted visitor's beacon for `business`; the repeats of the window are left out. */
  async record(
    business: IngestBusiness,
    beacon: AnalyticsBeacon,
    client: BeaconClient,
  ): Promise<void> {
    const now = this.options.clock();
    const visitor = await this.salts.hashOf(now, {
      site: new URL(beacon.page).origin,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    const rows = rowsOfBeacon(beacon, { business, now, visitor, ownOrigin: this.ownOrigin });
    this.buffer.add(rows.filter((row) => !this.repeats.isRepeat(repeatKeyOf(row), now.getTime())));
  }

  /**
   * A testimonial sent through the collection form: the business's own count, so counted whatever the visitor's
   * DNT or GPC says, with no visitor.
   */
  recordSubmission(business: IngestBusiness): void {
    const now = this.options.clock();
    this.buffer.add([
      {
        businessId: business.id,
        occurredAt: now,
        day: localDay(now, business.timeZone),
        type: 'submission',
        widget: null,
        page: null,
        testimonialId: null,
        action: null,
        source: null,
        ms: null,
        visitor: null,
      },
    ]);
  }

  /** Writes what is queued now; tests call it instead of waiting a second. */
  flush(): Promise<void> {
    return this.buffer.flush();
  }

  /** Flushes every second from now on. */
  start(): void {
    this.buffer.start();
  }

  /** Stops the timer and writes what is left (the app is closing). */
  stop(): Promise<void> {
    return this.buffer.stop();
  }
}
