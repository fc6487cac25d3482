// Loads the config from the environment and runs the server (serve.ts).
// Production runs the compiled file (`npm start`: node dist/server/main.js);
// `npm run dev` runs this source with tsx.
import { ConfigError, loadConfig, type Config } from './config.js';
import { serve } from './serve.js';

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
  await serve(config);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
