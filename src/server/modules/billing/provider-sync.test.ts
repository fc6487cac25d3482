import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '../../db/schema.js';
import { ProviderSyncGate } from './provider-sync.js';

const user = (id: string) => ({ id }) as UserRow;

/** A read the test finishes by hand. */
function pendingRead() {
  let finish: (row: UserRow) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const promise = new Promise<UserRow>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { read: vi.fn(() => promise), finish, fail };
}

describe('ProviderSyncGate', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('concurrent checks of one user share one read', async () => {
    const gate = new ProviderSyncGate();
    const pending = pendingRead();
    const first = gate.read('u1', pending.read);
    const second = gate.read('u1', pending.read);
    pending.finish(user('u1'));
    expect(await first).toEqual(user('u1'));
    expect(await second).toEqual(user('u1'));
    expect(pending.read).toHaveBeenCalledTimes(1);
  });

  it('another user gets a read of their own', async () => {
    const gate = new ProviderSyncGate();
    const one = vi.fn(() => Promise.resolve(user('u1')));
    const two = vi.fn(() => Promise.resolve(user('u2')));
    expect(await Promise.all([gate.read('u1', one), gate.read('u2', two)])).toEqual([
      user('u1'),
      user('u2'),
    ]);
    expect(one).toHaveBeenCalledTimes(1);
    expect(two).toHaveBeenCalledTimes(1);
  });

  it('a slow read is given up after waitMs, goes on, and the next check starts afresh once it ended', async () => {
    const gate = new ProviderSyncGate({ waitMs: 3000 });
    const slow = pendingRead();
    const check = gate.read('u1', slow.read);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await check).toBeNull();
    // Still running: a check now shares it instead of calling the provider again.
    const again = gate.read('u1', slow.read);
    slow.finish(user('u1'));
    expect(await again).toEqual(user('u1'));
    expect(slow.read).toHaveBeenCalledTimes(1);
    const fresh = vi.fn(() => Promise.resolve(user('u1')));
    await gate.read('u1', fresh);
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('a failed read decides on the mirror (null), and the next check reads again', async () => {
    // The pause after a provider outage belongs to the provider's circuit breaker (plugins/payments.ts).
    const gate = new ProviderSyncGate();
    const failing = pendingRead();
    const check = gate.read('u1', failing.read);
    failing.fail(new Error('provider away'));
    expect(await check).toBeNull();
    const next = vi.fn(() => Promise.resolve(user('u1')));
    expect(await gate.read('u1', next)).toEqual(user('u1'));
    expect(next).toHaveBeenCalledTimes(1);
  });
});
