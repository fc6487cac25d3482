// A cached widget while unknown slugs flood the server (issue 12, finding 9;
// docs/security.md rule 22), measured, never asserted. The real app with its real
// limits (bench/real-limits-server.ts, its own process): a probe asks for one
// cached widget (as a browser asks: its Brotli copy), one request at a time, first alone, then while 100 other
// addresses each ask 10 random slugs a second (600 a minute: the widget's
// per-address limit). Before the fix every random slug was a database read;
// now each address's lookups that find nothing are budgeted
// (unknownPublicNameLimit) and the rest are refused from memory.
//   node --import tsx bench/widget-flood.ts    runs this bench alone
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { percentile } from './bench-server';
import { roundMs, startRealLimitsServer } from './real-limits';

type Row = { name: string; value: number; unit: string };

const FLOOD_ADDRESSES = 100;
/** As Chromium asks: the probe gets the cached Brotli copy, as a real page view does. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const FLOOD_RATE_PER_ADDRESS = 10;
const FLOOD_S = 10;
const QUIET_MS = 3_000;
/** The probe rotates through these many visitor addresses, each far below the per-address limit. */
const VISITORS = 2_000;

const visitor = (i: number) => `10.50.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
const flooder = (i: number) => `10.99.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;

/** Asks for the cached widget one request at a time for `ms`; the answer times, in ms. */
async function probe(url: URL, ms: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  const until = Date.now() + ms;
  try {
    for (let i = 0; Date.now() < until; i++) {
      const started = process.hrtime.bigint();
      let encoding: string | undefined;
      const status = await new Promise<number>((resolve, reject) => {
        const request = http.get(
          url,
          {
            agent,
            headers: {
              'x-forwarded-for': visitor(i % VISITORS),
              'accept-encoding': BROWSER_ACCEPT_ENCODING,
            },
          },
          (response) => {
            encoding = response.headers['content-encoding'];
            response.resume();
            response.once('end', () => resolve(response.statusCode ?? 0));
          },
        );
        request.once('error', reject);
      });
      if (status !== 200) throw new Error(`bench: the cached widget answered ${status}`);
      if (encoding !== 'br') throw new Error('bench: the cached widget was not sent as Brotli');
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  } finally {
    agent.destroy();
  }
  return times;
}

function flood(baseUrl: string): Promise<autocannon.Result> {
  let sent = 0;
  return autocannon({
    url: baseUrl,
    connections: FLOOD_ADDRESSES,
    overallRate: FLOOD_ADDRESSES * FLOOD_RATE_PER_ADDRESS,
    duration: FLOOD_S,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          sent += 1;
          return {
            ...request,
            path: `/api/widget/made-up-${randomBytes(6).toString('hex')}`,
            headers: { ...request.headers, 'x-forwarded-for': flooder(sent % FLOOD_ADDRESSES) },
          };
        },
      },
    ],
  });
}

export async function measureWidgetFlood(scratch: string): Promise<Row[]> {
  const server = await startRealLimitsServer(path.join(scratch, 'widget-flood'));
  try {
    const widgetUrl = new URL(`/api/widget/${server.slug}`, server.url);
    await probe(widgetUrl, 500);
    const quiet = await probe(widgetUrl, QUIET_MS);
    const flooding = flood(server.url);
    const loud = await probe(widgetUrl, FLOOD_S * 1000 - 500);
    const result = await flooding;
    const count = (status: `${number}`) => result.statusCodeStats?.[status]?.count ?? 0;
    const label = `${FLOOD_ADDRESSES} addresses x ${FLOOD_RATE_PER_ADDRESS} random slugs/s`;
    return [
      {
        name: 'widget flood: cached widget median, quiet',
        value: roundMs(percentile(quiet, 50)),
        unit: 'ms',
      },
      {
        name: 'widget flood: cached widget p99, quiet',
        value: roundMs(percentile(quiet, 99)),
        unit: 'ms',
      },
      {
        name: `widget flood: cached widget median during the flood (${label})`,
        value: roundMs(percentile(loud, 50)),
        unit: 'ms',
      },
      {
        name: 'widget flood: cached widget p99 during the flood',
        value: roundMs(percentile(loud, 99)),
        unit: 'ms',
      },
      {
        // The first lookups of each address do reach the database: their cost shows here.
        name: 'widget flood: cached widget slowest answer during the flood',
        value: roundMs(percentile(loud, 100)),
        unit: 'ms',
      },
      {
        name: `widget flood: flood requests in ${FLOOD_S} s`,
        value: result.requests.total,
        unit: 'count',
      },
      {
        name: 'widget flood: answered 404 (looked up in the database)',
        value: count('404'),
        unit: 'count',
      },
      {
        name: 'widget flood: answered 429 (refused from memory)',
        value: count('429'),
        unit: 'count',
      },
    ];
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await measureWidgetFlood(mkdtempSync(path.join(os.tmpdir(), 'vouchly-bench-')));
  console.table(rows.map((row) => ({ measurement: row.name, value: row.value, unit: row.unit })));
  process.exit(0);
}
