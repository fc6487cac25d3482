// The widget's first sighting on another site (docs/product/widget.md#first-seen): which requests count,
// and at most one write per business per process.
import { describe, expect, it, vi } from 'vitest';
import { WidgetSightings } from './sightings.js';

type RecordSighting = (businessId: string, origin: string) => Promise<void>;

function sightings(record = vi.fn<RecordSighting>(() => Promise.resolve())) {
  const warn = vi.fn();
  return {
    record,
    warn,
    sightings: new WidgetSightings({ baseUrl: 'https://vouchly.example', record, warn }),
  };
}

describe('WidgetSightings', () => {
  it('takes the Origin, else the Referer’s origin, and never our own origin', () => {
    const { sightings: seen } = sightings();
    expect(seen.foreignOrigin({ origin: 'https://acme.example' })).toBe('https://acme.example');
    expect(seen.foreignOrigin({ referer: 'https://acme.example/reviews?x=1' })).toBe(
      'https://acme.example',
    );
    expect(seen.foreignOrigin({})).toBeNull();
    expect(seen.foreignOrigin({ origin: 'https://vouchly.example' })).toBeNull();
    expect(seen.foreignOrigin({ referer: 'https://vouchly.example/widget' })).toBeNull();
    expect(seen.foreignOrigin({ origin: 'null' })).toBeNull();
    expect(seen.foreignOrigin({ referer: 'file:///home/me/page.html' })).toBeNull();
    expect(seen.foreignOrigin({ referer: 'not a url' })).toBeNull();
  });

  it('writes once per business, however many requests follow', async () => {
    const { sightings: seen, record } = sightings();
    for (let index = 0; index < 5; index++) {
      seen.note('business-1', { origin: `https://site-${index}.example` });
    }
    seen.note('business-2', { origin: 'https://other.example' });
    seen.note('business-3', {});
    await Promise.resolve();
    expect(record.mock.calls).toEqual([
      ['business-1', 'https://site-0.example'],
      ['business-2', 'https://other.example'],
    ]);
  });

  it('never throws; a failed write is warned about and tried again on a later request', async () => {
    const record = vi
      .fn<RecordSighting>()
      .mockRejectedValueOnce(new Error('database down'))
      .mockResolvedValue(undefined);
    const { sightings: seen, warn } = sightings(record);
    expect(() => seen.note('business-1', { origin: 'https://acme.example' })).not.toThrow();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledOnce());
    seen.note('business-1', { origin: 'https://acme.example' });
    seen.note('business-1', { origin: 'https://acme.example' });
    expect(record).toHaveBeenCalledTimes(2);
  });
});
