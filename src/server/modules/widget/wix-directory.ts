// Which business's widget GET /wix/widget shows for a Wix site, remembered
// for `ttlMs`: a known site maps to its business's collection slug (which
// never changes once made), and an unknown one is remembered as a miss, so a
// flood of made-up site ids costs one database read each per minute at most,
// then Map lookups (docs/security.md rule 22). Linking or unlinking a site
// (wixSiteChanged) forgets its entry at once on every server (events.ts); a
// new business forgets every miss (its owner may have linked a site before
// creating it); clear() forgets everything when notifications may have been lost.
// Memory: at most `maxEntries`, the oldest dropped first.
import { MINUTE_MS } from '../../../shared/time.js';

export type WixSiteDirectoryOptions = {
  /** The collection slug of the site's business, or null. */
  lookup: (wixSiteId: string) => Promise<string | null>;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
};

type Entry = { slug: string | null; expiresAt: number };

export class WixSiteDirectory {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<string | null>>();
  /** Bumped by every forget: a lookup that started before it does not store its answer. */
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(private readonly options: WixSiteDirectoryOptions) {
    this.ttlMs = options.ttlMs ?? MINUTE_MS;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** No I/O: the remembered answer (a slug, or null for an unknown site), or undefined when it must be looked up. */
  peek(wixSiteId: string): string | null | undefined {
    const entry = this.entries.get(wixSiteId);
    return entry && entry.expiresAt > this.now() ? entry.slug : undefined;
  }

  /** The slug of the site's business, or null for a site nobody linked (or whose owner has no business yet). */
  find(wixSiteId: string): Promise<string | null> {
    const remembered = this.peek(wixSiteId);
    if (remembered !== undefined) return Promise.resolve(remembered);
    const running = this.loading.get(wixSiteId);
    if (running) return running;
    const startedAt = this.generation;
    const promise = this.options
      .lookup(wixSiteId)
      .then((slug) => {
        if (this.generation === startedAt) this.store(wixSiteId, slug);
        return slug;
      })
      .finally(() => {
        if (this.loading.get(wixSiteId) === promise) this.loading.delete(wixSiteId);
      });
    this.loading.set(wixSiteId, promise);
    return promise;
  }

  forgetSite(wixSiteId: string): void {
    this.generation += 1;
    this.entries.delete(wixSiteId);
    this.loading.delete(wixSiteId);
  }

  /** Forgets every unknown site; known ones stay. */
  forgetMisses(): void {
    this.generation += 1;
    for (const [wixSiteId, entry] of this.entries)
      if (entry.slug === null) this.entries.delete(wixSiteId);
    this.loading.clear();
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private store(wixSiteId: string, slug: string | null): void {
    this.entries.delete(wixSiteId);
    this.entries.set(wixSiteId, { slug, expiresAt: this.now() + this.ttlMs });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }
}
