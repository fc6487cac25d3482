// How raw beacons are stored (docs/decisions/0037): each flush writes one row of analytics_beacon_batches per
// business, holding that business's beacons of the flush as a JSON array, gzipped. The counting thread makes the
// batches (`batchesOf`), so the app's thread only binds their bytes; PGlite, which runs on the app's thread, stores a
// few kilobytes a second instead of parsing and storing a JSON value per beacon, and the 30 days kept take about a
// fortieth of the space. `beaconsOf` reads a batch back, in either encoding.
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import type { beaconBatchEncodings } from '../../db/schema.js';
import { compare } from './ingest-fold.js';
import type { RawBeacon } from './ingest-rules.js';

/** A raw beacon as a batch holds it: the batch's row names its business. */
export type StoredBeacon = Omit<RawBeacon, 'businessId'>;

/** A stored batch, as read back. */
export type StoredBatch = { encoding: (typeof beaconBatchEncodings)[number]; data: Uint8Array };

/** One business's beacons of a flush, ready to insert. Its own bytes: they move to the app's thread, not copied. */
export type BeaconBatch = StoredBatch & {
  businessId: string;
  /** When its last beacon arrived. */
  receivedAt: Date;
  beacons: number;
  events: number;
  data: Uint8Array<ArrayBuffer>;
};

/** A flush's beacons as a batch per business, in the order of their business ids; the beacons as they arrived. */
export function batchesOf(beacons: readonly RawBeacon[]): BeaconBatch[] {
  const byBusiness = new Map<string, RawBeacon[]>();
  for (const beacon of beacons) {
    const ofBusiness = byBusiness.get(beacon.businessId);
    if (ofBusiness) ofBusiness.push(beacon);
    else byBusiness.set(beacon.businessId, [beacon]);
  }
  return [...byBusiness.entries()]
    .sort(([a], [b]) => compare(a, b))
    .map(([businessId, ofBusiness]) => {
      const stored: StoredBeacon[] = ofBusiness.map(({ businessId: _, ...beacon }) => beacon);
      const gzipped = gzipSync(JSON.stringify(stored), { level: constants.Z_BEST_SPEED });
      return {
        businessId,
        receivedAt: new Date(
          ofBusiness.reduce((last, beacon) => Math.max(last, beacon.receivedAt.getTime()), 0),
        ),
        beacons: ofBusiness.length,
        events: ofBusiness.reduce((sum, beacon) => sum + beacon.events.length, 0),
        encoding: 'gzip',
        // A copy of its own: zlib's result may share its memory with other buffers, which a move would take away.
        data: new Uint8Array(gzipped),
      };
    });
}

const utf8 = new TextDecoder();

/** The beacons of a stored batch, as they arrived. */
export function beaconsOf({ encoding, data }: StoredBatch): StoredBeacon[] {
  const json = utf8.decode(encoding === 'gzip' ? gunzipSync(data) : data);
  return (JSON.parse(json) as Array<Omit<StoredBeacon, 'receivedAt'> & { receivedAt: string }>).map(
    (beacon) => ({ ...beacon, receivedAt: new Date(beacon.receivedAt) }),
  );
}
