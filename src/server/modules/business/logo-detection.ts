// Finds a business logo on its website. Candidates, in order: apple-touch-icon,
// <link rel="icon"> (largest `sizes` first), og:image, the web-app manifest's
// largest icon, then /favicon.ico if it answers 200 with an image type.
// Every fetch goes through safeFetch (SSRF guards) and all of them share one
// 5 s budget, so the route answers within it; any failure means "no logo".
// The page is parsed as it streams in (htmlparser2, linear in its size) and
// only up to the end of its <head> (docs/security.md rule 24): no regular expression
// ever runs over the page.
import { StringDecoder } from 'node:string_decoder';
import { Parser } from 'htmlparser2';
import {
  DEFAULT_TIMEOUT_MS,
  safeFetch,
  safeFetchStreaming,
  type FetchPolicy,
  type SafeFetchOptions,
} from '../../adapters/http/safe-fetch.js';

type Tag = { name: string; attributes: Map<string, string> };
type Icon = { href: string; size: number };

const MAX_URL_LENGTH = 2048;
/**
 * How much of a page is read. Icons and og:image sit in the <head>, a few KB
 * on most sites; 512 KB leaves room for large inline styles and scripts before
 * them, and the rest of the page (up to the 2 MB fetch cap) is never needed.
 */
const MAX_HTML_BYTES = 512 * 1024;
const HEAD_TAGS = new Set(['link', 'meta', 'base']);

export type LogoDetectionResult = { logoUrl: string | null; failure?: unknown };

export async function detectLogo(
  website: string,
  fetchPolicy: FetchPolicy,
  budgetMs = DEFAULT_TIMEOUT_MS,
): Promise<LogoDetectionResult> {
  const deadline = Date.now() + budgetMs;
  /** The fetch options for the next request: the policy and whatever is left of the budget. */
  const withBudget = (): SafeFetchOptions => ({
    ...fetchPolicy,
    timeoutMs: Math.max(1, deadline - Date.now()),
  });
  let page: { url: string; tags: Tag[] | null };
  try {
    page = await safeFetchStreaming(
      website,
      { ...withBudget(), accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1' },
      async (head, body) => ({
        url: head.url,
        tags:
          head.status >= 200 && head.status < 300 && isHtml(head.headers['content-type'])
            ? await readHeadTags(body)
            : null,
      }),
    );
  } catch (failure) {
    return { logoUrl: null, failure };
  }
  let failure: unknown;
  if (page.tags) {
    const tags = page.tags;
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
    const favicon = await safeFetch(new URL('/favicon.ico', page.url), {
      ...withBudget(),
      accept: 'image/*',
    });
    const type = (favicon.headers['content-type'] ?? '').toLowerCase();
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

type HeadTagCollector = {
  /** Parses the next piece of the page (bytes are decoded as UTF-8 across pieces). */
  write: (chunk: Buffer | string) => void;
  /** Parses whatever is left; call when the page ended before its head did. */
  end: () => void;
  /** The head has ended (</head>, or <body> without it): nothing more to read. */
  readonly done: boolean;
  readonly tags: Tag[];
};

/** Collects the <link>, <meta> and <base> tags of a document's head, comments, scripts and styles left out. */
function headTagCollector(): HeadTagCollector {
  const tags: Tag[] = [];
  const decoder = new StringDecoder('utf8');
  let done = false;
  const finish = () => {
    done = true;
    parser.pause();
  };
  // Tag and attribute names come lowercased and attribute values with their entities decoded.
  const parser = new Parser({
    onopentag(name, attributes) {
      if (done) return;
      if (name === 'body') finish();
      else if (HEAD_TAGS.has(name))
        tags.push({ name, attributes: new Map(Object.entries(attributes)) });
    },
    onclosetag(name) {
      if (name === 'head') finish();
    },
  });
  return {
    write(chunk) {
      if (!done) parser.write(typeof chunk === 'string' ? chunk : decoder.write(chunk));
    },
    end() {
      if (!done) parser.end(decoder.end());
    },
    get done() {
      return done;
    },
    tags,
  };
}

/** The head tags of a whole document (see headTagCollector). */
export function parseHeadTags(html: string): Tag[] {
  const collector = headTagCollector();
  collector.write(html);
  collector.end();
  return collector.tags;
}

/** The head tags of a page as it streams in: stops at the end of the head or after MAX_HTML_BYTES. */
async function readHeadTags(body: AsyncIterable<Buffer>): Promise<Tag[]> {
  const collector = headTagCollector();
  let read = 0;
  for await (const chunk of body) {
    const piece = chunk.subarray(0, MAX_HTML_BYTES - read);
    read += piece.length;
    collector.write(piece);
    // Leaving the loop hangs up: the rest of the page is never downloaded.
    if (collector.done || read >= MAX_HTML_BYTES) return collector.tags;
  }
  collector.end();
  return collector.tags;
}

function relTokens(tag: Tag): string[] {
  return (tag.attributes.get('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

const isAppleTouchIcon = (tag: Tag) =>
  relTokens(tag).some(
    (token) => token === 'apple-touch-icon' || token === 'apple-touch-icon-precomposed',
  );
const isIcon = (tag: Tag) => relTokens(tag).includes('icon');

function iconLinks(tags: Tag[], accept: (tag: Tag) => boolean): Icon[] {
  return tags
    .filter((tag) => tag.name === 'link' && accept(tag) && tag.attributes.get('href'))
    .map((tag) => ({
      href: tag.attributes.get('href') ?? '',
      size: largestSize(tag.attributes.get('sizes')),
    }));
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

async function manifestIcon(
  tags: Tag[],
  base: string,
  options: SafeFetchOptions,
): Promise<string | null> {
  const link = tags.find(
    (tag) =>
      tag.name === 'link' && relTokens(tag).includes('manifest') && tag.attributes.get('href'),
  );
  const manifestUrl = link ? absoluteHttpUrl(link.attributes.get('href') ?? '', base) : null;
  if (!manifestUrl) return null;
  const response = await safeFetch(manifestUrl, {
    ...options,
    accept: 'application/manifest+json, application/json',
  });
  if (response.status < 200 || response.status >= 300) return null;
  const manifest = JSON.parse(response.body.toString('utf8')) as unknown;
  const icons = (manifest as { icons?: unknown } | null)?.icons;
  if (!Array.isArray(icons)) return null;
  const candidates: Icon[] = [];
  for (const icon of icons as unknown[]) {
    const entry = icon as { src?: unknown; sizes?: unknown } | null;
    if (entry && typeof entry.src === 'string') {
      candidates.push({
        href: entry.src,
        size: largestSize(typeof entry.sizes === 'string' ? entry.sizes : undefined),
      });
    }
  }
  // Icons in a manifest resolve against the manifest's own URL.
  return largestIcon(candidates, response.url);
}

function baseUrlOf(tags: Tag[], pageUrl: string): string {
  const href = tags
    .find((tag) => tag.name === 'base' && tag.attributes.get('href'))
    ?.attributes.get('href');
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
