// Moderation API latency on PGlite for a business with 10,000 testimonials:
// list (first and a deep page), search, stats and a full CSV export, through
// app.inject (no network), median and p95 of repeated runs.
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { databaseTarget, openDatabase, type Database } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { testimonials } from '../src/server/db/schema';
import { SESSION_COOKIE } from '../src/server/plugins/sessions';
import { benchOwnerCookie, createBenchBusiness, percentile } from './bench-server';

const TESTIMONIALS = 10_000;
const CHUNK = 1_000;
const RUNS = 30;

type Row = { name: string; value: number; unit: string };

const words = [
  'great',
  'sourdough',
  'friendly',
  'fast',
  'delivery',
  'cake',
  'wedding',
  'coffee',
  'service',
  'price',
];
const statuses = ['pending', 'approved', 'rejected'] as const;

async function seed(db: Database, businessId: string): Promise<void> {
  const start = Date.UTC(2024, 0, 1);
  const span = 2 * 365 * 24 * 60 * 60 * 1000;
  for (let offset = 0; offset < TESTIMONIALS; offset += CHUNK) {
    const values = [];
    for (let i = offset; i < offset + CHUNK; i++) {
      const status = statuses[i % 3] ?? 'pending';
      const submittedAt = new Date(start + Math.floor((i / TESTIMONIALS) * span) + (i % 97) * 1000);
      values.push({
        businessId,
        authorName: `Customer ${i}`,
        authorEmail: `customer${i}@example.com`,
        authorLocation: i % 4 === 0 ? 'Austin, TX' : null,
        content: `Testimonial ${i}: ${words[i % words.length]} and ${words[(i * 7) % words.length]}, would recommend to anyone looking for quality.`,
        rating: i % 11 === 0 ? 0 : (i % 5) + 1,
        status,
        tags: i % 10 === 0 ? ['vip', words[i % words.length] ?? 'x'] : [],
        submittedAt,
        approvedAt: status === 'approved' ? submittedAt : null,
      });
    }
    await db.insert(testimonials).values(values);
  }
  await db.execute(sql`analyze testimonials`);
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export async function measureTestimonials(scratch: string): Promise<Row[]> {
  const config = {
    ...loadConfig({ DATA_DIR: `${scratch}/testimonials`, LOG_LEVEL: 'silent' }),
    port: 0,
  };
  const database = await openDatabase(databaseTarget(config));
  await migrateDatabase(database);
  const { db } = database;

  const email = 'bench-owner@example.com';
  const { business } = await createBenchBusiness(db, config, email);
  const seedStarted = performance.now();
  await seed(db, business.id);
  const seedMs = performance.now() - seedStarted;

  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  const cookie = await benchOwnerCookie(app, email);

  const time = async (url: string, runs = RUNS) => {
    const durations: number[] = [];
    for (let i = 0; i < runs + 3; i++) {
      const started = performance.now();
      const response = await app.inject({
        method: 'GET',
        url,
        cookies: { [SESSION_COOKIE]: cookie },
      });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200)
        throw new Error(`bench: ${url} answered ${response.statusCode}: ${response.body}`);
      if (i >= 3) durations.push(elapsed); // the first runs warm caches and JIT
    }
    return { median: percentile(durations, 50), p95: percentile(durations, 95) };
  };

  const cases: Array<[string, string, number?]> = [
    // Fixed cost of any owner call (session read and roll, user), for comparison.
    ['baseline GET /api/auth/user', '/api/auth/user'],
    ['list page 1 (20)', '/api/testimonials'],
    ['list deep page (page 400 of 25)', '/api/testimonials?page=400&pageSize=25'],
    ['list approved page 50', '/api/testimonials?status=approved&page=50'],
    ['search "sourdough" (~20% match)', '/api/testimonials?q=sourdough'],
    ['search "vip" in tags, approved', '/api/testimonials?q=vip&status=approved'],
    ['search without matches', '/api/testimonials?q=no-such-words'],
    ['stats', '/api/testimonials/stats'],
    ['export.csv (10,000 rows)', '/api/testimonials/export.csv', 5],
  ];
  const rows: Row[] = [
    { name: `testimonials: seed ${TESTIMONIALS} rows`, value: Math.round(seedMs), unit: 'ms' },
  ];
  for (const [name, url, runs] of cases) {
    const { median, p95 } = await time(url, runs);
    rows.push({ name: `testimonials: ${name} median`, value: round(median), unit: 'ms' });
    rows.push({ name: `testimonials: ${name} p95`, value: round(p95), unit: 'ms' });
  }
  await app.close();
  await database.close();
  return rows;
}
