// How long the public pages that start the app (/auth, /submit/{slug}) hold
// the browser's main thread once their first paint is up: the Long Animation
// Frames API in Chromium (/usr/bin/chromium), unthrottled, on the production
// build (bench/production-server.ts, as for Lighthouse's rows). Per page,
// the median over LOADS first visits of the blocking time after the first
// contentful paint (each frame's part beyond 50 ms, as in Total Blocking
// Time) and of the longest script (module evaluation, a React task). What a
// visitor's browser does, beside Lighthouse's simulated TBT (which slows these
// tasks by 4 and did not register React's eager compile: decision 0017).
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../src/testing/chromium';
import { median } from './bench-server';
import { demoSlug, startProductionServer } from './production-server';

type Row = { name: string; value: number; unit: string };

const LOADS = 15;
/** How long a page is watched after its load event: hydration ends well within it. */
const WATCH_MS = 2500;

/** Collects the page's long animation frames from its start (a string: it runs in the page). */
const FRAMES_PROBE = `window.__frames = [];
new PerformanceObserver((list) => { window.__frames.push(...list.getEntries().map((entry) => entry.toJSON())); })
  .observe({ type: 'long-animation-frame', buffered: true });`;

type Frame = {
  startTime: number;
  duration: number;
  blockingDuration: number;
  scripts: { duration: number; sourceURL: string; invokerType: string }[];
};

export async function measureMainThread(): Promise<Row[]> {
  if (!existsSync(CHROMIUM)) {
    console.warn(`bench: main thread skipped: ${CHROMIUM} is missing`);
    return [];
  }
  const server = await startProductionServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const rows: Row[] = [];
  try {
    for (const page of ['/auth', `/submit/${await demoSlug(server.baseUrl)}`]) {
      const blocking: number[] = [];
      const longest: number[] = [];
      for (let load = 0; load < LOADS; load++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        const tab = await context.newPage();
        await tab.addInitScript(FRAMES_PROBE);
        await tab.goto(`${server.baseUrl}${page}`, { waitUntil: 'load' });
        await tab.waitForTimeout(WATCH_MS);
        const frames = await tab.evaluate<Frame[]>('window.__frames');
        const firstPaint = await tab.evaluate<number>(
          "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0",
        );
        const after = frames.filter((frame) => frame.startTime + frame.duration > firstPaint);
        blocking.push(after.reduce((sum, frame) => sum + frame.blockingDuration, 0));
        longest.push(
          Math.max(0, ...after.flatMap((frame) => frame.scripts.map((script) => script.duration))),
        );
        await context.close();
      }
      rows.push(
        {
          name: `main thread ${page}: blocking after first paint (unthrottled, median of ${LOADS})`,
          value: Math.round(median(blocking)),
          unit: 'ms',
        },
        {
          name: `main thread ${page}: longest script after first paint (median of ${LOADS})`,
          value: Math.round(median(longest)),
          unit: 'ms',
        },
      );
    }
    return rows;
  } finally {
    await browser.close();
    await server.stop();
  }
}
