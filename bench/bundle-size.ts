// Sizes of what a browser downloads first, as the server sends them: for the
// app page (index.html) and the landing page (landing.html), the JavaScript
// (the entry, what it starts, and their static imports) and the CSS they
// load, and the widget's scripts. "br" and "gzip" are the copies scripts/compress-assets.mjs wrote
// beside each file, which @fastify/static sends to a browser that accepts
// them; a file without a copy (under 1 KB) goes out as it is.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

type Row = { name: string; value: number; unit: string };

const dist = path.resolve(import.meta.dirname, '../dist');
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** Bytes sent for `file` to a browser accepting `suffix` (.br, .gz), or as it is (''). */
function served(file: string, suffix: '' | '.br' | '.gz'): number {
  const copy = `${file}${suffix}`;
  return statSync(suffix && existsSync(copy) ? copy : file).size;
}

function sizeRows(label: string, files: string[]): Row[] {
  const total = (suffix: '' | '.br' | '.gz') =>
    files.reduce((sum, file) => sum + served(file, suffix), 0);
  if (files.length === 0) return [];
  if (!files.every((file) => existsSync(`${file}.br`) || statSync(file).size < 1024)) {
    console.warn(`bench: ${label} has no compressed copies: run \`npm run build\`.`);
  }
  return [
    { name: `${label} (uncompressed)`, value: kb(total('')), unit: 'KB' },
    { name: `${label} (gzip, as served)`, value: kb(total('.gz')), unit: 'KB' },
    { name: `${label} (br, as served)`, value: kb(total('.br')), unit: 'KB' },
  ];
}

/** The chunks `chunk` imports: statically (`import "./x.js"`, `from "./x.js"`), and with `dynamic`, by `import()` too. */
function importsOf(chunk: string, dynamic: boolean): string[] {
  const code = readFileSync(chunk, 'utf8');
  const statics = [...code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)];
  const dynamics = dynamic
    ? [...code.matchAll(/\bimport\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g)]
    : [];
  return [...statics, ...dynamics].map((match) => path.join(path.dirname(chunk), match[1] ?? ''));
}

/**
 * The same-origin files a page loads before it can run: for 'css' its
 * stylesheets; for 'js' its scripts and module preloads, what the page's entry
 * script imports (statically or, as entry.ts and landing-entry.ts do once the page
 * has painted, with import()), and everything those import statically.
 */
function pageFiles(html: string, extension: 'js' | 'css'): string[] {
  const urls = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1] ?? '');
  const fromHtml = (pattern: RegExp) => urls(pattern).map((url) => path.join(dist, 'client', url));
  if (extension === 'css')
    return [...new Set(fromHtml(/<link[^>]+rel="stylesheet"[^>]+href="(\/[^"]+\.css)"/g))];
  const entries = fromHtml(/<script[^>]+src="(\/[^"]+\.js)"/g);
  const preloads = fromHtml(/<link[^>]+rel="modulepreload"[^>]+href="(\/[^"]+\.js)"/g);
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of importsOf(file, false)) visit(imported);
  };
  for (const file of [
    ...entries,
    ...preloads,
    ...entries.flatMap((entry) => importsOf(entry, true)),
  ])
    visit(file);
  return [...files];
}

export function measureBundleSizes(): Row[] {
  const rows: Row[] = [];
  for (const [page, label] of [
    ['index.html', 'client app page'],
    ['landing.html', 'landing page'],
  ] as const) {
    const file = path.join(dist, 'client', page);
    if (!existsSync(file)) continue;
    const html = readFileSync(file, 'utf8');
    rows.push(...sizeRows(`${label}: initial JavaScript`, pageFiles(html, 'js')));
    rows.push(...sizeRows(`${label}: CSS`, pageFiles(html, 'css')));
  }
  // The widget script, and the no-script page's counting script (embed-count.js).
  for (const script of ['widget.js', 'embed-count.js']) {
    const file = path.join(dist, 'widget', script);
    if (existsSync(file)) rows.push(...sizeRows(script, [file]));
  }
  return rows;
}

// `npx tsx bench/bundle-size.ts`: this file's rows alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(
    measureBundleSizes().map((row) => ({
      measurement: row.name,
      value: row.value,
      unit: row.unit,
    })),
  );
}
