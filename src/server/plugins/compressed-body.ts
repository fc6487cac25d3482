// Bodies made once and sent many times (pages rendered at start, the public
// widget's cached JSON and page), kept ready in every encoding worth keeping,
// so that an answer costs a lookup, never a compression.
// - compressBody(identity): Brotli (maximum quality unless told otherwise) and
//   gzip (level 9), each kept only if smaller than the original, each with its
//   own strong ETag: a strong validator names exact bytes, and the br, gzip
//   and plain bytes differ (RFC 9110 §8.8.3).
// - sendCompressed(request, reply, body): picks the variant Accept-Encoding
//   asks for (q-values, identity and *), sets Content-Encoding, Content-Length,
//   ETag and Vary: Accept-Encoding, answers 304 when If-None-Match names that
//   variant, and keeps @fastify/compress (plugins/compression.ts) off the answer.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { skipDynamicCompression } from './compression.js';

export type ContentCoding = 'br' | 'gzip';

export type BodyVariant = {
  body: Buffer;
  etag: string;
  /** Undefined for the original bytes. */
  encoding: ContentCoding | undefined;
};

export type CompressedBody = {
  identity: BodyVariant;
  br: BodyVariant | undefined;
  gzip: BodyVariant | undefined;
};

const MAX_BROTLI_QUALITY = constants.BROTLI_MAX_QUALITY;

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

/** `"abc"` -> `"abc-br"`: the variant's own validator, still tied to the original's. */
const variantEtag = (etag: string, suffix: string) => `${etag.slice(0, -1)}-${suffix}"`;

/** The original bytes plus the br and gzip copies that are smaller; computed once. */
export function compressBody(
  identity: Buffer,
  options: { brotliQuality?: number } = {},
): CompressedBody {
  const etag = strongEtag(identity);
  const br = brotliCompressSync(identity, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: options.brotliQuality ?? MAX_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  });
  const gzip = gzipSync(identity, { level: constants.Z_BEST_COMPRESSION });
  return {
    identity: { body: identity, etag, encoding: undefined },
    br:
      br.length < identity.length
        ? { body: br, etag: variantEtag(etag, 'br'), encoding: 'br' }
        : undefined,
    gzip:
      gzip.length < identity.length
        ? { body: gzip, etag: variantEtag(etag, 'gz'), encoding: 'gzip' }
        : undefined,
  };
}

/** Bytes held in memory for the body, all variants together. */
export function heldBytes(body: CompressedBody): number {
  return body.identity.body.length + (body.br?.body.length ?? 0) + (body.gzip?.body.length ?? 0);
}

/** q-values of an Accept-Encoding header; -1 for a coding it does not name; `lowest`: the lowest non-zero q it names. */
type Preferences = { br: number; gzip: number; identity: number; any: number; lowest: number };

const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

function parsePreferences(header: string): Preferences {
  const preferences: Preferences = { br: -1, gzip: -1, identity: -1, any: -1, lowest: 1 };
  for (const item of header.split(',')) {
    const [name = '', ...parameters] = item.split(';');
    let q = 1;
    for (const parameter of parameters) {
      const [key = '', value = ''] = parameter.split('=');
      if (key.trim().toLowerCase() !== 'q') continue;
      const text = value.trim();
      // A malformed weight: the coding counts as not named.
      q = QVALUE.test(text) ? Number(text) : -1;
    }
    if (q < 0) continue;
    if (q > 0) preferences.lowest = Math.min(preferences.lowest, q);
    const coding = name.trim().toLowerCase();
    if (coding === 'br') preferences.br = q;
    else if (coding === 'gzip' || coding === 'x-gzip') preferences.gzip = q;
    else if (coding === 'identity') preferences.identity = q;
    else if (coding === '*') preferences.any = q;
  }
  return preferences;
}

/** Browsers send a handful of different headers: each is parsed once. Bounded, as the header is the caller's. */
const parsed = new Map<string, Preferences>();
const MAX_PARSED = 64;
const MAX_REMEMBERED_HEADER_LENGTH = 200;

function preferencesOf(header: string): Preferences {
  const known = parsed.get(header);
  if (known) return known;
  const preferences = parsePreferences(header);
  if (header.length <= MAX_REMEMBERED_HEADER_LENGTH) {
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(header, preferences);
  }
  return preferences;
}

/**
 * The variant to send for this Accept-Encoding (RFC 9110 §12.5.3): the
 * acceptable one with the highest q, the smaller on a tie (br, then gzip,
 * then the original). The original, acceptable unless refused, weighs as
 * `*` or, not covered by it, as the lowest q named (as the `negotiator`
 * package does): "gzip;q=0.5" still means gzip. Without the header, the original. The original also
 * when nothing acceptable is held, even if the header refused it: an answer
 * the client may not want beats none.
 */
