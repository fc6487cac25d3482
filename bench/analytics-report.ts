// The analytics reads over 90 days (docs/product/analytics.md#reading-the-figures) for a business whose rollups hold
// tens of thousands of rows, beside 30 smaller ones: the owner's report, its CSV export and the API v1's daily
// figures, through app.inject (no network), median and p95 of repeated runs; on PGlite, and on PostgreSQL when
// `BENCH_DATABASE_URL` names a server.
//   node --import tsx bench/analytics-report.ts    runs this bench alone
import { sql } from 'drizzle-orm';
import { collectionSources, widgetInteractions } from '../src/shared/analytics';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { databaseTarget, openDatabase, type Database } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { analyticsDaily, testimonials } from '../src/server/db/schema';
import { metrics, TOTAL } from '../src/server/modules/analytics/metrics';
import { createBusinessRecords } from '../src/server/modules/business/service';
import * as userRepository from '../src/server/modules/auth/repository';
import { SESSION_COOKIE } from '../src/server/plugins/sessions';
import { benchOwnerCookie, createBenchBusiness, onEachDatabase, percentile } from './bench-server';

type Row = { name: string; value: number; unit: string };

/** Days of rollups per business: the 90 read and the 90 before them. */
const DAYS = 180;
const PAGES_PER_DAY = 100;
const CARDS = 60;
const RUNS = 20;
const CHUNK = 2_000;
const RANGE = 'from=2026-04-01&to=2026-06-29';

