// A server for bench/requests-send.ts and bench/imports.ts, run in its own process so the load generator does not share its CPU or
// event loop: the real app on PGlite with its job worker polling and the outbox mailer (no SMTP_URL), a business
// with 30 approved testimonials (for the widget) and a daily limit the bench does not reach, and an API key.
// With a database URL, the same on that PostgreSQL database (empty; migrated here) instead of PGlite.
// Prints one JSON line ({ url, slug, apiKey }) once it listens; stops on SIGTERM.
//   node --import tsx bench/requests-server.ts <dataDir> [databaseUrl]
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { databaseTarget, openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { businesses, testimonials } from '../src/server/db/schema';
import { createApiKey } from '../src/server/modules/integrations/service';
import { createBenchBusiness } from './bench-server';

const TESTIMONIALS = 30;
/** Above what the bench queues in one UTC day (the product's own maximum is lower; set here, not through the API). */
const BENCH_DAILY_CAP = 100_000;

const [dataDir, databaseUrl] = process.argv.slice(2);
if (!dataDir) {
  console.error('usage: requests-server.ts <dataDir> [databaseUrl]');
  process.exit(2);
}

const config = {
  ...loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '10000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  }),
  port: 0,
};
const database = await openDatabase(databaseTarget(config));
await migrateDatabase(database);
const { db } = database;
const { userId, business } = await createBenchBusiness(db, config, 'requests-bench@example.com');
await db
  .update(businesses)
  .set({ requestDailyCap: BENCH_DAILY_CAP })
  .where(eq(businesses.id, business.id));
const now = Date.now();
await db.insert(testimonials).values(
  Array.from({ length: TESTIMONIALS }, (_, i) => ({
    businessId: business.id,
    authorName: `Customer ${i + 1}`,
    content: `Friendly people and careful work, every single time (${i + 1}).`,
    rating: 5,
    status: 'approved' as const,
    submittedAt: new Date(now - (i + 2) * 86_400_000),
    approvedAt: new Date(now - (i + 1) * 86_400_000),
  })),
);
const { apiKey } = await createApiKey({ db, clock: () => new Date() }, userId);
const app = await buildApp(config, { database, logger: false });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ url, slug: business.collectionSlug, apiKey }));

process.once('SIGTERM', () => {
  void (async () => {
    await app.close();
    await database.close();
  })().finally(() => process.exit(0));
});
