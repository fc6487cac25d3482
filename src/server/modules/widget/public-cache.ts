// The public widget of each business, kept ready to send: the JSON body as a
// Buffer with its ETag, and the no-script HTML page (made on first use). A hit
// costs a Map lookup; the database is read on a miss only.
//
// Freshness: invalidate(businessId) (wired to invalidateWidget in events.ts)
// drops the business's entries at once. A load that was already running when
// an invalidation arrived still answers its own waiting requests, but is not
// stored, and later requests start a new load, so a change that has committed
// is never hidden behind a copy read before it. Entries also expire after
// `ttlMs`: the bound on staleness when another server process (which does not
// hear this process's invalidations) or a hand-made database change is involved.
// Memory: the oldest entries are dropped once the bodies exceed `maxBytes`.
import { createHash } from 'node:crypto';
import type { PublicWidget } from '../../../shared/schemas/widget.js';

export type PublicWidgetLoader = (
  slug: string,
) => Promise<{ businessId: string; widget: PublicWidget } | null>;

export type CachedBody = { body: Buffer; etag: string };

export type CachedWidget = {
  slug: string;
  businessId: string;
  widget: PublicWidget;
  json: CachedBody;
  /** The no-script page; made on first use. */
  html: CachedBody | undefined;
  expiresAt: number;
};

export type PublicWidgetCacheOptions = {
  load: PublicWidgetLoader;
  renderHtml: (widget: PublicWidget) => string;
  ttlMs?: number;
  maxBytes?: number;
  now?: () => number;
};

/** A strong validator: the body's SHA-256 (first 128 bits, base64url). */
export function strongEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

/** True when an If-None-Match header names `etag` (or is `*`); weak comparison, as RFC 9110 asks. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

const bodyOf = (text: string): CachedBody => {
  const body = Buffer.from(text);
  return { body, etag: strongEtag(body) };
};

export class PublicWidgetCache {
  private readonly entries = new Map<string, CachedWidget>();
  private readonly slugsOf = new Map<string, Set<string>>();
  private readonly loading = new Map<string, Promise<CachedWidget | null>>();
  /** Invalidation sequence: a load stores its result only if its business was not invalidated since it started. */
  private sequence = 0;
  private readonly invalidatedAt = new Map<string, number>();
  private loadsRunning = 0;
  private bytes = 0;
  private readonly ttlMs: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(private readonly options: PublicWidgetCacheOptions) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.now = options.now ?? Date.now;
  }

  /** The fresh entry for `slug`, if there is one (no I/O). */
  peek(slug: string): CachedWidget | undefined {
    const entry = this.entries.get(slug);
    if (entry && entry.expiresAt > this.now()) return entry;
    return undefined;
  }

  /** The entry for `slug`, loading it on a miss; null for an unknown slug. */
  get(slug: string): Promise<CachedWidget | null> {
    const entry = this.peek(slug);
    if (entry) return Promise.resolve(entry);
    return this.loading.get(slug) ?? this.startLoad(slug);
  }

  /** The entry's no-script page, made once. */
  htmlOf(entry: CachedWidget): CachedBody {
    if (!entry.html) {
      entry.html = bodyOf(this.options.renderHtml(entry.widget));
      if (this.entries.get(entry.slug) === entry) this.bytes += entry.html.body.length;
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

  get size(): number {
    return this.entries.size;
  }

  private startLoad(slug: string): Promise<CachedWidget | null> {
    const startedAt = this.sequence;
    this.loadsRunning += 1;
    const promise = this.options
      .load(slug)
      .then((found) => {
        if (!found) return null;
        const entry: CachedWidget = {
          slug,
          businessId: found.businessId,
          widget: found.widget,
          json: bodyOf(JSON.stringify(found.widget)),
          html: undefined,
          expiresAt: this.now() + this.ttlMs,
        };
        if ((this.invalidatedAt.get(found.businessId) ?? 0) <= startedAt) this.store(slug, entry);
        return entry;
      })
      .finally(() => {
        if (this.loading.get(slug) === promise) this.loading.delete(slug);
        this.loadsRunning -= 1;
        if (this.loadsRunning === 0) this.invalidatedAt.clear();
      });
    this.loading.set(slug, promise);
    return promise;
  }

  private store(slug: string, entry: CachedWidget): void {
    this.remove(slug);
    this.entries.set(slug, entry);
    this.bytes += entry.json.body.length;
    let slugs = this.slugsOf.get(entry.businessId);
    if (!slugs) this.slugsOf.set(entry.businessId, (slugs = new Set()));
    slugs.add(slug);
    this.evict();
  }

  private remove(slug: string): void {
    const entry = this.entries.get(slug);
    if (!entry) return;
    this.entries.delete(slug);
    this.bytes -= entry.json.body.length + (entry.html?.body.length ?? 0);
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
