// The analytics write side (docs/product/analytics.md#counting), one per app (`app.analytics`, plugins/analytics.ts):
// a beacon from a counted visitor becomes a raw beacon (ingest-rules.ts), minus the repeats of the last
// ANALYTICS_REPEAT_WINDOW_MS (ingest-repeats.ts), queued in the write-behind buffer (ingest-buffer.ts). Each flush
// writes, in one transaction, a raw row per beacon, the day's new visitors and the rollup counters their events fold
// into (ingest-fold.ts). A crash loses what was queued since the last flush: at most about a second of events.
// Retention (`pruneAnalytics`, from the hourly sweep of plugins/jobs.ts): raw beacons for
// ANALYTICS_RAW_RETENTION_DAYS, visitor rows for two days; the rollups stay.
import type { FastifyBaseLogger } from 'fastify';
import {
  ANALYTICS_RAW_RETENTION_DAYS,
  ANALYTICS_REPEAT_WINDOW_MS,
} from '../../../shared/analytics.js';
import type { AnalyticsBeacon } from '../../../shared/schemas/analytics.js';
import { DAY_MS, SECOND_MS } from '../../../shared/time.js';
import type { Executor } from '../../db/executor.js';
import { WriteBehindBuffer } from './ingest-buffer.js';
import { compare, Rollups } from './ingest-fold.js';
import { RepeatFilter } from './ingest-repeats.js';
import * as repository from './ingest-repository.js';
import { localDay } from '../../../shared/calendar-days.js';
import {
  rawBeaconOf,
  repeatKeyOf,
  utcDay,
  type IngestBusiness,
  type RawBeacon,
} from './ingest-rules.js';
import type { LoadedWidget } from '../widget/service.js';
import { metrics, TOTAL } from './metrics.js';
import { VisitorSalts } from './visitor-hash.js';

/** The buffer is written this often… */
const ANALYTICS_FLUSH_INTERVAL_MS = SECOND_MS;
/** …or as soon as it holds this many events. */
const ANALYTICS_FLUSH_EVENTS = 5_000;
/** While the database is away at most this many events wait; the oldest beacons are dropped first. */
const ANALYTICS_MAX_BUFFERED_EVENTS = 50_000;
/** Repeat keys remembered at most (about 100 bytes each). */
const MAX_REPEAT_KEYS = 100_000;
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
 * Writes a batch in one transaction: a raw row per beacon, the visitors (those new for their business and day count
 * into `visitors`), and the counters, each in a fixed order so concurrent servers cannot deadlock.
 */
async function writeBeacons(db: Executor, beacons: readonly RawBeacon[]): Promise<void> {
  const rollups = new Rollups();
  const visitors = new Map<string, repository.DayVisitor>();
  for (const beacon of beacons) {
    rollups.fold(beacon);
    const { businessId, day, visitor } = beacon;
    if (visitor !== null)
      visitors.set(`${businessId} ${day} ${visitor}`, { businessId, day, visitor });
  }
  const sortedVisitors = [...visitors.entries()]
    .sort(([a], [b]) => compare(a, b))
    .map(([, visitor]) => visitor);
  await db.transaction(async (tx) => {
    await repository.insertBeacons(tx, beacons);
    for (const fresh of await repository.insertNewVisitors(tx, sortedVisitors))
      rollups.add(fresh, metrics.visitors, TOTAL);
    await repository.addToDaily(tx, rollups.sorted());
  });
}

/** Deletes raw beacons past their retention, visitor rows of past days and the salts of past UTC days. */
export async function pruneAnalytics(db: Executor, now: Date): Promise<void> {
  await repository.deleteBeaconsBefore(
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
  private readonly buffer: WriteBehindBuffer<RawBeacon>;
  private readonly salts: VisitorSalts;
  private readonly repeats = new RepeatFilter(ANALYTICS_REPEAT_WINDOW_MS, MAX_REPEAT_KEYS);
  private readonly ownOrigin: string;

  constructor(private readonly options: IngestOptions) {
    this.ownOrigin = new URL(options.baseUrl).origin;
    this.salts = new VisitorSalts(options.db);
    this.buffer = new WriteBehindBuffer({
      write: (beacons) => writeBeacons(options.db, beacons),
      intervalMs: ANALYTICS_FLUSH_INTERVAL_MS,
      flushAtRows: ANALYTICS_FLUSH_EVENTS,
      maxRows: ANALYTICS_MAX_BUFFERED_EVENTS,
      sizeOf: (beacon) => beacon.events.length,
      warn: (details, message) => options.log.warn(details, message),
    });
  }

  /** Queues a counted visitor's beacon for the widget it names; the repeats of the window are left out. */
  async record(loaded: LoadedWidget, beacon: AnalyticsBeacon, client: BeaconClient): Promise<void> {
    const now = this.options.clock();
    const page = new URL(beacon.page);
    const visitor = await this.salts.hashOf(now, {
      site: page.origin,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    const { testimonials } = loaded.widget;
    const raw = rawBeaconOf(
      { ...beacon, page },
      {
        business: { id: loaded.businessId, timeZone: loaded.timeZone },
        shows: (id) => testimonials.some((testimonial) => testimonial.id === id),
        now,
        visitor,
        ownOrigin: this.ownOrigin,
      },
    );
    if (raw === null) return;
    const keyOf = repeatKeyOf(raw);
    const events = raw.events.filter(
      (event) => !this.repeats.isRepeat(keyOf(event), now.getTime()),
    );
    if (events.length > 0) this.buffer.add([{ ...raw, events }]);
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
        receivedAt: now,
        day: localDay(now, business.timeZone),
        slug: null,
        page: null,
        visitor: null,
        events: [{ type: 'submission' }],
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
