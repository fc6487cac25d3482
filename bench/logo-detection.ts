// Logo detection (docs/security.md rule 24), measured (never asserted): the time
// detectLogo takes, median of 5 runs, against a local site serving a normal
// page and 2 MB hostile pages (just under the fetch cap) that made the old
// regular expressions quadratic: 512 KB of `<!--` took 12.8 s there.
// Run alone with `node --import tsx bench/logo-detection.ts`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { detectLogo } from '../src/server/modules/business/logo-detection';
import { median } from './bench-server';

type Row = { name: string; value: number; unit: string };

const RUNS = 5;
const HOSTILE_BYTES = 2 * 1024 * 1024 - 1024;
const fill = (unit: string) => unit.repeat(Math.floor(HOSTILE_BYTES / unit.length));

const pages: Record<string, { label: string; html: string }> = {
  '/normal': {
    label: 'normal page',
    html: `<!doctype html><html><head><title>Shop</title><link rel="icon" href="/icon.png" sizes="32x32"><link rel="apple-touch-icon" href="/touch.png"></head><body>${'<p>Welcome.</p>'.repeat(2000)}</body></html>`,
  },
  '/comments': { label: '2 MB page of <!-- repeated', html: `<html><head>${fill('<!--')}` },
  '/scripts': { label: '2 MB page of <script repeated', html: `<html><head>${fill('<script ')}` },
  '/icon-links': {
    label: '2 MB page of unclosed icon links',
    html: `<html><head>${fill('<link rel="icon" href=')}`,
  },
};

export async function measureLogoDetection(): Promise<Row[]> {
  const server = http.createServer((request, response) => {
    const page = pages[request.url ?? ''];
    if (page) response.writeHead(200, { 'content-type': 'text/html' }).end(page.html);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const rows: Row[] = [];
  try {
    for (const [path, page] of Object.entries(pages)) {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        await detectLogo(`http://shop.localhost:${port}${path}`, {
          allowPrivateNetwork: true,
          allowAnyPort: true,
        });
        times.push(performance.now() - started);
      }
      rows.push({
        name: `logo detection: ${page.label} median`,
        value: Math.round(median(times) * 10) / 10,
        unit: 'ms',
      });
    }
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await measureLogoDetection());
}
