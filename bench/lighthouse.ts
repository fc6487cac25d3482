// Lighthouse scores of the public pages a visitor lands on: the landing page,
// /terms, /auth and a collection form (/submit/{slug}, the demo business the
// server makes on its first start). Against the production build as `npm
// start` serves it (bench/production-server.ts: built first when missing or
// stale, in its own process, on a new data directory), in Chromium (/usr/bin/chromium) with Lighthouse's defaults:
// a mobile device and simulated throttling. Each page runs RUNS times; a row
// is the median of its runs. Per page: the four category scores (0-100), LCP,
// TBT, CLS and the bytes transferred. The audits that keep a category below
// 100 are printed (from the run with the median performance score), not
// written to results.json.
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { CHROMIUM } from '../src/testing/chromium';
import { median } from './bench-server';
import { demoSlug, startProductionServer } from './production-server';

type Row = { name: string; value: number; unit: string };

const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const score = (lhr: Result, category: string): number =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, audit: string): number =>
  lhr.audits[audit]?.numericValue ?? Number.NaN;

type LooseItem = {
  node?: { selector?: string; nodeLabel?: string };
  issueType?: string;
  url?: string;
  source?: { url?: string };
};

/** Where an audit failed, briefly: the first few elements, issues or URLs of its details. */
function whereItFailed(audit: Result['audits'][string]): string {
  const details = audit.details as { items?: LooseItem[] } | undefined;
  const places = (details?.items ?? [])
    .map((item) => item.node?.selector ?? item.issueType ?? item.url ?? item.source?.url ?? '')
    .filter(Boolean);
  const shown = [...new Set(places)].slice(0, 3);
  return shown.length > 0
    ? ` [${shown.join(' | ')}${places.length > shown.length ? ' | …' : ''}]`
    : '';
}

/**
 * The audits that cost a category points: for performance the metrics and the
 * opportunities and diagnostics scored below 0.9 (with their estimate),
 * elsewhere every scored audit that did not pass (with where).
 */
function failingAudits(lhr: Result, category: string): string[] {
  const isPerformance = category === 'performance';
  const failing: string[] = [];
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null) continue;
    if (['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode)) continue;
    if (audit.score >= (isPerformance ? 0.9 : 1)) continue;
    const value = audit.displayValue ? ` (${audit.displayValue})` : '';
    failing.push(`${ref.id}${value}${isPerformance ? '' : whereItFailed(audit)}`);
  }
  return failing;
}

export async function measureLighthouse(): Promise<Row[]> {
  if (!existsSync(CHROMIUM)) {
    console.warn(`bench: lighthouse skipped: ${CHROMIUM} is missing`);
    return [];
  }
  const server = await startProductionServer();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const rows: Row[] = [];
  try {
    const pages = ['/', '/terms', '/auth', `/submit/${await demoSlug(server.baseUrl)}`];
    for (const page of pages) {
      const results: Result[] = [];
      // A run Lighthouse itself could not record (NO_NAVSTART, now and then on this machine) is run again, up to twice.
      for (let run = 0, retries = 0; run < RUNS; run++) {
        const started = performance.now();
        const result = await lighthouse(`${server.baseUrl}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`bench: lighthouse: no result for ${page}`);
        if (result.lhr.runtimeError) {
          if (retries++ < 2) {
            console.warn(
              `bench: lighthouse ${page}: ${result.lhr.runtimeError.code}, running again`,
            );
            run--;
            continue;
          }
          throw new Error(`bench: lighthouse: ${page}: ${result.lhr.runtimeError.message}`);
        }
        results.push(result.lhr);
        console.log(
          `lighthouse ${page} run ${run + 1}/${RUNS}: ${Math.round((performance.now() - started) / 1000)} s`,
        );
      }
      const of = (read: (lhr: Result) => number) => median(results.map(read));
      for (const category of CATEGORIES) {
        rows.push({
          name: `lighthouse ${page} ${category} (median of ${RUNS})`,
          value: of((lhr) => score(lhr, category)),
          unit: 'score',
        });
      }
      rows.push(
        {
          name: `lighthouse ${page} LCP (median of ${RUNS})`,
          value: Math.round(of((lhr) => numeric(lhr, 'largest-contentful-paint'))),
          unit: 'ms',
        },
        {
          name: `lighthouse ${page} TBT (median of ${RUNS})`,
          value: Math.round(of((lhr) => numeric(lhr, 'total-blocking-time'))),
          unit: 'ms',
        },
        {
          name: `lighthouse ${page} CLS (median of ${RUNS})`,
          value: Math.round(of((lhr) => numeric(lhr, 'cumulative-layout-shift')) * 1000) / 1000,
          unit: 'CLS',
        },
        {
          name: `lighthouse ${page} transfer (median of ${RUNS})`,
          value: Math.round(of((lhr) => numeric(lhr, 'total-byte-weight'))),
          unit: 'bytes',
        },
      );
      // What to fix, from the run with the median performance score.
      const representative = [...results].sort(
        (a, b) => score(a, 'performance') - score(b, 'performance'),
      )[Math.floor(results.length / 2)];
      if (representative) {
        for (const category of CATEGORIES) {
          if (score(representative, category) >= 100) continue;
          console.log(
            `lighthouse ${page} ${category} ${score(representative, category)}: ${failingAudits(representative, category).join(', ') || '(no single audit below its bar)'}`,
          );
        }
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  return rows;
}
