import { describe, expect, it, vi } from 'vitest';
import { CircuitBreaker, ServiceAwayError } from './circuit-breaker.js';

class Outage extends Error {}
class Refusal extends Error {}

function breakerAt(start = 1_000_000) {
  let now = start;
  const breaker = new CircuitBreaker({
    isOutage: (error) => error instanceof Outage,
    pauseMs: 30_000,
    now: () => now,
  });
  return { breaker, advance: (ms: number) => (now += ms) };
}

/** A call the test settles by hand. */
function pendingCall<T>() {
  let settle: { resolve: (value: T) => void; reject: (error: Error) => void } = {
    resolve: () => {},
    reject: () => {},
  };
  const promise = new Promise<T>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { call: vi.fn(() => promise), ...settle };
}

async function refusalOf(promise: Promise<unknown>): Promise<ServiceAwayError> {
  const error = await promise.then(
    () => new Error('expected a refusal'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ServiceAwayError);
  return error as ServiceAwayError;
}

describe('CircuitBreaker', () => {
  it('passes answers and refusals through while the service answers', async () => {
    const { breaker } = breakerAt();
    expect(await breaker.run(() => Promise.resolve('ok'))).toBe('ok');
    await expect(
      breaker.run(() => Promise.reject(new Refusal('no such id'))),
    ).rejects.toBeInstanceOf(Refusal);
    expect(await breaker.run(() => Promise.resolve('still ok'))).toBe('still ok');
  });

  it('after an outage, refuses every call at once for the pause, without calling; then lets one through', async () => {
    const { breaker, advance } = breakerAt();
    const failed = await refusalOf(breaker.run(() => Promise.reject(new Outage('timeout'))));
    expect(failed).toMatchObject({ reachedService: true, retryAfterMs: 30_000 });
    expect(failed.cause).toBeInstanceOf(Outage);

    const call = vi.fn(() => Promise.resolve('ok'));
    advance(29_000);
    expect(await refusalOf(breaker.run(call))).toMatchObject({
      reachedService: false,
      retryAfterMs: 1000,
    });
    expect(call).not.toHaveBeenCalled();

    advance(1000);
    expect(await breaker.run(call)).toBe('ok');
    expect(await breaker.run(call)).toBe('ok');
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('after the pause one call is the trial: the others are refused until it ends; an outage starts another pause', async () => {
    const { breaker, advance } = breakerAt();
    await refusalOf(breaker.run(() => Promise.reject(new Outage('down'))));
    advance(30_000);
    const trial = pendingCall<string>();
    const running = breaker.run(trial.call);
    const other = vi.fn(() => Promise.resolve('ok'));
    expect(await refusalOf(breaker.run(other))).toMatchObject({ reachedService: false });
    expect(other).not.toHaveBeenCalled();

    trial.reject(new Outage('still down'));
    expect(await refusalOf(running)).toMatchObject({ reachedService: true });
    advance(29_999);
    await refusalOf(breaker.run(other));
    expect(other).not.toHaveBeenCalled();
  });

  it('a trial that gets any answer, a refusal included, ends the pause', async () => {
    const { breaker, advance } = breakerAt();
    await refusalOf(breaker.run(() => Promise.reject(new Outage('down'))));
    advance(30_000);
    await expect(
      breaker.run(() => Promise.reject(new Refusal('no such id'))),
    ).rejects.toBeInstanceOf(Refusal);
    const call = vi.fn(() => Promise.resolve('ok'));
    expect(await Promise.all([breaker.run(call), breaker.run(call)])).toEqual(['ok', 'ok']);
  });
});
