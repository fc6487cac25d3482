// The repeat window (docs/product/analytics.md#counting): the same event of the same visitor counts once within
// ANALYTICS_REPEAT_WINDOW_MS, so a page reloaded in a loop, or a script replaying a beacon, adds one. Kept in this
// server's memory, bounded: the keys are short (ingest-rules.ts `repeatKeyOf` hashes the long part), and past
// `maxKeys` the oldest are forgotten first (they are the next to expire anyway). With several servers, a repeat
// that reaches another server counts there once more.

export class RepeatFilter {
  /** Key → when its window ends (ms). */
  private readonly until = new Map<string, number>();
  /**
   * Every key noted, with its window's end, in the order noted, which is expiry order (every window has the same
   * length): what is forgotten first is read from here, never by walking the map, which a map emptied from its
   * front makes slower with every key deleted. An entry whose key was noted again since is passed over.
   */
  private queuedKeys: string[] = [];
  private queuedUntil: number[] = [];
  /** Where the queue's live part starts. */
  private head = 0;

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys: number,
  ) {}

  /** True when `key` was seen within the window before `nowMs`; otherwise notes it and answers false. */
  isRepeat(key: string, nowMs: number): boolean {
    this.forgetExpired(nowMs);
    const until = this.until.get(key);
    if (until !== undefined && until > nowMs) return true;
    const ends = nowMs + this.windowMs;
    this.until.set(key, ends);
    this.queuedKeys.push(key);
    this.queuedUntil.push(ends);
    while (this.until.size > this.maxKeys) this.forgetOldest();
    return false;
  }

  get size(): number {
    return this.until.size;
  }

  private forgetExpired(nowMs: number): void {
    while (this.head < this.queuedKeys.length && (this.queuedUntil[this.head] ?? 0) <= nowMs)
      this.forgetOldest();
  }

  /** Forgets the queue's first key, unless it was noted again since (its later entry stands for it). */
  private forgetOldest(): void {
    const key = this.queuedKeys[this.head];
    const ends = this.queuedUntil[this.head];
    this.head++;
    if (key !== undefined && this.until.get(key) === ends) this.until.delete(key);
    // Drops the passed part now and then, so the queue stays within twice the keys remembered.
    if (this.head > 1024 && this.head * 2 > this.queuedKeys.length) {
      this.queuedKeys = this.queuedKeys.slice(this.head);
      this.queuedUntil = this.queuedUntil.slice(this.head);
      this.head = 0;
    }
  }
}
