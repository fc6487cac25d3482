// GET (and a webhook's POST) of a user-given URL with the SSRF guards of docs/security.md rule 11:
// - http(s) only, ports 80/443 only, no credentials in the URL;
// - the destination address is checked when the socket connects: a custom
//   `lookup` on the agent refuses any name that resolves to a non-public
//   address (so DNS rebinding between a check and the connect cannot slip
//   through), and IP literals, which never reach `lookup`, are checked up front;
// - one 5 s deadline for the whole exchange, redirects and body included;
// - a 2 MB cap on the (decoded) body;
// - at most 3 redirects, each target checked again like the first URL.
// `safeFetch` answers the whole body; `safeFetchStreaming` hands it to a reader
// as it arrives, so a caller that needs only the start never downloads the rest.
// `safeSendStreaming` sends a body (a webhook's POST) under the same guards and
// never follows a redirect: a 3xx is handed to the reader like any answer.
// `assertSafeDestination` checks a URL as a fetch would, without sending anything.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { isPublicAddress } from './address-policy.js';

export type FetchPolicy = {
  /** Test-only escape hatch (config.allowPrivateNetworkFetch): any address. */
  allowPrivateNetwork: boolean;
  /** Test-only escape hatch (config.allowPrivateNetworkFetch): any port. */
  allowAnyPort: boolean;
  /** Which resolved addresses may be reached; public unicast only by default. */
  isAllowedAddress?: (address: string) => boolean;
};

function addressGuard(policy: FetchPolicy): (address: string) => boolean {
  if (policy.allowPrivateNetwork) return () => true;
  return policy.isAllowedAddress ?? isPublicAddress;
}

export type SafeFetchOptions = FetchPolicy & {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  accept?: string;
};

export type SafeResponseHead = {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
};

export type SafeResponse = SafeResponseHead & { body: Buffer };

/**
 * Reads a response as it arrives: `body` yields decoded chunks and throws once
 * they pass the byte cap. Returning early (or breaking out of the loop) closes
 * the connection; the deadline covers the reading too.
 */
export type BodyReader<T> = (head: SafeResponseHead, body: AsyncIterable<Buffer>) => Promise<T>;

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Mozilla/5.0 (compatible; VouchlyLogoDetector/1.0)';

export type RefusalReason =
  | 'protocol'
  | 'port'
  | 'credentials'
  | 'address'
  | 'redirects'
  | 'too-large'
  | 'timeout'
  | 'encoding';

/** The fetch was refused by a guard (as opposed to failing on the network). */
export class FetchRefusedError extends Error {
  readonly code = 'ERR_FETCH_REFUSED';
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'FetchRefusedError';
  }
}

/** GET with the guards above, answering the whole body; an announced length over the cap is refused unread. */
export function safeFetch(input: string | URL, options: SafeFetchOptions): Promise<SafeResponse> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  return safeFetchStreaming(input, options, async (head, body) => {
    const declared = Number(head.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      throw new FetchRefusedError(
        'too-large',
        `body of ${declared} bytes is over the ${maxBytes} byte cap`,
      );
    }
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk);
    return { ...head, body: Buffer.concat(chunks) };
  });
}

/** GET with the guards above, handing the response to `read` as it arrives. */
export function safeFetchStreaming<T>(
  input: string | URL,
  options: SafeFetchOptions,
  read: BodyReader<T>,
): Promise<T> {
  return exchange(input, options, null, read);
}

/** A request with a body: what `safeSendStreaming` sends instead of a GET. */
export type OutgoingRequest = {
  method: 'POST' | 'PUT' | 'PATCH';
  headers: Readonly<Record<string, string>>;
  body: string | Buffer;
};

/**
 * Sends `request` with the guards above and hands the answer to `read` as it
 * arrives. Redirects are never followed (a body is not sent on to another
 * address): a 3xx reaches `read` like any other status.
 */
export function safeSendStreaming<T>(
  input: string | URL,
  options: SafeFetchOptions,
  request: OutgoingRequest,
  read: BodyReader<T>,
): Promise<T> {
  return exchange(input, options, request, read);
}

/**
 * Refuses a URL that a fetch would refuse, before anything is sent: the
 * protocol, credentials, port and address rules, a host name resolved and
 * every address it gives checked. A fetch checks again when it connects.
 */
export async function assertSafeDestination(
  input: string | URL,
  policy: FetchPolicy,
): Promise<void> {
  const url = new URL(input);
  assertAllowedUrl(url, policy);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return;
  await new Promise<void>((resolve, reject) => {
    guardedLookup(policy)(host, { all: true }, (error) => {
      if (error) reject(error);
      else resolve();
    });
  });
}

