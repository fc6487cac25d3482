// docs/security.md rule 11: the guards of the outbound fetch used by logo detection,
// exercised against real local servers that count the connections they get.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { startHttpServer } from '../../testing/http-server.js';
import { isPublicAddress } from './address-policy.js';
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_TIMEOUT_MS,
  FetchRefusedError,
  assertSafeDestination,
  safeFetch,
  safeFetchStreaming,
  safeSendStreaming,
  type FetchPolicy,
  type RefusalReason,
} from './safe-fetch.js';

/** Production address rules; any port, so local test servers are refused for their address alone. */
const strictAddresses: FetchPolicy = { allowPrivateNetwork: false, allowAnyPort: true };
const production: FetchPolicy = { allowPrivateNetwork: false, allowAnyPort: false };
const permissive: FetchPolicy = { allowPrivateNetwork: true, allowAnyPort: true };

async function refusal(promise: Promise<unknown>): Promise<RefusalReason> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchRefusedError) return error.reason;
    throw new Error(`expected a refusal, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected a refusal, but the fetch succeeded');
}

const ok = (body = 'ok') => startHttpServer((_request, response) => response.end(body));

describe('safeFetch limits', () => {
  it('uses a 5 s deadline, a 2 MB cap and at most 3 redirects by default', () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(5000);
    expect(DEFAULT_MAX_BYTES).toBe(2 * 1024 * 1024);
    expect(DEFAULT_MAX_REDIRECTS).toBe(3);
  });

  it('fetches from a local server when private networks are allowed (control)', async () => {
    const server = await ok('hello');
    const response = await safeFetch(`${server.origin}/page`, permissive);
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('hello');
    expect(server.connections()).toBe(1);
  });
});

describe('safeFetch refuses private destinations at connect time', () => {
  it('refuses 127.0.0.1 without connecting', async () => {
    const server = await ok();
    expect(await refusal(safeFetch(`http://127.0.0.1:${server.port}/`, strictAddresses))).toBe(
      'address',
    );
    expect(server.connections()).toBe(0);
  });

  it('refuses [::1] without connecting', async () => {
    const server = await startHttpServer((_request, response) => response.end('ok'), '::1');
    expect(await refusal(safeFetch(`http://[::1]:${server.port}/`, strictAddresses))).toBe(
      'address',
    );
    expect(server.connections()).toBe(0);
  });

  it('refuses the cloud metadata address 169.254.169.254', async () => {
    expect(await refusal(safeFetch('http://169.254.169.254/latest/meta-data/', production))).toBe(
      'address',
    );
  });

  it('refuses IPv4-mapped IPv6 loopback', async () => {
    const server = await ok();
    expect(
      await refusal(safeFetch(`http://[::ffff:127.0.0.1]:${server.port}/`, strictAddresses)),
    ).toBe('address');
    expect(server.connections()).toBe(0);
  });

  it.each([
    'http://0.0.0.0/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://[::]/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://2130706433/',
    'http://0x7f.1/',
  ])('refuses %s', async (url) => {
    expect(await refusal(safeFetch(url, production))).toBe('address');
  });

  it('refuses a name that resolves to loopback (checked by the lookup of the connection)', async () => {
    const server = await ok();
    for (const host of ['localhost', 'shop.localhost']) {
      expect(await refusal(safeFetch(`http://${host}:${server.port}/`, strictAddresses))).toBe(
        'address',
      );
    }
    expect(server.connections()).toBe(0);
  });

  it('re-checks every redirect: a redirect to loopback is refused', async () => {
    const target = await ok('secret');
    // The only address this test lets through is 127.0.0.2; 127.0.0.1 keeps the production rule.
    const policy: FetchPolicy = {
      ...strictAddresses,
      isAllowedAddress: (address) => address === '127.0.0.2' || isPublicAddress(address),
    };
    const redirector = await startHttpServer((request, response) => {
      const to =
        request.url === '/by-name'
          ? `http://shop.localhost:${target.port}/`
          : request.url === '/same-host'
            ? '/landing'
            : `http://127.0.0.1:${target.port}/`;
      if (request.url === '/landing') return void response.end('landed');
      response.writeHead(302, { location: to }).end();
    }, '127.0.0.2');

    const followed = await safeFetch(`${redirector.origin}/same-host`, policy);
    expect(followed.body.toString()).toBe('landed');
    expect(followed.url).toBe(`${redirector.origin}/landing`);

    expect(await refusal(safeFetch(`${redirector.origin}/by-ip`, policy))).toBe('address');
    expect(await refusal(safeFetch(`${redirector.origin}/by-name`, policy))).toBe('address');
    expect(target.connections()).toBe(0);
  });
});

