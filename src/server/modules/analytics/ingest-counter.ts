// The counting half of the analytics ingest (docs/product/analytics.md#counting), apart from HTTP and the database
// so that it can run on a thread of its own (ingest-thread.ts): a beacon's text is parsed and checked against the
// contract's schema (`check`); once the app has found the widget its slug names and hashed the visitor, it becomes a
// raw beacon (ingest-rules.ts), minus the repeats of the last ANALYTICS_REPEAT_WINDOW_MS (ingest-repeats.ts), queued
// in the write-behind buffer (ingest-buffer.ts) (`count`). Each flush folds what is queued (ingest-fold.ts) and hands
// the batch to `write`, which the app runs in one transaction (ingest.ts).
import secureJson from 'secure-json-parse';
import { ANALYTICS_REPEAT_WINDOW_MS } from '../../../shared/analytics.js';
import { analyticsBeaconSchema } from '../../../shared/schemas/analytics.js';
import { SECOND_MS } from '../../../shared/time.js';
import { badRequest, validationFailed, type AppError } from '../../errors.js';
import {
  containsUnstorableText,
  INVALID_CHARACTER_MESSAGE,
} from '../../plugins/json-text-guard.js';
import { batchesOf, type BeaconBatch } from './beacon-batches.js';
import { WriteBehindBuffer } from './ingest-buffer.js';
import { compare, Rollups, type Counter } from './ingest-fold.js';
import { RepeatFilter } from './ingest-repeats.js';
import {
  rawBeaconOf,
  repeatKeyOf,
  type IngestBusiness,
  type PageParsed,
  type RawBeacon,
} from './ingest-rules.js';
import type { Counting } from './ingest-thread.js';

/** The buffer is written this often… */
const ANALYTICS_FLUSH_INTERVAL_MS = SECOND_MS;
/** …or as soon as it holds this many events. */
const ANALYTICS_FLUSH_EVENTS = 5_000;
/** While the database is away at most this many events wait; the oldest beacons are dropped first. */
const ANALYTICS_MAX_BUFFERED_EVENTS = 50_000;
/** Repeat keys remembered at most (about 100 bytes each). */
const MAX_REPEAT_KEYS = 100_000;

const NOT_JSON_MESSAGE = 'The body must be a JSON object: { slug, page, events }';

/** A refusal, as plain data (it may cross a thread): the app answers it as the AppError it describes. */
export type Refusal = Pick<AppError, 'statusCode' | 'code' | 'message' | 'details'>;

/** What `check` found: the slug to look up and the page's origin (the visitor hash's site), or why it is refused. */
export type Checked = { ok: true; slug: string; site: string } | { ok: false; refusal: Refusal };

/** What the app adds to a checked beacon once it has found the business and hashed the visitor. */
export type CountContext = {
  business: IngestBusiness;
  /** The ids of the testimonials the business's widget shows (ingest-rules.ts `shows`). */
  shown: readonly string[];
  /** The day's visitor hash (visitor-hash.ts). */
  visitor: string;
  now: Date;
};

/** The day's visitors a batch saw. */
export type DayVisitor = { businessId: string; day: string; visitor: string };

/** One flush, folded: its raw beacons' batches, visitors and counters, each in a fixed order (ingest-fold.ts). */
export type FoldedBatch = {
  beaconBatches: BeaconBatch[];
  visitors: DayVisitor[];
  counters: Counter[];
};

export type CounterOptions = {
  /** Our own origin (BASE_URL's): widget events there are the dashboard's preview. */
  ownOrigin: string;
  write: (batch: FoldedBatch) => Promise<void>;
  warn: (details: Record<string, unknown>, message: string) => void;
};

function refusalOf({ statusCode, code, message, details }: AppError): Refusal {
  return { statusCode, code, message, details };
}

