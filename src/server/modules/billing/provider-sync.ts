// Reading the payment provider when a user's mirror is stale (their paid
// period ended and no renewal news came yet) happens inside that user's own
// requests: the access check of every paid page. A slow or failing provider
// must neither slow those requests nor multiply calls to it, so:
// - one read per user at a time: concurrent checks share it;
// - a check waits at most `waitMs` for it, then decides on the mirror; the
//   read goes on and updates the mirror for the requests that follow;
// - after a failed read, no read for `pauseMs` (the provider is away for
//   everybody, not for one user): checks decide on the mirror meanwhile.
// Per process: each server finds out about the provider on its own.
import type { UserRow } from '../../db/schema.js';

export type ProviderSyncOptions = {
  waitMs?: number;
  pauseMs?: number;
  now?: () => number;
};

export class ProviderSyncGate {
  private readonly running = new Map<string, Promise<UserRow | null>>();
  private pausedUntil = 0;
  private readonly waitMs: number;
  private readonly pauseMs: number;
  private readonly now: () => number;

  constructor(options: ProviderSyncOptions = {}) {
    this.waitMs = options.waitMs ?? 3000;
    this.pauseMs = options.pauseMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * The user as `read` (a provider read that mirrors what it finds) left them;
   * null when no read was made (paused after a failure), the read failed, or
   * it took longer than `waitMs`.
   */
  async read(userId: string, read: () => Promise<UserRow>): Promise<UserRow | null> {
    if (this.now() < this.pausedUntil) return null;
    const running = this.running.get(userId) ?? this.start(userId, read);
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.waitMs);
    });
    try {
      return await Promise.race([running, gaveUp]);
    } finally {
      clearTimeout(timer);
    }
  }

  private start(userId: string, read: () => Promise<UserRow>): Promise<UserRow | null> {
    const running = read().then(
      (user) => user,
      () => {
        // The read logged its failure (service.ts callProvider).
        this.pausedUntil = this.now() + this.pauseMs;
        return null;
      },
    );
    this.running.set(userId, running);
    void running.finally(() => this.running.delete(userId));
    return running;
  }
}
