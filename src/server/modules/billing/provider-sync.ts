// Reading the payment provider when a user's mirror is stale (their paid
// period ended and no renewal news came yet) happens inside that user's own
// requests: the access check of every paid page. A slow or failing provider
// must neither slow those requests nor multiply calls to it, so:
// - one read per user at a time: concurrent checks share it;
// - a check waits at most `waitMs` for it, then decides on the mirror; the
//   read goes on and updates the mirror for the requests that follow;
// - a failed read decides on the mirror too. After a failure that says the
//   provider is away, the provider's one pause (plugins/payments.ts) makes the
//   reads that follow, every user's and the billing routes' alike, fail at once.
import type { UserRow } from '../../db/schema.js';

export type ProviderSyncOptions = {
  waitMs?: number;
};

export class ProviderSyncGate {
  private readonly running = new Map<string, Promise<UserRow | null>>();
  private readonly waitMs: number;

  constructor(options: ProviderSyncOptions = {}) {
    this.waitMs = options.waitMs ?? 3000;
  }

  /**
   * The user as `read` (a provider read that mirrors what it finds) left them;
   * null when the read failed (the provider paused after a failure included)
   * or took longer than `waitMs`.
   */
  async read(userId: string, read: () => Promise<UserRow>): Promise<UserRow | null> {
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
    // The read logged its failure (service.ts providerFailure).
    const running = read().catch(() => null);
    this.running.set(userId, running);
    void running.finally(() => this.running.delete(userId));
    return running;
  }
}
