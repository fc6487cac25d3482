// The repeat window (docs/product/analytics.md#counting): the same event of the same visitor counts once within
// ANALYTICS_REPEAT_WINDOW_MS, so a page reloaded in a loop, or a script replaying a beacon, adds one. Kept in this
// server's memory, bounded: the keys are hashed to a fixed length, and past `maxKeys` the oldest are forgotten
// first (they are the next to expire anyway). With several servers, a repeat that reaches another server counts
// there once more.
import { createHash } from 'node:crypto';

export class RepeatFilter {
  /** Hashed key → when its window ends (ms). Insertion order is expiry order: every window has the same length. */
  private readonly until = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys: number,
  ) {}

  /** True when `key` was seen within the window before `nowMs`; otherwise notes it and answers false. */
  isRepeat(key: string, nowMs: number): boolean {
    this.forgetExpired(nowMs);
    const hashed = createHash('sha256').update(key).digest('base64url').slice(0, 22);
    const until = this.until.get(hashed);
    if (until !== undefined && until > nowMs) return true;
    // Deleted first, so the key moves to the end: the map stays in expiry order.
    this.until.delete(hashed);
    this.until.set(hashed, nowMs + this.windowMs);
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
