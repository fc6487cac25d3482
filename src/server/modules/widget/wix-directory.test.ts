import { describe, expect, it } from 'vitest';
import { WixSiteDirectory } from './wix-directory.js';

function directory(known: Record<string, string>, options: { maxEntries?: number } = {}) {
  let now = 1_000;
  const lookups: string[] = [];
  const sites = new WixSiteDirectory({
    lookup: async (id) => {
      lookups.push(id);
      return known[id] ?? null;
    },
    ttlMs: 60_000,
    now: () => now,
    ...options,
  });
  return { sites, lookups, advance: (ms: number) => (now += ms) };
}

const acme = 'acme';

describe('WixSiteDirectory', () => {
  it('looks a site up once per TTL, hit or miss, and shares a running lookup', async () => {
    const { sites, lookups, advance } = directory({ s1: acme });
    const [first, second] = await Promise.all([sites.find('s1'), sites.find('s1')]);
    expect(first).toEqual(acme);
    expect(second).toEqual(acme);
    expect(await sites.find('nobody')).toBeNull();
    expect(await sites.find('nobody')).toBeNull();
    expect(lookups).toEqual(['s1', 'nobody']);
    advance(60_000);
    await sites.find('nobody');
    expect(lookups).toEqual(['s1', 'nobody', 'nobody']);
  });

  it('forgets a site at once, and only that site', async () => {
    const { sites, lookups } = directory({ s1: acme, s2: acme });
    await sites.find('s1');
    await sites.find('s2');
    await sites.find('s3');
    sites.forgetSite('s3');
    await sites.find('s3');
    await sites.find('s1');
    expect(lookups).toEqual(['s1', 's2', 's3', 's3']);
  });

  it('does not store an answer read before a forget', async () => {
    let release: (value: string | null) => void = () => {};
    let calls = 0;
    const sites = new WixSiteDirectory({
      lookup: () => {
        calls += 1;
        return new Promise((resolve) => (release = resolve));
      },
    });
    const pending = sites.find('s1');
    sites.forgetSite('s1');
    release(null);
    expect(await pending).toBeNull();
    const again = sites.find('s1');
    release(acme);
    expect(await again).toEqual(acme);
    expect(calls).toBe(2);
  });

  it('forgets every unknown site at once (a business was created), and keeps the known ones', async () => {
    const { sites, lookups } = directory({ s1: acme });
    await sites.find('s1');
    await sites.find('nobody');
    sites.forgetMisses();
    await sites.find('nobody');
    await sites.find('s1');
    expect(lookups).toEqual(['s1', 'nobody', 'nobody']);
  });

  it('forgets everything on clear(), and does not store a lookup that was running', async () => {
    let release: (value: string | null) => void = () => {};
    const lookups: string[] = [];
    const sites = new WixSiteDirectory({
      lookup: (id) => {
        lookups.push(id);
        return id === 'slow'
          ? new Promise((resolve) => (release = resolve))
          : Promise.resolve(acme);
      },
    });
    await sites.find('s1');
    const pending = sites.find('slow');
    sites.clear();
    release(acme);
    await pending;
    expect(sites.size).toBe(0);
    await sites.find('s1');
    expect(lookups).toEqual(['s1', 'slow', 's1']);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const { sites } = directory({}, { maxEntries: 3 });
    for (const id of ['a', 'b', 'c', 'd', 'e']) await sites.find(id);
    expect(sites.size).toBe(3);
  });
});