const dayOf = (index: number) =>
  new Date(Date.UTC(2026, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);

type Shape = { days: number; pages: number; cards: number };
const MEASURED: Shape = { days: DAYS, pages: PAGES_PER_DAY, cards: CARDS };
/** Many smaller businesses beside it, as a shared database has: one business is a small part of the table. */
const NEIGHBOURS = 30;
const NEIGHBOUR: Shape = { days: 90, pages: 20, cards: 10 };

/** One business's rollups over `days`: the day totals, every split, and `pages` pages and `cards` cards a day. */
async function seed(db: Database, businessId: string, shape: Shape): Promise<number> {
  const cards = await db
    .insert(testimonials)
    .values(
      Array.from({ length: shape.cards }, (_, i) => ({
        businessId,
        authorName: `Customer ${i}`,
        content: `Testimonial ${i}: lovely bread and friendly people, would recommend to anyone.`,
        rating: 5,
        status: 'approved' as const,
        approvedAt: new Date(Date.UTC(2026, 0, 1) + i * 3 * 86_400_000),
      })),
    )
    .returning({ id: testimonials.id });
  let rows: (typeof analyticsDaily.$inferInsert)[] = [];
  let written = 0;
  const flush = async () => {
    if (rows.length === 0) return;
    await db.insert(analyticsDaily).values(rows);
    written += rows.length;
    rows = [];
  };
  const add = async (day: string, metric: string, dimension: string, count: number) => {
    rows.push({ businessId, day, metric, dimension, count });
    if (rows.length >= CHUNK) await flush();
  };
  for (let d = DAYS - shape.days; d < DAYS; d++) {
    const day = dayOf(d);
    for (const metric of [
      metrics.impressions,
      metrics.visitors,
      metrics.interactions,
      metrics.formViews,
      metrics.formStarts,
      metrics.submissions,
    ])
      await add(day, metric, TOTAL, 100 + d);
    for (const widget of ['main', 'wall']) {
      await add(day, metrics.impressions, widget, 50 + d);
      await add(day, metrics.widgetInteractions, widget, 10 + d);
    }
    for (const action of widgetInteractions)
      await add(day, metrics.interactions, action, 3 + (d % 7));
    for (const source of collectionSources) await add(day, metrics.formViews, source, 5 + (d % 5));
    for (let p = 0; p < shape.pages; p++)
      await add(
        day,
        metrics.pageImpressions,
        `https://shop.example/p/${(p * 7 + d) % 400}`,
        1 + (p % 9),
      );
    for (const [i, card] of cards.entries()) {
      await add(day, metrics.cardImpressions, card.id, 1 + ((i + d) % 13));
      await add(day, metrics.readMore, card.id, (i + d) % 3);
      await add(day, metrics.cardMs, card.id, 1000 * (1 + (i % 11)));
    }
  }
  await flush();
  return written;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

async function measureOn(
  label: 'PGlite' | 'PostgreSQL',
  scratch: string,
  databaseUrl?: string,
): Promise<Row[]> {
  const config = {
    ...loadConfig({
      DATA_DIR: `${scratch}/analytics-report`,
      LOG_LEVEL: 'silent',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }),
    port: 0,
  };
  const database = await openDatabase(databaseTarget(config));
  await migrateDatabase(database);
  const { db } = database;

  const email = 'bench-analytics@example.com';
  const { business } = await createBenchBusiness(db, config, email);
  const seedStarted = performance.now();
  let written = await seed(db, business.id, MEASURED);
  for (let n = 1; n <= NEIGHBOURS; n++) {
    const user = await userRepository.create(db, {
      email: `neighbour-${n}@example.com`,
      password: 'x',
    });
    if (!user) throw new Error('bench: could not create a neighbour');
    const neighbour = await db.transaction((tx) =>
      createBusinessRecords(
        { db: tx },
        { ownerId: user.id, name: `Neighbour ${n}`, website: 'n.example' },
      ),
    );
    written += await seed(db, neighbour.id, NEIGHBOUR);
  }
  await db.execute(sql`analyze analytics_daily`);
  await db.execute(sql`analyze testimonials`);
  const seedMs = performance.now() - seedStarted;

  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  const cookie = await benchOwnerCookie(app, email);
  const key = await app.inject({
    method: 'POST',
    url: '/api/integrations/api-key',
    cookies: { [SESSION_COOKIE]: cookie },
    headers: { origin: config.baseUrl, 'content-type': 'application/json' },
    payload: {},
  });
  const apiKey = key.json<{ apiKey?: string }>().apiKey;
  if (!apiKey) throw new Error(`bench: no API key (${key.statusCode}: ${key.body})`);

  const time = async (
    url: string,
    headers: Record<string, string>,
    cookies: Record<string, string>,
  ) => {
    const durations: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url, headers, cookies });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200)
        throw new Error(`bench: ${url} answered ${response.statusCode}: ${response.body}`);
      if (i >= 3) durations.push(elapsed); // the first runs warm caches and JIT
    }
    return { median: percentile(durations, 50), p95: percentile(durations, 95) };
  };

  const owner = { [SESSION_COOKIE]: cookie };
  const cases: Array<[string, string, Record<string, string>, Record<string, string>]> = [
    ['baseline GET /api/auth/user', '/api/auth/user', {}, owner],
    ['GET /api/analytics, 90 days', `/api/analytics?${RANGE}`, {}, owner],
    ['export.csv, 90 days', `/api/analytics/export.csv?${RANGE}`, {}, owner],
    [
      'GET /api/v1/analytics, 90 days',
      `/api/v1/analytics?${RANGE}`,
      { authorization: `Bearer ${apiKey}` },
      {},
    ],
  ];
  const rows: Row[] = [
    {
      name: `analytics (${label}): seed ${written} rollup rows, ${NEIGHBOURS + 1} businesses`,
      value: Math.round(seedMs),
      unit: 'ms',
    },
  ];
  for (const [name, url, headers, cookies] of cases) {
    const { median, p95 } = await time(url, headers, cookies);
    rows.push({ name: `analytics (${label}): ${name} median`, value: round(median), unit: 'ms' });
    rows.push({ name: `analytics (${label}): ${name} p95`, value: round(p95), unit: 'ms' });
  }
  await app.close();
  await database.close();
  return rows;
}

export function measureAnalyticsReport(scratch: string): Promise<Row[]> {
  return onEachDatabase('vouchly_bench_analytics', (label, databaseUrl) =>
    measureOn(label, scratch, databaseUrl),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { mkdtempSync } = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  console.table(
    await measureAnalyticsReport(mkdtempSync(path.join(os.tmpdir(), 'vouchly-bench-'))),
  );
  process.exit(0);
}