async function exchange<T>(
  input: string | URL,
  options: SafeFetchOptions,
  outgoing: OutgoingRequest | null,
  read: BodyReader<T>,
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      controller.abort(
        new FetchRefusedError('timeout', `no complete answer within ${timeoutMs} ms`),
      ),
    timeoutMs,
  );
  try {
    let url = new URL(input);
    for (let redirects = 0; ; redirects++) {
      assertAllowedUrl(url, options);
      const response = await requestOnce(url, options, outgoing, controller.signal);
      const location = response.headers.location;
      if (!outgoing && REDIRECT_STATUSES.has(response.statusCode ?? 0) && location) {
        response.destroy();
        if (redirects >= maxRedirects) {
          throw new FetchRefusedError('redirects', `more than ${maxRedirects} redirects`);
        }
        url = new URL(location, url);
        continue;
      }
      try {
        const head = { url: url.href, status: response.statusCode ?? 0, headers: response.headers };
        return await read(head, cappedBody(response, maxBytes));
      } finally {
        // The reader stopped early, failed, or never looked at the body: hang up.
        if (!response.complete) response.destroy();
      }
    }
  } catch (error) {
    // An abort surfaces as a generic AbortError; report the deadline instead.
    if (controller.signal.aborted && controller.signal.reason instanceof FetchRefusedError) {
      throw controller.signal.reason;
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function assertAllowedUrl(url: URL, policy: FetchPolicy): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefusedError('protocol', `protocol ${url.protocol} is not allowed`);
  }
  if (url.username || url.password) {
    throw new FetchRefusedError('credentials', 'URLs with credentials are not fetched');
  }
  // URL drops the default port of its scheme, so an empty port means 80 for http and 443 for https.
  if (!policy.allowAnyPort && url.port !== '' && url.port !== '80' && url.port !== '443') {
    throw new FetchRefusedError('port', `port ${url.port} is not allowed`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && !addressGuard(policy)(host)) {
    throw new FetchRefusedError('address', `address ${host} is not allowed`);
  }
}

/** `*.localhost` is loopback by definition (RFC 6761 §6.3), as browsers treat it. */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** A `lookup` for net.connect that refuses names resolving to any non-public address. */
function guardedLookup(policy: FetchPolicy): LookupFunction {
  const isAllowed = addressGuard(policy);
  return (hostname, options, callback) => {
    const answer = (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const refused = addresses.find((entry) => !isAllowed(entry.address));
      const first = addresses[0];
      if (refused || !first) {
        const reason = refused
          ? new FetchRefusedError(
              'address',
              `${hostname} resolves to ${refused.address}, which is not allowed`,
            )
          : Object.assign(new Error(`${hostname} did not resolve`), { code: 'ENOTFOUND' });
        callback(reason, '', 0);
        return;
      }
      if (options.all) {
        (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      } else {
        callback(null, first.address, first.family);
      }
    };
    if (isLocalhostName(hostname)) {
      answer(null, [
        options.family === 6 ? { address: '::1', family: 6 } : { address: '127.0.0.1', family: 4 },
      ]);
      return;
    }
    dnsLookup(hostname, { family: options.family ?? 0, hints: options.hints, all: true }, answer);
  };
}

/** An agent without keep-alive whose every connection resolves through the guarded lookup. */
function agentFor(protocol: string, policy: FetchPolicy): http.Agent {
  const options = { keepAlive: false, lookup: guardedLookup(policy) };
  return protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
}

function requestOnce(
  url: URL,
  options: SafeFetchOptions,
  outgoing: OutgoingRequest | null,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: outgoing?.method ?? 'GET',
        agent: agentFor(url.protocol, options),
        signal,
        headers: {
          'user-agent': USER_AGENT,
          accept: options.accept ?? '*/*',
          'accept-encoding': 'identity',
          ...outgoing?.headers,
          ...(outgoing ? { 'content-length': String(Buffer.byteLength(outgoing.body)) } : {}),
        },
      },
      resolve,
    );
    request.on('error', reject);
    request.end(outgoing?.body);
  });
}

/** The decoded body, chunk by chunk, refused once it passes `maxBytes`. */
async function* cappedBody(response: IncomingMessage, maxBytes: number): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of decoded(response)) {
    const buffer = chunk as Buffer;
    total += buffer.length;
    if (total > maxBytes)
      throw new FetchRefusedError('too-large', `body is over the ${maxBytes} byte cap`);
    yield buffer;
  }
}

/** We ask for identity, but a server may compress anyway; the cap applies to the decoded bytes. */
function decoded(response: IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  let decoder: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress;
  if (encoding === 'identity' || encoding === '') return response;
  if (encoding === 'gzip' || encoding === 'x-gzip') decoder = zlib.createGunzip();
  else if (encoding === 'deflate') decoder = zlib.createInflate();
  else if (encoding === 'br') decoder = zlib.createBrotliDecompress();
  else {
    response.destroy();
    throw new FetchRefusedError('encoding', `content-encoding ${encoding} is not supported`);
  }
  response.on('error', (error) => decoder.destroy(error));
  return response.pipe(decoder);
}
