import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './scheduling';

/** A PerformanceObserver whose paint entries the test reports. */
class FakePaintObserver {
  static supportedEntryTypes = ['paint'];
  static observers: FakePaintObserver[] = [];
  disconnected = false;
  constructor(
    private readonly callback: (list: { getEntriesByName(name: string): unknown[] }) => void,
  ) {
    FakePaintObserver.observers.push(this);
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  report(name: string) {
    this.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  }
}

function settled(promise: Promise<void>): () => boolean {
  let done = false;
  void promise.then(() => (done = true));
  return () => done;
}

describe('afterFirstPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakePaintObserver.observers = [];
    vi.stubGlobal('document', { visibilityState: 'visible' });
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    vi.stubGlobal('requestAnimationFrame', (run: () => void) => setTimeout(run, 16));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the first contentful paint, not for the first paint', async () => {
    const done = settled(afterFirstPaint());
    const [observer] = FakePaintObserver.observers;
    observer!.report('first-paint');
    await vi.advanceTimersByTimeAsync(100);
    expect(done()).toBe(false);
    observer!.report('first-contentful-paint');
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
    expect(observer!.disconnected).toBe(true);
  });

  it('does not wait on a hidden page, which paints nothing', async () => {
    vi.stubGlobal('document', { visibilityState: 'hidden' });
    const done = settled(afterFirstPaint());
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
    expect(FakePaintObserver.observers).toHaveLength(0);
  });

  it('waits one second at most for a paint that is never reported', async () => {
    const done = settled(afterFirstPaint());
    await vi.advanceTimersByTimeAsync(999);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done()).toBe(true);
    expect(FakePaintObserver.observers[0]!.disconnected).toBe(true);
  });

  it('without paint timing, waits for the next frame', async () => {
    FakePaintObserver.supportedEntryTypes = [];
    try {
      const done = settled(afterFirstPaint());
      await vi.advanceTimersByTimeAsync(15);
      expect(done()).toBe(false);
      await vi.advanceTimersByTimeAsync(16);
      expect(done()).toBe(true);
    } finally {
      FakePaintObserver.supportedEntryTypes = ['paint'];
    }
  });
});
