// `npm run bench`: measurements, not tests. Prints a table and writes
// bench/results.json. Run `npm run build` first for the size rows.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measurePgliteStart } from './pglite-start';
import { measureBundleSizes } from './bundle-size';
import { measureHealthThroughput } from './health-throughput';
import { measureLogoDetection } from './logo-detection';
import { measureSubmitters } from './submitters';
import { measureTestimonials } from './testimonials';
import { measureWidget } from './widget';
import { measureWidgetFlood } from './widget-flood';

type Row = { name: string; value: number; unit: string };

const rows: Row[] = [];
const scratch = mkdtempSync(path.join(os.tmpdir(), 'vouchly-bench-'));

rows.push(...(await measurePgliteStart(scratch)));
rows.push(...measureBundleSizes());
rows.push(...(await measureHealthThroughput(scratch)));
rows.push(...(await measureTestimonials(scratch)));
rows.push(...(await measureWidget(scratch)));
rows.push(...(await measureWidgetFlood(scratch)));
rows.push(...(await measureSubmitters(scratch)));
rows.push(...(await measureLogoDetection()));

console.table(rows.map((row) => ({ measurement: row.name, value: row.value, unit: row.unit })));
writeFileSync(
  path.join(import.meta.dirname, 'results.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, rows }, null, 2)}\n`,
);
process.exit(0);
