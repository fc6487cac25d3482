// Runs the server for a loaded config: opens and migrates the database
// (waiting while it is not reachable yet), adds the access codes, makes the
// landing page's demo business, listens, prints a short banner, and shuts down
// gracefully: stop accepting, finish in-flight requests, close the database.
// main.ts calls it with the environment's config; end-to-end journeys that need
// a "website" on this machine call it with `allowPrivateNetworkFetch` on,
// which no environment variable can turn on.
import { buildApp } from './app.js';
import { showsBanner, startupBanner } from './banner.js';
import type { Config } from './config.js';
import { databaseTarget } from './db/client.js';
import { openMigratedDatabase } from './db/wait-for-database.js';
import { addAccessCodes } from './modules/billing/service.js';
import { ensureDemoBusiness } from './modules/demo/service.js';

export async function serve(config: Config): Promise<void> {
  // A database that is not up yet is waited for, one line per attempt (db/wait-for-database.ts).
  const database = await openMigratedDatabase(databaseTarget(config), {
    log: (line) => {
      if (showsWarnings(config.logLevel)) console.warn(line);
    },
    onPoolError: (error) => {
      console.error(`database pool error: ${error.message}`);
    },
  });
  const app = await buildApp(config, { database });
  if (config.accessCodes.length > 0) {
    const added = await addAccessCodes({ db: database.db }, config.accessCodes);
    app.log.info(
      `ACCESS_CODES: ${added} new access code(s) added, ${config.accessCodes.length - added} already known`,
    );
  }
  // The landing page's live demo: made on the very first start, never touched again.
  await ensureDemoBusiness(database.db, config, app.log);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Readable like the banner, and shown at the same levels.
    if (showsBanner(config.logLevel)) process.stdout.write(`Stopping (${signal})…\n`);
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    forceExit.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Start-up hooks (the first uploads sweep) log at the configured level.
  await app.ready();
  // Fastify logs "Server listening at …" at info, one JSON line per address;
  // the banner says it readably. At debug and trace its lines stay.
  const level = app.log.level;
  if (level === 'info') app.log.level = 'warn';
  try {
    await app.listen({ port: config.port, host: config.host });
  } finally {
    app.log.level = level;
  }
  if (showsBanner(config.logLevel)) {
    process.stdout.write(
      startupBanner(config, { cwd: process.cwd(), interactive: process.stdout.isTTY }),
    );
  }
}

function showsWarnings(logLevel: string): boolean {
  return logLevel === 'warn' || showsBanner(logLevel);
}
