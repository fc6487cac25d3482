// Loads config, opens and migrates the database, listens, and shuts down
// gracefully: stop accepting, finish in-flight requests, close the database.
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { databaseTarget, openDatabase } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(databaseTarget(config), (error) => {
    console.error(`database pool error: ${error.message}`);
  });
  await migrateDatabase(database);
  const app = await buildApp(config, { database });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
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

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.productName} is ready at ${config.baseUrl}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
