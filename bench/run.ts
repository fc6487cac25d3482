// `npm run bench`: measurements, not tests. Prints a table and writes
// bench/results.json. Run `npm run build` first for the size, widget and
// Lighthouse rows. `npm run bench -- lighthouse widget` runs only the named
// measurements and prints them, leaving results.json as it was (a partial run
// would mix times).
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureAnalytics } from './analytics';
import { measurePgliteStart } from './pglite-start';
import { measureBundleSizes } from './bundle-size';
import { measureHealthThroughput } from './health-throughput';
import { measureImports } from './imports';
import { measureLighthouse } from './lighthouse';
import { measureLogoDetection } from './logo-detection';
import { measureMainThread } from './main-thread';
import { measureRequestsSend } from './requests-send';
import { measureSubmitters } from './submitters';
import { measureTestimonials } from './testimonials';
import { measureWidget } from './widget';
import { measureWidgetFlood } from './widget-flood';

type Row = { name: string; value: number; unit: string };

const rows: Row[] = [];
const scratch = mkdtempSync(path.join(os.tmpdir(), 'vouchly-bench-'));

/** Every measurement, by the name a partial run asks for, in the order a full run takes them. */
const measurements: Record<string, () => Row[] | Promise<Row[]>> = {
  'pglite-start': () => measurePgliteStart(scratch),
  'bundle-size': () => measureBundleSizes(),
  'health-throughput': () => measureHealthThroughput(scratch),
  testimonials: () => measureTestimonials(scratch),
  widget: () => measureWidget(scratch),
  'widget-flood': () => measureWidgetFlood(scratch),
  submitters: () => measureSubmitters(scratch),
  'requests-send': () => measureRequestsSend(scratch),
  imports: () => measureImports(scratch),
  analytics: () => measureAnalytics(scratch),
  'logo-detection': () => measureLogoDetection(),
  lighthouse: () => measureLighthouse(),
  'main-thread': () => measureMainThread(),
};

const only = process.argv.slice(2);
const unknown = only.filter((name) => !(name in measurements));
if (unknown.length > 0) {
  console.error(
    `bench: unknown measurement ${unknown.join(', ')}; one of: ${Object.keys(measurements).join(', ')}`,
  );
  process.exit(2);
}
for (const [name, measure] of Object.entries(measurements)) {
  if (only.length === 0 || only.includes(name)) rows.push(...(await measure()));
}

console.table(rows.map((row) => ({ measurement: row.name, value: row.value, unit: row.unit })));
if (only.length > 0) {
  console.log(`bench: only ${only.join(', ')}; bench/results.json is left as it was`);
  process.exit(0);
}
writeFileSync(
  path.join(import.meta.dirname, 'results.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, rows }, null, 2)}\n`,
);
process.exit(0);
