import { describe, expect, it } from 'vitest';
import { batchesOf, beaconsOf } from './beacon-batches.js';
import { submissionOf, type RawBeacon } from './ingest-rules.js';

const SHOP = '0b6e2f4c-3d1a-4c55-9a8e-2f1f5d0c9b11';
const CAFE = '0a1b2c3d-0000-4000-8000-000000000001';

/** A widget's beacon on `page`, or with none, the business's count of a submission. */
const beacon = (businessId: string, at: string, page: string | null): RawBeacon =>
  page
    ? {
        businessId,
        receivedAt: new Date(at),
        day: at.slice(0, 10),
        slug: 'crumb-co',
        page,
        visitor: 'f'.repeat(32),
        events: [{ type: 'impression' }, { type: 'interaction', action: 'next' }],
      }
    : submissionOf({ id: businessId, timeZone: 'UTC' }, new Date(at));

describe('batchesOf', () => {
  it('makes one gzipped batch per business, in the order of their ids, each with its beacons as they arrived', () => {
    const beacons = [
      beacon(SHOP, '2026-03-02T10:00:01Z', 'https://shop.example/'),
      beacon(CAFE, '2026-03-02T10:00:02Z', 'https://cafe.example/menu'),
      beacon(SHOP, '2026-03-02T10:00:03Z', null),
      beacon(SHOP, '2026-03-02T10:00:02Z', 'https://shop.example/about'),
    ];
    const batches = batchesOf(beacons);
    expect(batches.map(({ data: _, ...batch }) => batch)).toEqual([
      {
        businessId: CAFE,
        receivedAt: new Date('2026-03-02T10:00:02Z'),
        beacons: 1,
        events: 2,
        encoding: 'gzip',
      },
      {
        businessId: SHOP,
        receivedAt: new Date('2026-03-02T10:00:03Z'),
        beacons: 3,
        events: 5,
        encoding: 'gzip',
      },
    ]);
    const shop = batches[1];
    if (!shop) throw new Error('no batch');
    const ofShop = beacons.filter((stored) => stored.businessId === SHOP);
    expect(beaconsOf(shop)).toEqual(ofShop.map(({ businessId: _, ...stored }) => stored));
  });

  it('gives each batch bytes of its own, which can move to another thread', () => {
    const [batch] = batchesOf([beacon(SHOP, '2026-03-02T10:00:01Z', 'https://shop.example/')]);
    expect(batch?.data.byteOffset).toBe(0);
    expect(batch?.data.buffer.byteLength).toBe(batch?.data.byteLength);
  });

  it('makes none of no beacons', () => {
    expect(batchesOf([])).toEqual([]);
  });
});

describe('beaconsOf', () => {
  it('reads a batch stored as plain JSON too (those moved from the table of one row per beacon)', () => {
    const json = JSON.stringify([
      {
        receivedAt: '2026-03-02T11:00:00+01:00',
        day: '2026-03-02',
        slug: null,
        page: null,
        visitor: null,
        events: [{ type: 'submission' }],
      },
    ]);
    const { businessId: _, ...submission } = beacon(SHOP, '2026-03-02T10:00:00Z', null);
    expect(beaconsOf({ encoding: 'identity', data: new TextEncoder().encode(json) })).toEqual([
      submission,
    ]);
  });
});
