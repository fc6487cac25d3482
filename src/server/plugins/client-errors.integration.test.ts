// Requests Node's HTTP parser refuses before Fastify sees them (a body with both
// Content-Length and Transfer-Encoding, a broken chunk, a bad header, headers
// too large or too slow) are answered in the API's error shape too, over a real
// socket (inject() never parses HTTP), and their connection is closed.
import { describe, expect, it } from 'vitest';
import { createSignedInUser, createTestimonial } from '../testing/factories.js';
import { openExchange, parseAnswer } from '../testing/raw-http.js';
import { createTestApp } from '../testing/test-app.js';
import { SESSION_COOKIE } from './sessions.js';

async function listeningOwner() {
  const app = await createTestApp();
  const owner = await createSignedInUser(app);
  const testimonial = await createTestimonial(app.database.db, owner.business!.id, {});
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const head = (firstLine: string) =>
    `${firstLine}\r\nhost: localhost\r\ncookie: ${SESSION_COOKIE}=${encodeURIComponent(owner.cookie)}\r\norigin: http://localhost:3000\r\n`;
  return { app, origin, head, testimonialUrl: `/api/testimonials/${testimonial.id}` };
}

/** Sends `raw`, waits for the server to close, and answers what it said. */
async function exchange(origin: string, raw: string) {
  const socket = await openExchange(origin, raw);
  await socket.closedWithin(3000);
  return parseAnswer(socket.received());
}

const malformed = 'The request is malformed.';

describe('a request the HTTP parser refuses', () => {
  it('a chunked DELETE with a body that also declares its length: 400 in the error shape', async () => {
    const { origin, head, testimonialUrl } = await listeningOwner();
    const answer = await exchange(
      origin,
      `${head(`DELETE ${testimonialUrl} HTTP/1.1`)}content-type: application/json\r\ntransfer-encoding: chunked\r\ncontent-length: 2\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
    );
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'BAD_REQUEST', message: malformed } });
  });

  it.each([
    {
      what: 'a broken chunk',
      raw: (url: string) => `DELETE ${url} HTTP/1.1`,
      rest: 'transfer-encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n',
    },
    {
      what: 'a header name with a space',
      raw: () => 'GET /api/health HTTP/1.1',
      rest: 'bad header: x\r\n\r\n',
    },
    { what: 'no HTTP at all', raw: () => '', rest: '' },
  ])('$what: 400 in the error shape', async ({ raw, rest }) => {
    const { origin, head, testimonialUrl } = await listeningOwner();
    const first = raw(testimonialUrl);
    const answer = await exchange(origin, first ? `${head(first)}${rest}` : 'HELLO\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'BAD_REQUEST', message: malformed } });
  });

  it('headers larger than Node takes: 431 in the error shape', async () => {
    const { origin, head } = await listeningOwner();
    const answer = await exchange(
      origin,
      `${head('GET /api/health HTTP/1.1')}x-big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large.' },
    });
  });

  it('headers still incomplete when the headers timeout runs out: 408 in the error shape', async () => {
    const { app, origin } = await listeningOwner();
    // Every app waits 20 s for headers (SERVER_TIMEOUTS); Node reads the
    // timeout at each check, so this one waits 2 s and the suite does not wait 20.
    expect(app.server.headersTimeout).toBe(20_000);
    app.server.headersTimeout = 2000;
    const slow = await openExchange(origin, 'GET /api/health HTTP/1.1\r\nhost: localhost\r\n');
    // A header line now and then, never the blank line that ends them.
    const timer = setInterval(() => void slow.write('x-slow: 1\r\n'), 500);
    try {
      const closedAfterMs = await slow.closedWithin(6000);
      expect(closedAfterMs).toBeGreaterThanOrEqual(1900);
    } finally {
      clearInterval(timer);
    }
    const answer = parseAnswer(slow.received());
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({
      error: {
        code: 'REQUEST_TIMEOUT',
        message: 'The request took too long to arrive. Please try again.',
      },
    });
  });
});
