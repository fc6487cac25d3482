// The write-behind buffer of the analytics ingest (docs/product/analytics.md#the-write-behind-buffer): a beacon's
// rows are queued in memory and answered at once; the queue is written every second, as soon as it holds
// `flushAtRows`, and when the app closes, each time in one call of `write` (one transaction). A failed write
// keeps its rows, in order, for the next flush; while the database stays away the queue is capped at `maxRows`,
// the oldest rows dropped first, with a warning. Flushes never overlap: each waits for the one before.
// A row may count for more than one (`sizeOf`: a beacon counts its events), so the limits hold whatever the rows.
export type WriteBehindOptions<Row> = {
  write: (rows: Row[]) => Promise<void>;
  intervalMs: number;
  flushAtRows: number;
  maxRows: number;
  warn: (details: Record<string, unknown>, message: string) => void;
  /** What a row counts for against `flushAtRows` and `maxRows`; 1 when not given. */
  sizeOf?: (row: Row) => number;
};

export class WriteBehindBuffer<Row> {
  private rows: Row[] = [];
  /** The rows' sizes summed. */
  private queued = 0;
  /** The flush under way (or the last one), which the next one waits for. */
  private flushing: Promise<void> = Promise.resolve();
  private pending = false;
  /** The last write failed: only the timer tries again, not every new row. */
  private failing = false;
  private dropped = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: WriteBehindOptions<Row>) {}

  /** What the queued rows count for (`sizeOf`). */
  get size(): number {
    return this.queued;
  }

  add(rows: readonly Row[]): void {
    if (rows.length === 0) return;
    this.rows.push(...rows);
    for (const row of rows) this.queued += this.sizeOf(row);
    this.capRows();
    if (this.queued >= this.options.flushAtRows && !this.pending && !this.failing)
      void this.flush();
  }

  /** Writes what is queued now (after any flush under way); a failure is logged and the rows kept. */
  flush(): Promise<void> {
    this.pending = true;
    const run = this.flushing.then(() => this.writeQueued());
    this.flushing = run;
    return run;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left (the app is closing). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async writeQueued(): Promise<void> {
    this.pending = false;
    if (this.dropped > 0) {
      this.options.warn(
        { dropped: this.dropped },
        'analytics: dropped the oldest buffered events while they could not be written',
      );
      this.dropped = 0;
    }
    if (this.rows.length === 0) return;
    const rows = this.rows;
    const queued = this.queued;
    this.rows = [];
    this.queued = 0;
    try {
      await this.options.write(rows);
      this.failing = false;
    } catch (error) {
      this.failing = true;
      this.options.warn(
        { err: error, rows: rows.length },
        'analytics: could not write the buffered events; trying again on the next flush',
      );
      this.rows = rows.concat(this.rows);
      this.queued += queued;
      this.capRows();
    }
  }

  private sizeOf(row: Row): number {
    return this.options.sizeOf?.(row) ?? 1;
  }

  /** Drops the oldest rows until the queue is within `maxRows`; `dropped` counts what they counted for. */
  private capRows(): void {
    let drop = 0;
    while (this.queued > this.options.maxRows && drop < this.rows.length) {
      const size = this.sizeOf(this.rows[drop] as Row);
      this.queued -= size;
      this.dropped += size;
      drop += 1;
    }
    if (drop > 0) this.rows.splice(0, drop);
  }
}
