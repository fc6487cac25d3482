// Gzipped sizes of what a browser downloads first: the client's initial
// JavaScript (the entry and its static imports) and the widget script.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');

export function measureBundleSizes() {
  const rows: { name: string; value: number; unit: string }[] = [];
  const indexFile = path.join(dist, 'client/index.html');
  if (existsSync(indexFile)) {
    const html = readFileSync(indexFile, 'utf8');
    const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)]
      .map((match) => match[1] ?? '')
      .filter((src) => src.startsWith('/assets/'));
    const bytes = scripts.reduce((sum, src) => sum + gzipSync(readFileSync(path.join(dist, 'client', src))).length, 0);
    rows.push({ name: 'client initial JavaScript (gzip)', value: Math.round(bytes / 102.4) / 10, unit: 'KB' });
  }
  const widgetFile = path.join(dist, 'widget/widget.js');
  if (existsSync(widgetFile)) {
    const bytes = gzipSync(readFileSync(widgetFile), { level: 9 }).length;
    rows.push({ name: 'widget.js (gzip)', value: Math.round(bytes / 102.4) / 10, unit: 'KB' });
  }
  return rows;
}
