// Finds a business logo on its website. Candidates, in order: apple-touch-icon,
// <link rel="icon"> (largest `sizes` first), og:image, the web-app manifest's
// largest icon, then /favicon.ico if it answers 200 with an image type.
// Every fetch goes through safeFetch (SSRF guards) and all of them share one
// 5 s budget, so the route answers within it; any failure means "no logo".
import { DEFAULT_TIMEOUT_MS, safeFetch, type FetchPolicy, type SafeFetchOptions } from '../../adapters/http/safe-fetch.js';

type Tag = { name: string; attributes: Map<string, string> };
type Icon = { href: string; size: number };

const MAX_URL_LENGTH = 2048;

export type LogoDetectionResult = { logoUrl: string | null; failure?: unknown };

export async function detectLogo(
  website: string,
  fetchPolicy: FetchPolicy,
  budgetMs = DEFAULT_TIMEOUT_MS,
): Promise<LogoDetectionResult> {
  const deadline = Date.now() + budgetMs;
  /** The fetch options for the next request: the policy and whatever is left of the budget. */
  const withBudget = (): SafeFetchOptions => ({ ...fetchPolicy, timeoutMs: Math.max(1, deadline - Date.now()) });
  let page: Awaited<ReturnType<typeof safeFetch>>;
  try {
    page = await safeFetch(website, { ...withBudget(), accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1' });
  } catch (failure) {
    return { logoUrl: null, failure };
  }
  let failure: unknown;
  if (page.status >= 200 && page.status < 300 && isHtml(page.headers['content-type'])) {
    const tags = parseHeadTags(page.body.toString('utf8'));
    const base = baseUrlOf(tags, page.url);
    const fromPage =
      largestIcon(iconLinks(tags, isAppleTouchIcon), base) ??
      largestIcon(iconLinks(tags, isIcon), base) ??
      openGraphImage(tags, base);
    if (fromPage) return { logoUrl: fromPage };
    try {
      const fromManifest = await manifestIcon(tags, base, withBudget());
      if (fromManifest) return { logoUrl: fromManifest };
    } catch (error) {
      failure = error;
    }
  }
  try {
    const favicon = await safeFetch(new URL('/favicon.ico', page.url), { ...withBudget(), accept: 'image/*' });
    const type = String(favicon.headers['content-type'] ?? '').toLowerCase();
    if (favicon.status === 200 && type.startsWith('image/') && favicon.body.length > 0) {
      return { logoUrl: favicon.url };
    }
  } catch (error) {
    failure = error;
  }
  return { logoUrl: null, failure };
}

function isHtml(contentType: string | undefined): boolean {
  // No content type at all: sniffing is not worth it, but many small sites omit it.
  return contentType === undefined || /html/i.test(contentType);
}

/** The <link>, <meta> and <base> tags of a document, comments and scripts left out. */
export function parseHeadTags(html: string): Tag[] {
  const cleaned = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '');
  const tags: Tag[] = [];
  for (const match of cleaned.matchAll(/<(link|meta|base)\b([^>]*)>/gi)) {
    tags.push({ name: (match[1] ?? '').toLowerCase(), attributes: parseAttributes(match[2] ?? '') });
  }
  return tags;
}

function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!attributes.has(name)) {
      attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
    }
  }
  return attributes;
}

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X')) return safeCodePoint(parseInt(entity.slice(2), 16), whole);
    if (entity.startsWith('#')) return safeCodePoint(parseInt(entity.slice(1), 10), whole);
    return namedEntities[entity.toLowerCase()] ?? whole;
  });
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

function relTokens(tag: Tag): string[] {
  return (tag.attributes.get('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

const isAppleTouchIcon = (tag: Tag) =>
  relTokens(tag).some((token) => token === 'apple-touch-icon' || token === 'apple-touch-icon-precomposed');
const isIcon = (tag: Tag) => relTokens(tag).includes('icon');

function iconLinks(tags: Tag[], accept: (tag: Tag) => boolean): Icon[] {
  return tags
    .filter((tag) => tag.name === 'link' && accept(tag) && tag.attributes.get('href'))
    .map((tag) => ({ href: tag.attributes.get('href') ?? '', size: largestSize(tag.attributes.get('sizes')) }));
}

/** "16x16 32x32" → 32; "any" (scalable) → Infinity; missing or unreadable → 0. */
export function largestSize(sizes: string | undefined): number {
  let largest = 0;
  for (const token of (sizes ?? '').toLowerCase().split(/\s+/)) {
    if (token === 'any') return Number.POSITIVE_INFINITY;
    const match = /^(\d+)x(\d+)$/.exec(token);
    if (match) largest = Math.max(largest, Number(match[1]), Number(match[2]));
  }
  return largest;
}

function largestIcon(icons: Icon[], base: string): string | null {
  // A stable sort keeps document order among icons of the same size.
  const bySize = [...icons].sort((a, b) => b.size - a.size);
  for (const icon of bySize) {
    const url = absoluteHttpUrl(icon.href, base);
    if (url) return url;
  }
  return null;
}

function openGraphImage(tags: Tag[], base: string): string | null {
  for (const tag of tags) {
    if (tag.name !== 'meta') continue;
    const key = (tag.attributes.get('property') ?? tag.attributes.get('name') ?? '').toLowerCase();
    if (key !== 'og:image' && key !== 'og:image:url' && key !== 'og:image:secure_url') continue;
    const url = absoluteHttpUrl(tag.attributes.get('content') ?? '', base);
    if (url) return url;
  }
  return null;
}

async function manifestIcon(tags: Tag[], base: string, options: SafeFetchOptions): Promise<string | null> {
  const link = tags.find((tag) => tag.name === 'link' && relTokens(tag).includes('manifest') && tag.attributes.get('href'));
  const manifestUrl = link ? absoluteHttpUrl(link.attributes.get('href') ?? '', base) : null;
  if (!manifestUrl) return null;
  const response = await safeFetch(manifestUrl, { ...options, accept: 'application/manifest+json, application/json' });
  if (response.status < 200 || response.status >= 300) return null;
  const manifest = JSON.parse(response.body.toString('utf8')) as unknown;
  const icons = (manifest as { icons?: unknown } | null)?.icons;
  if (!Array.isArray(icons)) return null;
  const candidates: Icon[] = [];
  for (const icon of icons as unknown[]) {
    const entry = icon as { src?: unknown; sizes?: unknown } | null;
    if (entry && typeof entry.src === 'string') {
      candidates.push({ href: entry.src, size: largestSize(typeof entry.sizes === 'string' ? entry.sizes : undefined) });
    }
  }
  // Icons in a manifest resolve against the manifest's own URL.
  return largestIcon(candidates, response.url);
}

function baseUrlOf(tags: Tag[], pageUrl: string): string {
  const href = tags.find((tag) => tag.name === 'base' && tag.attributes.get('href'))?.attributes.get('href');
  return (href && absoluteHttpUrl(href, pageUrl)) || pageUrl;
}

function absoluteHttpUrl(href: string, base: string): string | null {
  const trimmed = href.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.href.length > MAX_URL_LENGTH) return null;
    return url.href;
  } catch {
    return null;
  }
}
