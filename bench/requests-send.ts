// Requests to customers (docs/product/requests.md), measured, never asserted: 500 requests queued through
// POST /api/v1/requests on the real app (bench/requests-server.ts, its own process: PGlite, the polling job
// worker, the outbox mailer writing .eml files), and the time until the list reports all 500 `sent`. Meanwhile,
// and before it for comparison, GET /api/widget/{slug} is loaded with autocannon (10 connections): what a send
// costs the widget that customers' websites load. Three rounds of each; the medians are reported.
//   node --import tsx bench/requests-send.ts    runs this bench alone
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { outboxDir } from '../src/server/adapters/email/outbox-mailer';
import type { RequestOutcomes, RequestPage } from '../src/shared/schemas/requests';
import { median, onEachDatabase, startBenchServer } from './bench-server';

type Row = { name: string; value: number; unit: string };
type Info = { url: string; slug: string; apiKey: string; dataDir: string };

const REQUESTS = 500;
const ROUNDS = 3;
const CONNECTIONS = 10;
/** The widget's load while nothing is sent, per round. */
const IDLE_S = 3;
const POLL_MS = 100;
const serverScript = path.join(import.meta.dirname, 'requests-server.ts');
const BENCH_DATABASE = 'vouchly_bench_requests';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function api<T>(info: Info, method: 'GET' | 'POST', pathname: string, body?: unknown) {
  const response = await fetch(new URL(pathname, info.url), {
    method,
    headers: {
      authorization: `Bearer ${info.apiKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`bench: ${method} ${pathname}: ${response.status}`);
  return (await response.json()) as T;
}

/** How many emails the outbox mailer has written; none before its directory exists. */
const emailsInOutbox = (info: Info) =>
  existsSync(outboxDir(info.dataDir))
    ? readdirSync(outboxDir(info.dataDir)).filter((name) => name.endsWith('.eml')).length
    : 0;

async function sendAndWait(info: Info, index: number, before: number) {
  const customers = Array.from({ length: REQUESTS }, (_, i) => ({
    name: `Customer ${index}-${i}`,
    email: `bench-${index}-${i}@example.com`,
  }));
  const started = performance.now();
  const outcomes = await api<RequestOutcomes>(info, 'POST', '/api/v1/requests', { customers });
  const queueMs = performance.now() - started;
  const queued = outcomes.customers.filter((c) => c.status === 'queued').length;
  if (queued !== REQUESTS) throw new Error(`bench: ${queued} of ${REQUESTS} queued`);
  while (emailsInOutbox(info) < before + REQUESTS) await sleep(POLL_MS);
  return { queueMs, sendMs: performance.now() - started };
}

async function assertAllSent(info: Info, expected: number) {
  for (;;) {
    const { totals } = await api<RequestPage>(info, 'GET', '/api/v1/requests?limit=1');
    if (totals.sent === expected) return;
    if (totals.queued === 0) throw new Error(`bench: ${totals.sent} of ${expected} sent`);
    await sleep(POLL_MS);
  }
}

function loadWidget(info: Info, duration: number) {
  return autocannon({
    url: `${info.url}/api/widget/${info.slug}`,
    connections: CONNECTIONS,
    duration,
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
  });
}

/** Widget load that runs until stop() is called. */
function loadWidgetUntilStopped(info: Info) {
  const instance = autocannon({
    url: `${info.url}/api/widget/${info.slug}`,
    connections: CONNECTIONS,
    duration: 600,
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
  });
  return { done: instance, stop: () => (instance as unknown as { stop: () => void }).stop() };
}

type Round = {
  queueMs: number;
  quietSendMs: number;
  sendMs: number;
  idleRps: number;
  sendingRps: number;
};

/** Round `index` sends two lists of REQUESTS, the first with nothing else served, the second under widget load. */
async function round(info: Info, index: number): Promise<Round> {
  const before = 2 * index * REQUESTS;
  const quiet = await sendAndWait(info, 2 * index, before);
  const idle = await loadWidget(info, IDLE_S);
  const load = loadWidgetUntilStopped(info);
  const { queueMs, sendMs } = await sendAndWait(info, 2 * index + 1, before + REQUESTS);
  load.stop();
  const sending = await load.done;
  await assertAllSent(info, before + 2 * REQUESTS);
  return {
    queueMs,
    quietSendMs: quiet.sendMs,
    sendMs,
    idleRps: idle.requests.average,
    sendingRps: sending.requests.total / (sendMs / 1000),
  };
}

export function measureRequestsSend(scratch?: string): Promise<Row[]> {
  return onEachDatabase(BENCH_DATABASE, (database, databaseUrl) =>
    measureOn(database, scratch, databaseUrl),
  );
}

async function measureOn(
  database: 'PGlite' | 'PostgreSQL',
  scratch?: string,
  databaseUrl?: string,
): Promise<Row[]> {
  const dir = mkdtempSync(path.join(scratch ?? os.tmpdir(), 'requests-'));
  const server = await startBenchServer<Omit<Info, 'dataDir'>>(serverScript, [
    dir,
    ...(databaseUrl ? [databaseUrl] : []),
  ]);
  const info = { ...server.info, dataDir: dir };
  const rounds: Round[] = [];
  try {
    for (let i = 0; i < ROUNDS; i++) rounds.push(await round(info, i));
  } finally {
    await server.stop();
  }
  const of = (pick: (r: Round) => number) => median(rounds.map(pick));
  const idle = of((r) => r.idleRps);
  const sending = of((r) => r.sendingRps);
  const on = `(${database}, median of ${ROUNDS})`;
  return [
    {
      name: `requests: POST /api/v1/requests with ${REQUESTS} customers, the answer ${on}`,
      value: Math.round(of((r) => r.queueMs)),
      unit: 'ms',
    },
    {
      name: `requests: ${REQUESTS} sent to the outbox, nothing else served, POST to the last ${on}`,
      value: Math.round(of((r) => r.quietSendMs)),
      unit: 'ms',
    },
    {
      name: `requests: ${REQUESTS} sent to the outbox while the widget is loaded ${on}`,
      value: Math.round(of((r) => r.sendMs)),
      unit: 'ms',
    },
    {
      name: `GET /api/widget/{slug} throughput, nothing sending, ${CONNECTIONS} connections ${on}`,
      value: Math.round(idle),
      unit: 'req/s',
    },
    {
      name: `GET /api/widget/{slug} throughput while ${REQUESTS} requests send ${on}`,
      value: Math.round(sending),
      unit: 'req/s',
    },
    {
      name: `widget throughput while sending / idle ${on}`,
      value: Math.round((sending / idle) * 100) / 100,
      unit: 'ratio',
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await measureRequestsSend());
  process.exit(0);
}
