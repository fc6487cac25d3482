// A server for bench/widget.ts, run in its own process so the load generator
// and the server do not share a CPU or an event loop. Prints one JSON line
// (its address) on stdout once it listens; stops on SIGTERM.
//   node --import tsx bench/widget-server.ts app <dataDir>    the real app on PGlite, a business with 30 approved testimonials
//   node --import tsx bench/widget-server.ts bare <file.json> node:http answering every request with the recorded bytes and headers
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { databaseTarget, openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { testimonials } from '../src/server/db/schema';
import { createBenchBusiness } from './bench-server';

const WIDGET_BENCH_TESTIMONIALS = 30;

type RecordedResponse = { headers: Record<string, string>; body: string };

const [mode, arg] = process.argv.slice(2);

const sentences = [
  'The team was friendly, quick and careful with everything in the house.',
  'Ordered a birthday cake on short notice and it was perfect, everyone asked where it came from.',
  'Honest advice and no upselling. The result looks even better than I had hoped.',
  'Great coffee, lovely staff, and the sourdough sells out for a reason.',
  'They kept me updated the whole time and fixed a small issue the same day.',
];
const places = ['Austin, TX', 'Portland, OR', null, 'Leicester, UK', 'Denver, CO'];

async function startApp(dataDir: string): Promise<() => Promise<void>> {
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_SCALE: '10000' }),
    port: 0,
  };
  const database = await openDatabase(databaseTarget(config));
  await migrateDatabase(database);
  const { db } = database;
  const { business } = await createBenchBusiness(db, config, 'widget-bench@example.com');
  const now = Date.now();
  await db.insert(testimonials).values(
    Array.from({ length: WIDGET_BENCH_TESTIMONIALS }, (_, i) => ({
      businessId: business.id,
      authorName: `Customer ${i + 1}`,
      authorEmail: `customer${i + 1}@example.com`,
      authorLocation: places[i % places.length] ?? null,
      content: `${sentences[i % sentences.length]} ${sentences[(i * 3 + 1) % sentences.length]}`,
      rating: 5 - (i % 3 === 2 ? 1 : 0),
      status: 'approved' as const,
      submittedAt: new Date(now - (i + 2) * 86_400_000),
      approvedAt: new Date(now - (i + 1) * 86_400_000),
    })),
  );
  const app = await buildApp(config, { database, logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ url, slug: business.collectionSlug }));
  return async () => {
    await app.close();
    await database.close();
  };
}

async function startBare(file: string): Promise<() => Promise<void>> {
  const recorded = JSON.parse(readFileSync(file, 'utf8')) as RecordedResponse;
  const body = Buffer.from(recorded.body, 'base64');
  const server = http.createServer((_request, response) => {
    response.writeHead(200, recorded.headers);
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

const stop =
  mode === 'app' && arg
    ? await startApp(arg)
    : mode === 'bare' && arg
      ? await startBare(arg)
      : null;
if (!stop) {
  console.error('usage: widget-server.ts app <dataDir> | bare <file.json>');
  process.exit(2);
}
process.once('SIGTERM', () => {
  void stop().finally(() => process.exit(0));
});
