import { describe, expect, it } from 'vitest';
import { Rollups } from './ingest-fold.js';
import type { RawBeacon, RawEvent } from './ingest-rules.js';

const T1 = '5b0f7f0e-8a2b-4c47-9a43-3c3f2b0f4d11';
const base: RawBeacon = {
  businessId: 'b',
  receivedAt: new Date('2026-03-02T10:00:00Z'),
  day: '2026-03-02',
  slug: 'crumb',
  page: 'https://shop.example/',
  visitor: 'v',
  events: [],
};
const beaconOf = (events: RawEvent[], fields: Partial<RawBeacon> = {}): RawBeacon => ({
  ...base,
  ...fields,
  events,
});

const counts = (rollups: Rollups) =>
  rollups.sorted().map(({ metric, dimension, count }) => [metric, dimension, count]);

describe('Rollups', () => {
  it('folds each event of a beacon into its metrics per metrics.ts', () => {
    const rollups = new Rollups();
    rollups.fold(
      beaconOf([
        { type: 'impression' },
        { type: 'card', testimonialId: T1 },
        { type: 'time', testimonialId: T1, ms: 1200 },
        { type: 'time', testimonialId: T1, ms: 300 },
        { type: 'interaction', action: 'read_more', testimonialId: T1 },
        { type: 'interaction', action: 'next' },
      ]),
    );
    rollups.fold(beaconOf([{ type: 'impression' }], { page: 'https://shop.example/menu' }));
    rollups.fold(
      beaconOf([{ type: 'form_view', source: 'qr' }, { type: 'form_start' }], { slug: 'form' }),
    );
    rollups.fold(beaconOf([{ type: 'submission' }], { slug: null, page: null, visitor: null }));
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
    rollups.fold(beaconOf([{ type: 'form_start' }], { businessId: 'z' }));
    rollups.fold(beaconOf([{ type: 'form_start' }], { businessId: 'a', day: '2026-03-03' }));
    rollups.fold(beaconOf([{ type: 'form_start' }], { businessId: 'a' }));
    expect(rollups.sorted().map(({ businessId, day }) => `${businessId} ${day}`)).toEqual([
      'a 2026-03-02',
      'a 2026-03-03',
      'z 2026-03-02',
    ]);
  });
});
