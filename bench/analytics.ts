// Analytics (docs/product/analytics.md, docs/decisions/0037), measured, never asserted.
// 1. Reading, on PostgreSQL only: a business with TEN_MILLION events over 90 days (raw beacons), folded into its daily
//    rollups, and the time GET /api/analytics (the Analytics screen's 90-day chart and tables) and GET /api/v1/analytics
//    take, one request at a time. Measured first, on the seeded business alone: the ingest below gives every beacon
//    a page of its own, thousands a second, which no real site has.
// 2. Ingest: the real app in its own process (bench/requests-server.ts: PGlite, or PostgreSQL when
//    `BENCH_DATABASE_URL` names a server). GET /api/widget/{slug} is loaded with autocannon alone and while beacons
//    of BATCH events (one impression and BATCH - 1 interactions on the testimonials the widget shows, each beacon
//    from a visitor and a page of its own, so none is a repeat) arrive at a steady TARGET_EVENTS_PER_S, the two in
//    turns, and the ratio is the median of the paired rounds' (`widgetWithAndWithoutBeacons`); then beacons alone as
//    fast as the server takes them. Events are counted as stored: the public API's totals after the last flush, not
//    the answers.
//   node --import tsx bench/analytics.ts    runs this bench alone
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { widgetInteractions } from '../src/shared/analytics';
import type { AnalyticsApi } from '../src/shared/schemas/analytics';
import {
  BENCH_PASSWORD,
  median,
  medianRatio,
  onEachDatabase,
  startBenchServer,
} from './bench-server';

type Row = { name: string; value: number; unit: string };
type Info = { url: string; slug: string; apiKey: string };
/** The server, and the ids of the testimonials its widget shows (a card or Read more names one of them). */
type Target = Info & { testimonialIds: string[] };

const BATCH = 50;
const TARGET_EVENTS_PER_S = 5000;
const LOAD_S = 10;
const WARM_UP_S = 5;
const ROUNDS = 16;
const ROUND_S = 3;
/** Beacons start this long before their round of the widget's load… */
const LEAD_S = 1;
/** …and after it, the last of their writes (at most a second later) ends in this pause. */
const SETTLE_MS = 1500;
const CONNECTIONS = 10;
const TEN_MILLION = 10_000_000;
const READS = 30;
const serverScript = path.join(import.meta.dirname, 'requests-server.ts');
const BENCH_DATABASE = 'vouchly_bench_analytics';
const HOST_PAGE = 'https://shop.bench.example';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const day = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * One beacon from a visitor of its own (its user agent), on a page of its own, with each interaction on a pair of
 * action and testimonial of its own: nothing in it is a repeat.
 */
function beaconBody({ slug, testimonialIds }: Target): string {
  const interactions = Array.from({ length: BATCH - 1 }, (_, i) => ({
    type: 'interaction' as const,
    action: widgetInteractions[i % widgetInteractions.length],
    testimonialId: testimonialIds[i % testimonialIds.length],
  }));
  return JSON.stringify({
    slug,
    page: `${HOST_PAGE}/p/${randomUUID()}`,
    events: [{ type: 'impression' }, ...interactions],
  });
}

/** The server's widget, with the ids of the testimonials it shows. */
async function targetOf(info: Info): Promise<Target> {
  const response = await fetch(`${info.url}/api/widget/${info.slug}`);
  if (!response.ok) throw new Error(`bench: the widget answered ${response.status}`);
  const widget = (await response.json()) as { testimonials: Array<{ id: string }> };
  const testimonialIds = widget.testimonials.map((testimonial) => testimonial.id);
  // Distinct pairs for every interaction of a beacon.
  if (testimonialIds.length * widgetInteractions.length < BATCH)
    throw new Error('bench: too few testimonials for beacons without repeats');
  return { ...info, testimonialIds };
}

