// The public widget of each business, kept ready to send: the JSON body and
// the no-script HTML page (made on first use), each as the bytes themselves
// plus their Brotli and gzip copies, with an ETag per variant
// (plugins/compressed-body.ts). A hit costs a Map lookup; the database is read
// on a miss only, and compression happens once per entry: an entry reloaded
// after it expired with the same JSON keeps the copies it had.
//
// Freshness: invalidate(businessId) (wired to invalidateWidget in events.ts,
// which every server hears through LISTEN/NOTIFY) drops the business's entries
// at once. A load that was already running when an invalidation arrived still
// answers its own waiting requests, but is not stored, and later requests
// start a new load, so a change that has committed is never hidden behind a
// copy read before it. Entries also expire after `ttlMs`: the bound on
// staleness when a notification was lost or a hand-made database change is
// involved; clear() drops everything when notifications may have been lost.
// Unknown slugs are remembered as misses for `missTtlMs` (docs/security.md rule 22), so
// asking for the same made-up slug again costs a Map lookup, not a query;
// forgetMiss(slug) ends that at once when a business takes the slug.
// Memory: the oldest entries are dropped once the bodies (every variant)
// exceed `maxBytes`, the oldest misses once there are more than `maxMisses`.
import type { PublicWidget } from '../../../shared/schemas/widget.js';
import { compressBody, heldBytes, type CompressedBody } from '../../plugins/compressed-body.js';
import type { LoadedWidget } from './service.js';

export type PublicWidgetLoader = (slug: string) => Promise<LoadedWidget | null>;

export type CachedWidget = LoadedWidget & {
  slug: string;
  json: CompressedBody;
  /** The no-script page; made on first use. */
  html: CompressedBody | undefined;
  expiresAt: number;
};

export type PublicWidgetCacheOptions = {
  load: PublicWidgetLoader;
  renderHtml: (widget: PublicWidget) => string;
  ttlMs?: number;
  maxBytes?: number;
  missTtlMs?: number;
  maxMisses?: number;
  now?: () => number;
};

/** Half of the one-minute rule (README, decision 0016); the other half is the HTTP caching of public-routes.ts. */
export const PUBLIC_WIDGET_CACHE_TTL_MS = 30_000;
export const PUBLIC_WIDGET_MISS_TTL_MS = 30_000;
const MAX_MISSES = 10_000;

/**
 * Brotli quality of the cached bodies: 10 takes about 4 ms for a 15 KB widget
 * and is within 2% of the maximum (11), which takes about 14 ms, on the event
 * loop, for every widget loaded after a start or a change.
 */
const CACHED_BODY_BROTLI_QUALITY = 10;

const bodyOf = (bytes: Buffer): CompressedBody =>
  compressBody(bytes, { brotliQuality: CACHED_BODY_BROTLI_QUALITY });

export class PublicWidgetCache {
  private readonly entries = new Map<string, CachedWidget>();
  private readonly slugsOf = new Map<string, Set<string>>();
  /** Unknown slugs and until when they count as unknown; insertion order is age. */
  private readonly misses = new Map<string, number>();
  private readonly loading = new Map<string, Promise<CachedWidget | null>>();
  /**
   * Invalidation sequence: a load stores its result only if nothing that
   * concerns it (its business invalidated, a slug taken, a clear) happened since it started.
   */
  private sequence = 0;
  private readonly invalidatedAt = new Map<string, number>();
  private readonly missForgottenAt = new Map<string, number>();
  private clearedAt = 0;
  private loadsRunning = 0;
  private bytes = 0;
  private readonly ttlMs: number;
  private readonly maxBytes: number;
  private readonly missTtlMs: number;
  private readonly maxMisses: number;
  private readonly now: () => number;

  constructor(private readonly options: PublicWidgetCacheOptions) {
    this.ttlMs = options.ttlMs ?? PUBLIC_WIDGET_CACHE_TTL_MS;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.missTtlMs = options.missTtlMs ?? PUBLIC_WIDGET_MISS_TTL_MS;
    this.maxMisses = options.maxMisses ?? MAX_MISSES;
    this.now = options.now ?? Date.now;
  }

  /** No I/O: the fresh entry for `slug`; null while it is remembered as unknown; undefined when it must be loaded. */
  peek(slug: string): CachedWidget | null | undefined {
    const now = this.now();
    const entry = this.entries.get(slug);
    if (entry && entry.expiresAt > now) return entry;
    const unknownUntil = this.misses.get(slug);
    if (unknownUntil === undefined) return undefined;
    if (unknownUntil > now) return null;
    this.misses.delete(slug);
    return undefined;
  }

