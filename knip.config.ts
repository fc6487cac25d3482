// Knip finds unused files, exports and dependencies (`npm test` runs it). It
// knows the four builds by their entry files; Vitest, Playwright, ESLint,
// Vite and drizzle-kit are found by its plugins from their config files.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // The server build (scripts/build-server.mjs): the server and its command.
    'src/server/main.ts',
    'src/server/cli/access-codes.ts',
    // The analytics counting thread, started by file name (modules/analytics/ingest-thread.ts).
    'src/server/modules/analytics/ingest-worker.ts',
    // The client build: its landing page (index.html Knip finds through Vite)
    // and the server-side render build.
    'src/client/landing-entry.ts',
    'src/client/render/server-entry.tsx',
    // The widget builds: widget.js and the no-script page's embed-count.js.
    'src/widget/main.ts',
    'src/widget/embed-count.ts',
    // Commands run by npm scripts, and the servers the benchmarks start.
    'scripts/*.mjs',
    'bench/*-server.ts',
    // A miniature test run that an integration test starts as a process of its own (testing/close-after-test).
    'src/server/testing/fixtures/*/vitest.config.ts',
    'src/server/testing/fixtures/*/*.fixture.ts',
  ],
  project: ['src/**/*.{ts,tsx}', 'scripts/**/*.mjs', 'bench/**/*.ts', 'e2e/**/*.ts', '*.ts'],
  // A type used in its own file may stay exported: a schema's inferred type
  // sits beside it, named for whoever needs it next.
  ignoreExportsUsedInFile: { interface: true, type: true },
  // Loaded by the stylesheet (`@import 'tailwindcss'`), which Knip does not read.
  ignoreDependencies: ['tailwindcss'],
};

export default config;
