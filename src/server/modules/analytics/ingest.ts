// The analytics write side (docs/product/analytics.md#counting), one per app (`app.analytics`, plugins/analytics.ts):
// a beacon's text goes to the counting (ingest-counter.ts, on a thread of its own: ingest-thread.ts), which parses
// and checks it; a good one's slug is looked up here, in the widget cache, and its visitor hashed with the day's salt
// (visitor-hash.ts), and the counting queues what it counts. Each flush comes back folded and is written here, in
// one transaction: the raw beacons (a gzipped batch per business, beacon-batches.ts), the day's new visitors and the
// rollup counters. A crash loses what was queued since the last flush: at most about a second of events.
// Retention (`pruneAnalytics`, from the hourly sweep of plugins/jobs.ts): raw beacons for
// ANALYTICS_RAW_RETENTION_DAYS, visitor rows for two days; the rollups stay.
import type { FastifyBaseLogger } from 'fastify';
import { ANALYTICS_RAW_RETENTION_DAYS } from '../../../shared/analytics.js';
import { DAY_MS } from '../../../shared/time.js';
import type { Executor } from '../../db/executor.js';
import { AppError } from '../../errors.js';
import type { LoadedWidget } from '../widget/service.js';
import { BeaconCounter, type FoldedBatch } from './ingest-counter.js';
import { Rollups } from './ingest-fold.js';
import * as repository from './ingest-repository.js';
import { submissionOf, utcDay, type IngestBusiness } from './ingest-rules.js';
import { ThreadCounting, type Counting } from './ingest-thread.js';
import { metrics, TOTAL } from './metrics.js';
import { VisitorSalts } from './visitor-hash.js';

/** Visitor rows are only read on their own day; two days cover every time zone. */
const VISITOR_RETENTION_DAYS = 2;

export type IngestOptions = {
  db: Executor;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** The app's public URL: widget events on its origin are the dashboard's preview. */
  baseUrl: string;
  /** Counts on a worker thread (ingest-thread.ts); false counts on the app's own thread. */
  thread: boolean;
};

/** The visitor as the server sees them: only ever hashed (visitor-hash.ts). */
export type BeaconClient = { ip: string; userAgent: string };

/**
 * Writes a folded batch in one transaction: the raw beacons' batches, the visitors (those new for their business and
 * day count into `visitors`), and the counters, each in a fixed order so concurrent servers cannot deadlock. Rows of
 * a business deleted since they arrived are left out.
 */
async function writeBatch(
  db: Executor,
  { beaconBatches, visitors, counters }: FoldedBatch,
): Promise<void> {
  await db.transaction(async (tx) => {
    await repository.insertBeaconBatches(tx, beaconBatches);
    const fresh = await repository.insertNewVisitors(tx, visitors);
    const rollups = new Rollups();
    for (const counter of counters)
      rollups.add(counter, counter.metric, counter.dimension, counter.count);
    for (const visitor of fresh) rollups.add(visitor, metrics.visitors, TOTAL);
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
  private readonly salts: VisitorSalts;
  private readonly counting: Counting;
  private nextBeaconId = 0;

  constructor(private readonly options: IngestOptions) {
    this.salts = new VisitorSalts(options.db);
    const counterOptions = {
      ownOrigin: new URL(options.baseUrl).origin,
      write: (batch: FoldedBatch) => writeBatch(options.db, batch),
      warn: (details: Record<string, unknown>, message: string) =>
        options.log.warn(details, message),
    };
    this.counting = options.thread
      ? new ThreadCounting({
          ...counterOptions,
          error: (details, message) => options.log.error(details, message),
        })
      : new BeaconCounter(counterOptions);
  }

  /**
   * Counts a beacon's text from a counted visitor: refused (the AppError of a 400) when it is not a good beacon;
   * nothing counted when `widgetOf` finds no business for its slug; else queued, minus the repeats of the window.
   */
  async take(
    text: string,
    client: BeaconClient,
    widgetOf: (slug: string) => LoadedWidget | null | Promise<LoadedWidget | null>,
  ): Promise<void> {
    const id = this.nextBeaconId++;
    const checked = await this.counting.check(id, text);
    if (!checked.ok) {
      const { statusCode, code, message, details } = checked.refusal;
      throw new AppError(statusCode, code, message, details);
    }
    let counted = false;
    try {
      const loaded = await widgetOf(checked.slug);
      if (loaded === null) return;
      const now = this.options.clock();
      const visitor = await this.salts.hashOf(now, { site: checked.site, ...client });
      this.counting.count(id, {
        business: { id: loaded.businessId, timeZone: loaded.timeZone },
        shown: loaded.widget.testimonials.map((testimonial) => testimonial.id),
        visitor,
        now,
      });
      counted = true;
    } finally {
      if (!counted) this.counting.forget(id);
    }
  }

  /**
   * A testimonial sent through the collection form: the business's own count, so counted whatever the visitor's
   * DNT or GPC says, with no visitor.
   */
  recordSubmission(business: IngestBusiness): void {
    this.counting.add(submissionOf(business, this.options.clock()));
  }

  /** Writes what is queued now; tests call it instead of waiting a second. */
  flush(): Promise<void> {
    return this.counting.flush();
  }

  /** Flushes every second from now on. */
  start(): void {
    this.counting.start();
  }

  /** Stops the timer and writes what is left (the app is closing). */
  stop(): Promise<void> {
    return this.counting.stop();
  }
}
