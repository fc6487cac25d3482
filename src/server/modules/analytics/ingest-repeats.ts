// The repeat window (docs/product/analytics.md#counting): the same event of the same visitor counts once within
// ANALYTICS_REPEAT_WINDOW_MS, so a page reloaded in a loop, or a script replaying a beacon, adds one. Kept in this
// server's memory, bounded: the keys are short (ingest-rules.ts `repeatKeysOf` hashes the long part), and past
// `maxKeys` the oldest are forgotten first (they are the next to expire anyway). With several servers, a repeat
// that reaches another server counts there once more.

export class RepeatFilter {
  /** Key → when its window ends (ms). Insertion order is expiry order: every window has the same length. */
  private readonly until = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys: number,
  ) {}

  /** True when `key` was seen within the window before `nowMs`; otherwise notes it and answers false. */
  isRepeat(key: string, nowMs: number): boolean {
    this.forgetExpired(nowMs);
    const until = this.until.get(key);
    if (until !== undefined && until > nowMs) return true;
    // Deleted first, so the key moves to the end: the map stays in expiry order.
    this.until.delete(key);
    this.until.set(key, nowMs + this.windowMs);
    while (this.until.size > this.maxKeys) this.forgetOldest();
    return false;
  }

  get size(): number {
    return this.until.size;
  }

  private forgetExpired(nowMs: number): void {
    for (const [key, until] of this.until) {
      if (until > nowMs) return;
      this.until.delete(key);
    }
  }

  private forgetOldest(): void {
    const oldest = this.until.keys().next();
    if (!oldest.done) this.until.delete(oldest.value);
  }
}
