// Every request body has a deadline (docs/decisions/0023-request-deadlines.md).
// While a body arrives it must keep coming: no byte for `silenceMs`, or less
// than `minBytesPerSecond` since it began, less a head start of `graceMs`,
// and it is cut. A body Fastify is reading fails with 408: the reader's error
// runs the route's onError hooks first (an upload gives back the bytes it
// held, modules/uploads/object-routes.ts), then the one error handler answers
// in the API's shape, and the connection is closed (Fastify closes it after
// any failed body). A body nothing reads (sent with a GET) is drained under
// the same deadline, and its connection is closed when it breaks it. Node's
// own limits (SERVER_TIMEOUTS) bound the headers and, as a backstop, the
// whole request.
import type { IncomingHttpHeaders } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { MAX_IMAGE_BYTES } from '../../shared/constants.js';
import { requestTimedOut } from '../errors.js';
import { MINUTE_MS } from '../../shared/time.js';

export type BodyDeadline = {
  /** The longest time without a byte. */
  silenceMs: number;
  /** A head start: by any moment, a body must have sent `minBytesPerSecond` for all but this much of its time. */
  graceMs: number;
  /** The slowest pace, on average since the body began. */
  minBytesPerSecond: number;
};

/**
 * Ten seconds of silence are three or four lost packets in a row, which a
 * phone moving between cells can see; a stalled body is gone within them.
 * 8 KB/s (64 kbit/s) is below what a weak 2G/EDGE link sends, and the 10 s
 * head start covers a slow first second or a pause: a 5 MB photo may take
 * 650 s, a 1 MB JSON body 138 s. Whoever wants to hold an upload's 5 MB
 * against the budgets must therefore really send them, and holds them for
 * at most those 11 minutes.
 */
export const DEFAULT_BODY_DEADLINE: BodyDeadline = {
  silenceMs: 10_000,
  graceMs: 10_000,
  minBytesPerSecond: 8 * 1024,
};

/**
 * Node's limits, passed to the HTTP server (app.ts, plugins/fast-lane.ts):
 * the headers must be complete within 20 s (a few kilobytes, even over a slow
 * link); a whole request must have arrived within 15 minutes, more than the
 * largest body needs at the minimum rate; and Node checks them every second
 * instead of every 30. An idle keep-alive connection is closed after Fastify's
 * 72 s (longer than a load balancer's usual 60 s, so it never reuses a closed one).
 */
export const SERVER_TIMEOUTS = {
  http: { headersTimeout: 20_000, connectionsCheckingInterval: 1_000 },
  requestTimeout: 15 * MINUTE_MS,
  keepAliveTimeout: 72_000,
} satisfies Pick<FastifyServerOptions, 'requestTimeout' | 'keepAliveTimeout'> & {
  http: { headersTimeout: number; connectionsCheckingInterval: number };
};

// The backstop must never cut a body the deadline lets through.
if (
  SERVER_TIMEOUTS.requestTimeout <
  SERVER_TIMEOUTS.http.headersTimeout +
    DEFAULT_BODY_DEADLINE.graceMs +
    (MAX_IMAGE_BYTES / DEFAULT_BODY_DEADLINE.minBytesPerSecond) * 1000
) {
  throw new Error('SERVER_TIMEOUTS.requestTimeout is shorter than the slowest body allowed');
}

/** A body passed through unchanged, counting its bytes and when the last one came. */
class CountedBody extends Transform {
  readonly startedAt = Date.now();
  lastByteAt = this.startedAt;
  received = 0;

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    callback: (error: null, chunk: Buffer) => void,
  ) {
    this.received += chunk.length;
    this.lastByteAt = Date.now();
    callback(null, chunk);
  }
}

/**
 * `source` as a stream that ends with it, or, when the body breaks the
 * deadline, is unpiped from it and handed to `onBreach` (which decides how to
 * fail it). Errors of `source` (a client that hung up) pass on.
 */
export function watchBody(
  source: Readable,
  deadline: BodyDeadline,
  onBreach: (body: Transform) => void,
): Transform {
  const body = new CountedBody();
  const dueAt = () =>
    Math.min(
      body.lastByteAt + deadline.silenceMs,
      body.startedAt + deadline.graceMs + (body.received / deadline.minBytesPerSecond) * 1000,
    );
  // Not reset per chunk: when it fires, it looks at what came meanwhile and waits again if it is not due.
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    const wait = dueAt() - Date.now();
    if (wait > 0) {
      timer = setTimeout(check, wait).unref();
      return;
    }
    source.unpipe(body);
    onBreach(body);
  };
  timer = setTimeout(check, dueAt() - body.startedAt).unref();
  const stop = () => clearTimeout(timer);
  // `finish`: everything was received, however fast it is read.
  body.once('finish', stop);
  body.once('close', stop);
  source.once('close', stop);
  // A reader learns of a hang-up as it did from the request itself; without one, nothing is thrown.
  body.on('error', () => {});
  source.on('error', (error) => body.destroy(error));
  source.pipe(body);
  return body;
}

/** Whether a request says a body follows its headers. */
export const hasBody = (headers: IncomingHttpHeaders) =>
  headers['transfer-encoding'] !== undefined ||
  (headers['content-length'] !== undefined && headers['content-length'] !== '0');

/** Methods whose body Fastify never reads (fastify/lib/handle-request.js). */
const UNREAD_BODY_METHODS = new Set(['GET', 'HEAD', 'TRACE']);

/** On the root, before any route: the first preParsing hook, so it sees the bytes as they come. */
export function registerBodyDeadline(app: FastifyInstance, deadline: BodyDeadline): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!hasBody(request.headers)) return payload;
    const body = watchBody(payload, deadline, (late) => {
      // A body parser reads until the body ends; without one (or once answered) there is nobody to answer.
      if (!reply.sent && late.listenerCount('data') > 0) late.destroy(requestTimedOut());
      // Destroying a request whose body is not complete closes its connection (node:_http_incoming).
      else request.raw.destroy();
    });
    if (UNREAD_BODY_METHODS.has(request.method)) body.resume();
    return body;
  });
}
