// The body deadline with its production numbers, on a simulated clock: what
// an honest phone on a poor connection does passes, a stall or a trickle is cut
// when the documented numbers say. (body-deadline.integration.test.ts cuts
// real sockets.)
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../shared/constants.js';
import { DEFAULT_BODY_DEADLINE, watchBody } from './body-deadline.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const KB = 1024;

/** A body under the default deadline, read as it comes; notes when it was cut or finished. */
function watchedBody() {
  const source = new PassThrough();
  const startedAt = Date.now();
  const outcome: { cutAtMs?: number; finishedAtMs?: number } = {};
  const body = watchBody(source, DEFAULT_BODY_DEADLINE, () => {
    outcome.cutAtMs = Date.now() - startedAt;
  });
  body.resume();
  body.once('finish', () => {
    outcome.finishedAtMs = Date.now() - startedAt;
  });
  /** Sends `bytes` at `bytesPerSecond`, a piece every 250 ms, unless cut. */
  const send = async (bytes: number, bytesPerSecond: number) => {
    const piece = Math.ceil(bytesPerSecond / 4);
    for (let sent = 0; sent < bytes && outcome.cutAtMs === undefined; sent += piece) {
      source.write(Buffer.alloc(Math.min(piece, bytes - sent)));
      await vi.advanceTimersByTimeAsync(250);
    }
  };
  const pause = (ms: number) => vi.advanceTimersByTimeAsync(ms);
  const end = async () => {
    source.end();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { outcome, send, pause, end };
}

describe('the default body deadline', () => {
  it('lets a 5 MB photo through from a phone at 10 KB/s that starts 4 s late and stops for 9 s twice', async () => {
    const phone = watchedBody();
    await phone.pause(4000);
    await phone.send(2 * 1024 * KB, 10 * KB);
    await phone.pause(9000);
    await phone.send(2 * 1024 * KB, 10 * KB);
    await phone.pause(9000);
    await phone.send(MAX_IMAGE_BYTES - 4 * 1024 * KB, 10 * KB);
    await phone.end();
    expect(phone.outcome.cutAtMs).toBeUndefined();
    // About nine minutes.
    expect(phone.outcome.finishedAtMs).toBeGreaterThan(8 * 60_000);
  });

  it('cuts a body that sends 16 bytes and stops after 10 s of silence', async () => {
    const stalled = watchedBody();
    await stalled.send(16, 16 * 4);
    await stalled.pause(60_000);
    expect(stalled.outcome.cutAtMs).toBeGreaterThanOrEqual(10_000);
    expect(stalled.outcome.cutAtMs).toBeLessThanOrEqual(10_250);
  });

  it('cuts a body that trickles at 6 KB/s, never silent, once it is 10 s behind 8 KB/s', async () => {
    const trickle = watchedBody();
    await trickle.send(MAX_IMAGE_BYTES, 6 * KB);
    // 6t = 8(t - 10): 40 s.
    expect(trickle.outcome.cutAtMs).toBeGreaterThanOrEqual(39_500);
    expect(trickle.outcome.cutAtMs).toBeLessThanOrEqual(41_000);
  });

  it('cuts a body that sends one byte every 9 s at the end of its head start', async () => {
    const drip = watchedBody();
    for (let i = 0; i < 10 && drip.outcome.cutAtMs === undefined; i += 1) {
      await drip.send(1, 4);
      await drip.pause(9000);
    }
    expect(drip.outcome.cutAtMs).toBeGreaterThanOrEqual(10_000);
    expect(drip.outcome.cutAtMs).toBeLessThanOrEqual(10_500);
  });

  it('stops watching once the body has arrived, however long it is then read', async () => {
    const quick = watchedBody();
    await quick.send(8 * KB, 64 * KB);
    await quick.end();
    await quick.pause(120_000);
    expect(quick.outcome.cutAtMs).toBeUndefined();
    expect(quick.outcome.finishedAtMs).toBeDefined();
  });
});
