// Requests to customers (docs/product/requests.md), measured, never asserted: 500 requests queued through
// POST /api/v1/requests on the real app (bench/requests-server.ts, its own process: PGlite, the polling job
// worker, the outbox mailer writing .eml files), and the time until the list reports all 500 `sent`. Meanwhile,
// and before it for comparison, GET /api/widget/{slug} is loaded with autocannon (10 connections): what a send
// costs the widget that customers' websites load. Three rounds of each; the medians are reported.
//   node --import tsx bench/requests-send.ts    runs this bench alone
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { RequestOutcomes, RequestPage } from '../src/shared/schemas/requests';
import { median, startBenchServer } from './bench-server';

type Row = { name: string; value: number; unit: string };
type Info = { url: string; slug: string; apiKey: string };

const REQUESTS = 500;
const ROUNDS = 3;
const CONNECTIONS = 10;
/** The widget's load while nothing is sent, per round. */
const IDLE_S = 3;
const POLL_MS = 50;
const serverScript = path.join(import.meta.dirname, 'requests-server.ts');

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

const sentSoFar = async (info: Info) =>
  (await api<RequestPage>(info, 'GET', '/api/v1/requests?limit=1')).totals.sent;

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

type Round = { queueMs: number; sendMs: number; idleRps: number; sendingRps: number };

async function round(info: Info, index: number, before: number): Promise<Round> {
  const idle = await loadWidget(info, IDLE_S);
  const customers = Array.from({ length: REQUESTS }, (_, i) => ({
    name: `Customer ${index}-${i}`,
    email: `bench-${index}-${i}@example.com`,
  }));
  const load = loadWidgetUntilStopped(info);
  const started = performance.now();
  const outcomes = await api<RequestOutcomes>(info, 'POST', '/api/v1/requests', { customers });
  const queueMs = performance.now() - started;
  const queued = outcomes.customers.filter((c) => c.status === 'queued').length;
  if (queued !== REQUESTS) throw new Error(`bench: ${queued} of ${REQUESTS} queued`);
  while ((await sentSoFar(info)) < before + REQUESTS) await sleep(POLL_MS);
  const sendMs = performance.now() - started;
  load.stop();
  const sending = await load.done;
  return {
    queueMs,
    sendMs,
    idleRps: idle.requests.average,
    sendingRps: sending.requests.total / (sendMs / 1000),
  };
}

export async function measureRequestsSend(scratch?: string): Promise<Row[]> {
  const dir = mkdtempSync(path.join(scratch ?? os.tmpdir(), 'requests-'));
  const server = await startBenchServer<Info>(serverScript, [dir]);
  const rounds: Round[] = [];
  try {
    for (let i = 0; i < ROUNDS; i++) rounds.push(await round(server.info, i, i * REQUESTS));
  } finally {
    await server.stop();
  }
  const of = (pick: (r: Round) => number) => median(rounds.map(pick));
  const idle = of((r) => r.idleRps);
  const sending = of((r) => r.sendingRps);
  return [
    {
      name: `requests: POST /api/v1/requests with ${REQUESTS} customers (answer, median of ${ROUNDS})`,
      value: Math.round(of((r) => r.queueMs)),
      unit: 'ms',
    },
    {
      name: `requests: ${REQUESTS} sent to the outbox, from the POST to the last (median of ${ROUNDS})`,
      value: Math.round(of((r) => r.sendMs)),
      unit: 'ms',
    },
    {
      name: 'requests: emails sent per second (outbox, PGlite)',
      value: Math.round(REQUESTS / (of((r) => r.sendMs) / 1000)),
      unit: 'emails/s',
    },
    {
      name: `GET /api/widget/{slug} throughput, nothing sending (${CONNECTIONS} connections)`,
      value: Math.round(idle),
      unit: 'req/s',
    },
    {
      name: `GET /api/widget/{slug} throughput while ${REQUESTS} requests send`,
      value: Math.round(sending),
      unit: 'req/s',
    },
    {
      name: 'widget throughput while sending / idle',
      value: Math.round((sending / idle) * 100) / 100,
      unit: 'ratio',
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await measureRequestsSend());
  process.exit(0);
}