/** The beacon's text as a checked beacon with its page parsed, or why it is refused (as the API answers a 400). */
function checkBeacon(text: string): { beacon: PageParsed } | { refusal: Refusal } {
  let parsed: unknown;
  try {
    parsed = secureJson.parse(text, null, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    return { refusal: refusalOf(badRequest(NOT_JSON_MESSAGE)) };
  }
  if (containsUnstorableText(parsed))
    return { refusal: refusalOf(badRequest(INVALID_CHARACTER_MESSAGE)) };
  const result = analyticsBeaconSchema.safeParse(parsed);
  if (!result.success) return { refusal: refusalOf(validationFailed(result.error.issues)) };
  return { beacon: { ...result.data, page: new URL(result.data.page) } };
}

/** Folds a flush's beacons into the rows to write. */
function foldBatch(beacons: readonly RawBeacon[]): FoldedBatch {
  const rollups = new Rollups();
  const visitors = new Map<string, DayVisitor>();
  for (const beacon of beacons) {
    rollups.fold(beacon);
    const { businessId, day, visitor } = beacon;
    if (visitor !== null)
      visitors.set(`${businessId} ${day} ${visitor}`, { businessId, day, visitor });
  }
  const sortedVisitors = [...visitors.entries()]
    .sort(([a], [b]) => compare(a, b))
    .map(([, visitor]) => visitor);
  return {
    beaconBatches: batchesOf(beacons),
    visitors: sortedVisitors,
    counters: rollups.sorted(),
  };
}

export class BeaconCounter implements Counting {
  private readonly buffer: WriteBehindBuffer<RawBeacon>;
  private readonly repeats = new RepeatFilter(ANALYTICS_REPEAT_WINDOW_MS, MAX_REPEAT_KEYS);
  /** Checked beacons waiting for the app's `count` or `forget`, by the id `check` was given. */
  private readonly checked = new Map<number, PageParsed>();

  constructor(private readonly options: CounterOptions) {
    this.buffer = new WriteBehindBuffer({
      write: (beacons) => options.write(foldBatch(beacons)),
      intervalMs: ANALYTICS_FLUSH_INTERVAL_MS,
      flushAtRows: ANALYTICS_FLUSH_EVENTS,
      maxRows: ANALYTICS_MAX_BUFFERED_EVENTS,
      sizeOf: (beacon) => beacon.events.length,
      warn: options.warn,
    });
  }

  /** Parses and checks a beacon's text; a good one waits under `id` for `count` or `forget`. */
  check(id: number, text: string): Checked {
    const found = checkBeacon(text);
    if ('refusal' in found) return { ok: false, refusal: found.refusal };
    this.checked.set(id, found.beacon);
    return { ok: true, slug: found.beacon.slug, site: found.beacon.page.origin };
  }

  /** Queues the beacon checked under `id` for the business of its slug; the repeats of the window are left out. */
  count(id: number, context: CountContext): void {
    const beacon = this.checked.get(id);
    this.checked.delete(id);
    if (beacon === undefined) return;
    const raw = rawBeaconOf(beacon, {
      business: context.business,
      shows: (testimonialId) => context.shown.includes(testimonialId),
      now: context.now,
      visitor: context.visitor,
      ownOrigin: this.options.ownOrigin,
    });
    if (raw === null) return;
    const keyOf = repeatKeyOf(raw);
    const nowMs = context.now.getTime();
    const events = raw.events.filter((event) => !this.repeats.isRepeat(keyOf(event), nowMs));
    if (events.length > 0) this.buffer.add([{ ...raw, events }]);
  }

  /** Drops the beacon checked under `id`: nothing of it is counted (no business has its slug, or it failed). */
  forget(id: number): void {
    this.checked.delete(id);
  }

  /** Queues a row the server counts itself (a submission). */
  add(raw: RawBeacon): void {
    this.buffer.add([raw]);
  }

  flush(): Promise<void> {
    return this.buffer.flush();
  }

  start(): void {
    this.buffer.start();
  }

  stop(): Promise<void> {
    return this.buffer.stop();
  }
}