describe('safeFetch refuses other protocols, ports and credentials', () => {
  it.each([
    ['ftp://example.com/logo.png', 'protocol'],
    ['file:///etc/passwd', 'protocol'],
    ['http://example.com:8080/', 'port'],
    ['https://example.com:22/', 'port'],
    ['http://user:secret@example.com/', 'credentials'],
  ] as const)('refuses %s (%s)', async (url, reason) => {
    expect(await refusal(safeFetch(url, production))).toBe(reason);
  });
});

describe('safeFetch bounds', () => {
  it('follows at most 3 redirects', async () => {
    // /hops/N redirects to /hops/N-1 until /hops/0, which answers.
    const server = await startHttpServer((request, response) => {
      const left = Number(/^\/hops\/(\d+)$/.exec(request.url ?? '')?.[1] ?? 0);
      if (left === 0) return void response.end('done');
      response.writeHead(307, { location: `/hops/${left - 1}` }).end();
    });
    const three = await safeFetch(`${server.origin}/hops/3`, permissive);
    expect(three.body.toString()).toBe('done');
    expect(three.url).toBe(`${server.origin}/hops/0`);
    expect(await refusal(safeFetch(`${server.origin}/hops/4`, permissive))).toBe('redirects');
  });

  it('gives up when the whole exchange takes longer than the deadline', async () => {
    const server = await startHttpServer((_request, response) => {
      response.writeHead(200);
      response.write('start');
      // Never ends.
    });
    const started = Date.now();
    expect(await refusal(safeFetch(`${server.origin}/`, { ...permissive, timeoutMs: 300 }))).toBe(
      'timeout',
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses a body over 2 MB, announced or streamed', async () => {
    const big = Buffer.alloc(DEFAULT_MAX_BYTES + 1, 0x61);
    const server = await startHttpServer((request, response) => {
      if (request.url === '/announced')
        response.writeHead(200, { 'content-length': String(big.length) });
      response.end(big);
    });
    expect(await refusal(safeFetch(`${server.origin}/announced`, permissive))).toBe('too-large');
    expect(await refusal(safeFetch(`${server.origin}/streamed`, permissive))).toBe('too-large');
    const exact = await startHttpServer((_request, response) =>
      response.end(Buffer.alloc(DEFAULT_MAX_BYTES, 0x61)),
    );
    expect((await safeFetch(`${exact.origin}/`, permissive)).body.length).toBe(DEFAULT_MAX_BYTES);
  });

  it('applies the cap to the decompressed size of a compressed body', async () => {
    const bomb = gzipSync(Buffer.alloc(DEFAULT_MAX_BYTES * 2, 0x61));
    const server = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-encoding': 'gzip' }).end(bomb);
    });
    expect(bomb.length).toBeLessThan(DEFAULT_MAX_BYTES);
    expect(await refusal(safeFetch(`${server.origin}/`, permissive))).toBe('too-large');
  });
});

