import { describe, expect, it } from 'vitest';
import { Rollups } from './ingest-fold.js';
import type { RawEvent } from './ingest-rules.js';

const T1 = '5b0f7f0e-8a2b-4c47-9a43-3c3f2b0f4d11';
const base: RawEvent = {
  businessId: 'b',
  occurredAt: new Date('2026-03-02T10:00:00Z'),
  day: '2026-03-02',
  type: 'impression',
  widget: 'crumb',
  page: 'https://shop.example/',
  testimonialId: null,
  action: null,
  source: null,
  ms: null,
  visitor: 'v',
};

const counts = (rollups: Rollups) =>
  rollups.sorted().map(({ metric, dimension, count }) => [metric, dimension, count]);

describe('Rollups', () => {
  it('folds each event into its metrics per metrics.ts', () => {
    const rollups = new Rollups();
    rollups.fold(base);
    rollups.fold({ ...base, page: 'https://shop.example/menu' });
    rollups.fold({ ...base, type: 'card', testimonialId: T1 });
    rollups.fold({ ...base, type: 'time', testimonialId: T1, ms: 1200 });
    rollups.fold({ ...base, type: 'time', testimonialId: T1, ms: 300 });
    rollups.fold({ ...base, type: 'interaction', action: 'read_more', testimonialId: T1 });
    rollups.fold({ ...base, type: 'interaction', action: 'next' });
    rollups.fold({ ...base, type: 'form_view', widget: null, source: 'qr' });
    rollups.fold({ ...base, type: 'form_start', widget: null });
    rollups.fold({ ...base, type: 'submission', widget: null, page: null, visitor: null });
    expect(counts(rollups)).toEqual([
      ['card_impressions', T1, 1],
      ['card_ms', T1, 1500],
      ['form_starts', '', 1],
      ['form_views', '', 1],
      ['form_views', 'qr', 1],
      ['impressions', '', 2],
      ['impressions', 'crumb', 2],
      ['interactions', '', 2],
      ['interactions', 'next', 1],
      ['interactions', 'read_more', 1],
      ['page_impressions', 'https://shop.example/', 1],
      ['page_impressions', 'https://shop.example/menu', 1],
      ['read_more', T1, 1],
      ['submissions', '', 1],
      ['widget_interactions', 'crumb', 2],
    ]);
  });

  it('keeps businesses and days apart, in a fixed order', () => {
    const rollups = new Rollups();
    rollups.fold({ ...base, businessId: 'z', type: 'form_start' });
    rollups.fold({ ...base, businessId: 'a', day: '2026-03-03', type: 'form_start' });
    rollups.fold({ ...base, businessId: 'a', type: 'form_start' });
    expect(rollups.sorted().map(({ businessId, day }) => `${businessId} ${day}`)).toEqual([
      'a 2026-03-02',
      'a 2026-03-03',
      'z 2026-03-02',
    ]);
  });
});
