// A server for bench/widget-flood.ts and bench/submitters.ts: the real app on
// PGlite with the real rate limits (RATE_LIMIT_SCALE=1) and TRUST_PROXY on,
// so one load generator can speak for many addresses through X-Forwarded-For.
// A business with 10 approved testimonials. Runs in its own process; prints
// one JSON line ({ url, slug }) once it listens; closes cleanly on SIGTERM.
//   node --import tsx bench/real-limits-server.ts <dataDir>
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { databaseTarget, openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { testimonials } from '../src/server/db/schema';
import { createBenchBusiness } from './bench-server';

const APPROVED_TESTIMONIALS = 10;

const [dataDir] = process.argv.slice(2);
if (!dataDir) {
  console.error('usage: real-limits-server.ts <dataDir>');
  process.exit(2);
}

const config = {
  ...loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
    RATE_LIMIT_SCALE: '1',
  }),
  port: 0,
};
const database = await openDatabase(databaseTarget(config));
await migrateDatabase(database);
const { db } = database;
const { business } = await createBenchBusiness(db, config, 'limits-bench@example.com');
await db.insert(testimonials).values(
  Array.from({ length: APPROVED_TESTIMONIALS }, (_, i) => ({
    businessId: business.id,
    authorName: `Customer ${i + 1}`,
    content: 'Great coffee, lovely staff, and the sourdough sells out for a reason.',
    rating: 5,
    status: 'approved' as const,
    approvedAt: new Date(Date.now() - i * 60_000),
  })),
);
const app = await buildApp(config, { database, logger: false });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ url, slug: business.collectionSlug }));

process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