  /** The entry for `slug`, loading it when peek() has no answer; null for an unknown slug. */
  get(slug: string): Promise<CachedWidget | null> {
    const known = this.peek(slug);
    if (known !== undefined) return Promise.resolve(known);
    return this.loading.get(slug) ?? this.startLoad(slug);
  }

  /** The entry's no-script page, made once. */
  htmlOf(entry: CachedWidget): CompressedBody {
    if (!entry.html) {
      entry.html = bodyOf(Buffer.from(this.options.renderHtml(entry.widget)));
      if (this.entries.get(entry.slug) === entry) this.bytes += heldBytes(entry.html);
      this.evict();
    }
    return entry.html;
  }

  invalidate(businessId: string): void {
    this.sequence += 1;
    if (this.loadsRunning > 0) this.invalidatedAt.set(businessId, this.sequence);
    // Which business a running load is for is not known until it ends: later requests start afresh.
    this.loading.clear();
    for (const slug of this.slugsOf.get(businessId) ?? []) this.remove(slug);
    this.slugsOf.delete(businessId);
  }

  /** A business now answers to `slug`: stop calling it unknown, including in a load that read it before the business committed. */
  forgetMiss(slug: string): void {
    this.sequence += 1;
    if (this.loadsRunning > 0) this.missForgottenAt.set(slug, this.sequence);
    this.misses.delete(slug);
    this.loading.delete(slug);
  }

  /** Forgets everything, e.g. when change notifications may have been lost. */
  clear(): void {
    this.sequence += 1;
    this.clearedAt = this.sequence;
    this.entries.clear();
    this.slugsOf.clear();
    this.misses.clear();
    this.loading.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get missCount(): number {
    return this.misses.size;
  }

  private startLoad(slug: string): Promise<CachedWidget | null> {
    const startedAt = this.sequence;
    this.loadsRunning += 1;
    const promise = this.options
      .load(slug)
      .then((found) => {
        const current = this.clearedAt <= startedAt;
        if (!found) {
          if (current && (this.missForgottenAt.get(slug) ?? 0) <= startedAt) this.storeMiss(slug);
          return null;
        }
        const json = Buffer.from(JSON.stringify(found.widget));
        // Expired but unchanged (the usual reload): its compressed copies, and its page, still hold.
        const previous = this.entries.get(slug);
        const unchanged =
          previous !== undefined &&
          previous.businessId === found.businessId &&
          previous.json.identity.body.equals(json);
        const entry: CachedWidget = {
          ...found,
          slug,
          json: unchanged ? previous.json : bodyOf(json),
          html: unchanged ? previous.html : undefined,
          expiresAt: this.now() + this.ttlMs,
        };
        if (current && (this.invalidatedAt.get(found.businessId) ?? 0) <= startedAt)
          this.store(slug, entry);
        return entry;
      })
      .finally(() => {
        if (this.loading.get(slug) === promise) this.loading.delete(slug);
        this.loadsRunning -= 1;
        if (this.loadsRunning === 0) {
          this.invalidatedAt.clear();
          this.missForgottenAt.clear();
        }
      });
    this.loading.set(slug, promise);
    return promise;
  }

  private store(slug: string, entry: CachedWidget): void {
    this.remove(slug);
    this.misses.delete(slug);
    this.entries.set(slug, entry);
    this.bytes += heldBytes(entry.json) + (entry.html ? heldBytes(entry.html) : 0);
    let slugs = this.slugsOf.get(entry.businessId);
    if (!slugs) this.slugsOf.set(entry.businessId, (slugs = new Set()));
    slugs.add(slug);
    this.evict();
  }

  private storeMiss(slug: string): void {
    this.misses.delete(slug);
    this.misses.set(slug, this.now() + this.missTtlMs);
    for (const oldest of this.misses.keys()) {
      if (this.misses.size <= this.maxMisses) break;
      this.misses.delete(oldest);
    }
  }

  private remove(slug: string): void {
    const entry = this.entries.get(slug);
    if (!entry) return;
    this.entries.delete(slug);
    this.bytes -= heldBytes(entry.json) + (entry.html ? heldBytes(entry.html) : 0);
    const slugs = this.slugsOf.get(entry.businessId);
    slugs?.delete(slug);
    if (slugs?.size === 0) this.slugsOf.delete(entry.businessId);
  }

  /** Drops the oldest entries (Map order is insertion order) while over the byte budget; never the newest. */
  private evict(): void {
    for (const slug of this.entries.keys()) {
      if (this.bytes <= this.maxBytes || this.entries.size <= 1) return;
      this.remove(slug);
    }
  }
}
