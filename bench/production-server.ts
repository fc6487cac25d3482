// The production build as `npm start` runs it, for the benches that load the
// public pages in Chromium (lighthouse.ts, main-thread.ts): the e2e journeys'
// server (e2e/server.ts: node dist/server/main.js in its own process, on a new
// data directory, built first when dist/ is missing or older than a source),
// with the demo business (DEMO_WIDGET_SLUG) whose collection form is /submit.
import { startServer, type RunningServer } from '../e2e/server';

/** The demo business's slug (DEMO_WIDGET_SLUG): its collection form is the /submit page measured. */
const DEMO_SLUG = 'vouchly';

/** The production server with the demo business, and limits loose enough for many page loads from one address. */
export function startProductionServer(): Promise<RunningServer> {
  return startServer({ RATE_LIMIT_SCALE: '100', DEMO_WIDGET_SLUG: DEMO_SLUG });
}

/** The collection slug of the demo business the server made on its first start. */
export async function demoSlug(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/business/${DEMO_SLUG}`);
  if (!response.ok) {
    throw new Error(`bench: no demo business "${DEMO_SLUG}" (${response.status})`);
  }
  return DEMO_SLUG;
}
