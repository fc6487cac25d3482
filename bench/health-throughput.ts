// Requests per second and p99 latency of GET /api/health on PGlite, with
// autocannon on loopback (10 connections, 5 s).
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { databaseTarget, openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';

export async function measureHealthThroughput(scratch: string) {
  const config = { ...loadConfig({ DATA_DIR: `${scratch}/health`, LOG_LEVEL: 'silent' }), port: 0 };
  const database = await openDatabase(databaseTarget(config));
  await migrateDatabase(database);
  const app = await buildApp(config, { database, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const result = await autocannon({ url: `${address}/api/health`, connections: 10, duration: 5 });
  await app.close();
  await database.close();
  return [
    {
      name: 'GET /api/health throughput (PGlite)',
      value: Math.round(result.requests.average),
      unit: 'req/s',
    },
    { name: 'GET /api/health p99 latency', value: result.latency.p99, unit: 'ms' },
  ];
}