function sendBeacons(target: Target, seconds: number, rate?: number) {
  return autocannon({
    url: `${target.url}/api/analytics/events`,
    connections: CONNECTIONS,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          headers: {
            'content-type': 'text/plain;charset=UTF-8',
            origin: HOST_PAGE,
            'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36 bench/${randomUUID()}`,
          },
          body: beaconBody(target),
        }),
      },
    ],
  });
}

const loadWidget = (info: Info, seconds: number) =>
  autocannon({
    url: `${info.url}/api/widget/${info.slug}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
  });

async function storedEvents(info: Info): Promise<number> {
  const response = await fetch(`${info.url}/api/v1/analytics?from=${day(-1)}&to=${day(1)}`, {
    headers: { authorization: `Bearer ${info.apiKey}` },
  });
  if (!response.ok) throw new Error(`bench: /api/v1/analytics answered ${response.status}`);
  const { totals } = (await response.json()) as AnalyticsApi;
  return totals.impressions + totals.interactions;
}

/**
 * Both loads at once for WARM_UP_S, unmeasured: the server's code for each is compiled by then, and the counting
 * thread, started by the first beacon, is up (from the sources it compiles itself first, for seconds).
 */
async function warmUp(target: Target) {
  await Promise.all([
    loadWidget(target, WARM_UP_S),
    sendBeacons(target, WARM_UP_S, TARGET_EVENTS_PER_S / BATCH),
  ]);
  await sleep(2500);
}

/**
 * The widget's throughput alone and while beacons arrive, in ROUNDS pairs of ROUND_S each, the two kinds taking
 * turns, and the median of the pairs' ratios. On this machine the widget's throughput alone varies by a quarter from
 * one round to the next (a loop of plain arithmetic, alone, varies by up to 30% from one half second to the next),
 * and a sum over rounds follows its few widest swings: the median of paired rounds does not. The beacons start
 * LEAD_S before their round, so that the round sees their writes as a steady stream does (one a second, of the
 * second before); after it, the last write lands in a pause of its own, not in the next round alone.
 */
async function widgetWithAndWithoutBeacons(target: Target) {
  const alone: number[] = [];
  const meanwhile: number[] = [];
  let refused = 0;
  for (let round = 0; round < ROUNDS; round++) {
    alone.push((await loadWidget(target, ROUND_S)).requests.total);
    const beacons = sendBeacons(target, LEAD_S + ROUND_S, TARGET_EVENTS_PER_S / BATCH);
    await sleep(LEAD_S * 1000);
    meanwhile.push((await loadWidget(target, ROUND_S)).requests.total);
    refused += (await beacons).non2xx;
    await sleep(SETTLE_MS);
  }
  const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);
  return {
    alone: sum(alone) / (ROUNDS * ROUND_S),
    ratio: medianRatio(meanwhile, alone),
    refused,
  };
}

async function measureIngest(database: string, info: Info): Promise<Row[]> {
  const target = await targetOf(info);
  await warmUp(target);
  const before = await storedEvents(info);
  const widget = await widgetWithAndWithoutBeacons(target);
  await sleep(2500);
  const steadyStored = (await storedEvents(info)) - before;
  const flat = await sendBeacons(target, LOAD_S);
  await sleep(2500);
  const flatStored = (await storedEvents(info)) - before - steadyStored;
  const refused = widget.refused + flat.non2xx;
  if (refused > 0) throw new Error(`bench: ${refused} beacons were refused`);
  const on = `(${database})`;
  return [
    {
      name: `GET /api/widget/{slug} throughput, nothing else, ${CONNECTIONS} connections ${on}`,
      value: Math.round(widget.alone),
      unit: 'req/s',
    },
    {
      name: `analytics: events stored per second, beacons of ${BATCH} at a steady ${TARGET_EVENTS_PER_S}/s beside the widget load ${on}`,
      value: Math.round(steadyStored / (ROUNDS * (LEAD_S + ROUND_S))),
      unit: 'events/s',
    },
    {
      name: `GET /api/widget/{slug} throughput meanwhile / alone, median of ${ROUNDS} paired rounds of ${ROUND_S} s ${on}`,
      value: Math.round(widget.ratio * 100) / 100,
      unit: 'ratio',
    },
    {
      name: `analytics: events stored per second, beacons of ${BATCH} as fast as they are taken, nothing else ${on}`,
      value: Math.round(flatStored / LOAD_S),
      unit: 'events/s',
    },
  ];
}

/** Events per raw beacon in the seed: a page view's beacon carries a handful… */
const SEED_EVENTS_PER_BEACON = 10;
/** …and beacons per stored batch, a busy second's. */
const SEED_BEACONS_PER_BATCH = 100;

/**
 * TEN_MILLION events for the bench business over the last 90 days, written straight into PostgreSQL (through HTTP
 * they would take half an hour): made in a scratch table, stored as raw beacons of SEED_EVENTS_PER_BEACON in batches
 * of SEED_BEACONS_PER_BATCH (as plain JSON: SQL cannot gzip them as the server does), and folded into
 * analytics_daily by the same metric rules the write path applies (modules/analytics/ingest-fold.ts), in SQL.
 */
async function seedTenMillion(databaseUrl: string, slug: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      'select id from businesses where collection_slug = $1',
      [slug],
    );
    const businessId = rows[0]?.id;
    if (!businessId) throw new Error('bench: no business to seed');
    await client.query(
      `create temp table seed_events as
       select n, $1::uuid as business_id, t as occurred_at, (t at time zone 'UTC')::date as day, kind as type,
              'bench' as widget, $2 || '/p/' || (n / ${SEED_EVENTS_PER_BEACON} % 200) as page,
              case when kind in ('card', 'time', 'interaction') then cards.ids[1 + n % cardinality(cards.ids)] end as testimonial_id,
              case when kind = 'interaction' then (array['next','previous','dot','pause','read_more','photo','branding','link'])[1 + (n / 10) % 8] end as action,
              case when kind = 'form_view' then (array['link','qr','email','wall'])[1 + (n / 10) % 4] end as source,
              case when kind = 'time' then 1000 + n % 9000 end as ms,
              md5((n / ${SEED_EVENTS_PER_BEACON} % 500000)::text) as visitor
       from (select n, now() - (n / ${SEED_EVENTS_PER_BEACON} * ${SEED_EVENTS_PER_BEACON} % 7776000) * interval '1 second' as t,
                    (array['impression','card','card','card','time','interaction','form_view','form_start','impression','card'])[1 + n % 10] as kind
             from generate_series(1, $3::int) as n) as e,
            (select array_agg(id) as ids from testimonials where business_id = $1) as cards`,
      [businessId, HOST_PAGE, TEN_MILLION],
    );
    await client.query(
      `insert into analytics_beacon_batches (business_id, received_at, beacons, events, encoding, data)
       select business_id, max(received_at), count(*), sum(jsonb_array_length(events)), 'identity',
              convert_to(jsonb_agg(jsonb_build_object('receivedAt', received_at, 'day', day, 'slug', 'bench',
                'page', page, 'visitor', visitor, 'events', events) order by beacon)::text, 'UTF8')
       from (
         select business_id, n / ${SEED_EVENTS_PER_BEACON} as beacon, min(occurred_at) as received_at, min(day) as day,
                min(page) as page, min(visitor) as visitor,
                jsonb_agg(jsonb_strip_nulls(jsonb_build_object('type', type, 'testimonialId', testimonial_id,
                  'action', action, 'source', source, 'ms', ms)) order by n) as events
         from seed_events group by business_id, n / ${SEED_EVENTS_PER_BEACON}
       ) as beacons
       group by business_id, beacon / ${SEED_BEACONS_PER_BATCH}`,
    );
    await client.query(
      `insert into analytics_daily (business_id, day, metric, dimension, count)
       select business_id, day, metric, dimension, sum(n) from (
         select business_id, day, 'impressions' as metric, '' as dimension, count(*) as n from seed_events where type = 'impression' group by 1, 2
         union all select business_id, day, 'impressions', widget, count(*) from seed_events where type = 'impression' group by 1, 2, 4
         union all select business_id, day, 'page_impressions', page, count(*) from seed_events where type = 'impression' group by 1, 2, 4
         union all select business_id, day, 'card_impressions', testimonial_id::text, count(*) from seed_events where type = 'card' group by 1, 2, 4
         union all select business_id, day, 'card_ms', testimonial_id::text, sum(ms) from seed_events where type = 'time' group by 1, 2, 4
         union all select business_id, day, 'interactions', '', count(*) from seed_events where type = 'interaction' group by 1, 2
         union all select business_id, day, 'interactions', action, count(*) from seed_events where type = 'interaction' group by 1, 2, 4
         union all select business_id, day, 'widget_interactions', widget, count(*) from seed_events where type = 'interaction' group by 1, 2, 4
         union all select business_id, day, 'read_more', testimonial_id::text, count(*) from seed_events where type = 'interaction' and action = 'read_more' group by 1, 2, 4
         union all select business_id, day, 'form_views', '', count(*) from seed_events where type = 'form_view' group by 1, 2
         union all select business_id, day, 'form_views', source, count(*) from seed_events where type = 'form_view' group by 1, 2, 4
         union all select business_id, day, 'form_starts', '', count(*) from seed_events where type = 'form_start' group by 1, 2
         union all select business_id, day, 'visitors', '', count(distinct visitor) from seed_events group by 1, 2
       ) as folded group by 1, 2, 3, 4
       on conflict (business_id, day, metric, dimension) do update set count = analytics_daily.count + excluded.count`,
    );
    await client.query('drop table seed_events');
    // Now, not by autovacuum in the middle of the measurements.
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

/** Signs the bench owner in; answers the session cookie. */
async function signIn(info: Info): Promise<string> {
  const response = await fetch(`${info.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: info.url },
    body: JSON.stringify({ email: 'requests-bench@example.com', password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`bench: sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function timeReads(url: string, headers: Record<string, string>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < READS; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`bench: ${url} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return median(times);
}

async function measureReads(info: Info): Promise<Row[]> {
  const range = `from=${day(-89)}&to=${day(0)}`;
  const cookie = await signIn(info);
  const screen = await timeReads(`${info.url}/api/analytics?${range}`, { cookie });
  const api = await timeReads(`${info.url}/api/v1/analytics?${range}`, {
    authorization: `Bearer ${info.apiKey}`,
  });
  const of = `a business with ${TEN_MILLION / 1e6} million events over 90 days (PostgreSQL, median of ${READS})`;
  return [
    {
      name: `analytics: GET /api/analytics, 90 days, ${of}`,
      value: Math.round(screen * 10) / 10,
      unit: 'ms',
    },
    {
      name: `analytics: GET /api/v1/analytics, 90 days, ${of}`,
      value: Math.round(api * 10) / 10,
      unit: 'ms',
    },
  ];
}

async function measureOn(
  database: 'PGlite' | 'PostgreSQL',
  scratch?: string,
  databaseUrl?: string,
) {
  const dir = mkdtempSync(path.join(scratch ?? os.tmpdir(), 'analytics-'));
  const server = await startBenchServer<Info>(serverScript, [
    dir,
    ...(databaseUrl ? [databaseUrl] : []),
  ]);
  try {
    const rows: Row[] = [];
    if (databaseUrl) {
      await seedTenMillion(databaseUrl, server.info.slug);
      rows.push(...(await measureReads(server.info)));
    }
    rows.unshift(...(await measureIngest(database, server.info)));
    return rows;
  } finally {
    await server.stop();
  }
}

export function measureAnalytics(scratch?: string): Promise<Row[]> {
  return onEachDatabase(BENCH_DATABASE, (database, databaseUrl) =>
    measureOn(database, scratch, databaseUrl),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await measureAnalytics());
  process.exit(0);
}