export function pickVariant(body: CompressedBody, acceptEncoding: string | undefined): BodyVariant {
  if (acceptEncoding === undefined || (!body.br && !body.gzip)) return body.identity;
  const { br, gzip, identity, any, lowest } = preferencesOf(acceptEncoding);
  const qBr = br >= 0 ? br : Math.max(any, 0);
  const qGzip = gzip >= 0 ? gzip : Math.max(any, 0);
  const qIdentity = identity >= 0 ? identity : any >= 0 ? any : lowest;
  let chosen = body.identity;
  let best = 0;
  if (body.br && qBr > best) [chosen, best] = [body.br, qBr];
  if (body.gzip && qGzip > best) [chosen, best] = [body.gzip, qGzip];
  if (qIdentity > best) chosen = body.identity;
  return chosen;
}

/** What to answer a GET for `body`: the variant the request accepts, and whether If-None-Match already names it. */
function negotiate(
  body: CompressedBody,
  headers: { 'accept-encoding'?: string; 'if-none-match'?: string },
): { variant: BodyVariant; notModified: boolean } {
  const variant = pickVariant(body, headers['accept-encoding']);
  return { variant, notModified: etagMatches(headers['if-none-match'], variant.etag) };
}

/** True when the body is held in more than one encoding: the answer then depends on Accept-Encoding. */
const variesByEncoding = (body: CompressedBody): boolean => Boolean(body.br || body.gzip);

function varyOnAcceptEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    void reply.header('vary', 'accept-encoding');
    return;
  }
  const current = Array.isArray(vary) ? vary.join(', ') : String(vary);
  if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(current)) {
    void reply.header('vary', `${current}, accept-encoding`);
  }
}

/**
 * Sends the variant of `body` the request accepts, or 304 when If-None-Match
 * names it (for a 200). The route sets the status, Content-Type and caching
 * headers before; the route may say `compress: false` (it saves
 * @fastify/compress's hooks), but nothing goes wrong if it does not.
 */
export function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CompressedBody,
): FastifyReply {
  const { variant, notModified } = negotiate(body, request.headers);
  if (variesByEncoding(body)) varyOnAcceptEncoding(reply);
  void reply.header('etag', variant.etag);
  // A 304 stands for a 200 only: a 404 page is sent as it is (RFC 9110 §13.2.1).
  if (reply.statusCode === 200 && notModified) {
    return reply.code(304).send();
  }
  if (variant.encoding) {
    // @fastify/compress leaves an answer that has a Content-Encoding as it is.
    void reply.header('content-encoding', variant.encoding);
  } else {
    // Chosen on purpose (nothing else accepted, or nothing smaller): not to be compressed on the way out.
    skipDynamicCompression(request);
  }
  return reply.header('content-length', variant.body.length).send(variant.body);
}

/** A variant's headers for a raw 200 and 304, flat as node:http's writeHead takes them. */
type RawHeads = { ok: (string | number)[]; notModified: string[] };

/** Per variant, then per (constant) header set: made once, so an answer allocates no headers. */
const rawHeads = new WeakMap<BodyVariant, WeakMap<object, RawHeads>>();

function rawHeadsOf(
  body: CompressedBody,
  variant: BodyVariant,
  headers: Record<string, string>,
): RawHeads {
  let byHeaders = rawHeads.get(variant);
  if (!byHeaders) rawHeads.set(variant, (byHeaders = new WeakMap()));
  let heads = byHeaders.get(headers);
  if (!heads) {
    const notModified = Object.entries({
      ...headers,
      ...(variesByEncoding(body) ? { vary: 'accept-encoding' } : {}),
      etag: variant.etag,
    }).flat();
    const encoding = variant.encoding ? ['content-encoding', variant.encoding] : [];
    heads = {
      ok: [...notModified, ...encoding, 'content-length', variant.body.length],
      notModified,
    };
    byHeaders.set(headers, heads);
  }
  return heads;
}

/**
 * sendCompressed for a request Fastify never saw (plugins/fast-lane.ts): the
 * same variant, headers and 304, written on the raw response; a 200 only.
 * `headers` is a constant object: the heads made for it are kept.
 */
export function writeCompressed(
  request: IncomingMessage,
  response: ServerResponse,
  body: CompressedBody,
  headers: Record<string, string>,
): void {
  const { variant, notModified } = negotiate(body, request.headers);
  const heads = rawHeadsOf(body, variant, headers);
  if (notModified) {
    response.writeHead(304, heads.notModified).end();
    return;
  }
  response.writeHead(200, heads.ok).end(variant.body);
}