describe('safeFetchStreaming', () => {
  it('hangs up as soon as the reader has what it needs', async () => {
    let closed!: Promise<void>;
    const server = await startHttpServer((_request, response) => {
      closed = new Promise((resolve) => response.on('close', () => resolve()));
      response.writeHead(200);
      response.write('<head></head>');
      // Never ends: only a hang-up closes this response.
    });
    const first = await safeFetchStreaming(`${server.origin}/`, permissive, async (_head, body) => {
      for await (const chunk of body) return chunk.toString();
      return '';
    });
    expect(first).toBe('<head></head>');
    await closed;
  });

  it('keeps the byte cap for a reader that reads everything', async () => {
    const server = await startHttpServer((_request, response) =>
      response.end(Buffer.alloc(DEFAULT_MAX_BYTES + 1, 0x61)),
    );
    const readAll = async (_head: unknown, body: AsyncIterable<Buffer>) => {
      let total = 0;
      for await (const chunk of body) total += chunk.length;
      return total;
    };
    expect(await refusal(safeFetchStreaming(`${server.origin}/`, permissive, readAll))).toBe(
      'too-large',
    );
  });
});

describe('safeSendStreaming (a webhook POST)', () => {
  const post = {
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: '{"a":1}',
  };
  const statusAndBody = async (head: { status: number }, body: AsyncIterable<Buffer>) => {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk);
    return { status: head.status, body: Buffer.concat(chunks).toString() };
  };

  it('sends the method, headers and body, and hands over the answer', async () => {
    let received: { method?: string; type?: string; length?: string; body: string } | undefined;
    const server = await startHttpServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received = {
          method: request.method,
          type: request.headers['content-type'],
          length: request.headers['content-length'],
          body: Buffer.concat(chunks).toString(),
        };
        response.writeHead(201).end('thanks');
      });
    });
    const answer = await safeSendStreaming(
      `${server.origin}/hook`,
      permissive,
      post,
      statusAndBody,
    );
    expect(answer).toEqual({ status: 201, body: 'thanks' });
    expect(received).toEqual({
      method: 'POST',
      type: 'application/json',
      length: '7',
      body: '{"a":1}',
    });
  });

  it('refuses private destinations like a GET, without connecting', async () => {
    const server = await ok();
    expect(
      await refusal(
        safeSendStreaming(`http://127.0.0.1:${server.port}/`, strictAddresses, post, statusAndBody),
      ),
    ).toBe('address');
    expect(
      await refusal(
        safeSendStreaming(`http://localhost:${server.port}/`, strictAddresses, post, statusAndBody),
      ),
    ).toBe('address');
    expect(
      await refusal(safeSendStreaming('http://169.254.169.254/', production, post, statusAndBody)),
    ).toBe('address');
    expect(server.connections()).toBe(0);
  });

  it('never follows a redirect: the 3xx is the answer', async () => {
    const target = await ok('followed');
    const redirector = await startHttpServer((_request, response) =>
      response.writeHead(307, { location: `${target.origin}/` }).end(),
    );
    const answer = await safeSendStreaming(redirector.origin, permissive, post, statusAndBody);
    expect(answer.status).toBe(307);
    expect(target.connections()).toBe(0);
  });

  it('keeps the deadline', async () => {
    const server = await startHttpServer(() => {
      // Never answers.
    });
    expect(
      await refusal(
        safeSendStreaming(server.origin, { ...permissive, timeoutMs: 200 }, post, statusAndBody),
      ),
    ).toBe('timeout');
  });
});

describe('assertSafeDestination', () => {
  it('refuses what a fetch would refuse, resolving names, and lets public addresses through', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://10.1.2.3/',
      'http://169.254.169.254/latest',
      'http://localhost/',
      'http://[::1]/',
    ]) {
      expect(await refusal(assertSafeDestination(url, production)), url).toBe('address');
    }
    expect(await refusal(assertSafeDestination('ftp://93.184.215.14/', production))).toBe(
      'protocol',
    );
    expect(await refusal(assertSafeDestination('https://93.184.215.14:8443/', production))).toBe(
      'port',
    );
    await expect(assertSafeDestination('https://93.184.215.14/hook', production)).resolves.toBe(
      undefined,
    );
    await expect(assertSafeDestination('http://localhost:8080/', permissive)).resolves.toBe(
      undefined,
    );
  });
});
