import { afterEach, describe, expect, it, vi } from 'vitest';
import { WriteBehindBuffer, type WriteBehindOptions } from './ingest-buffer.js';

function bufferWith(overrides: Partial<WriteBehindOptions<number>> = {}) {
  const written: number[][] = [];
  const warnings: string[] = [];
  let failing = false;
  const buffer = new WriteBehindBuffer<number>({
    write: (rows) => {
      if (failing) return Promise.reject(new Error('database away'));
      written.push(rows);
      return Promise.resolve();
    },
    intervalMs: 1000,
    flushAtRows: 5,
    maxRows: 10,
    warn: (_details, message) => warnings.push(message),
    ...overrides,
  });
  return {
    buffer,
    written,
    warnings,
    setFailing: (value: boolean) => {
      failing = value;
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('WriteBehindBuffer', () => {
  it('writes everything queued in one call per flush, and nothing when empty', async () => {
    const { buffer, written } = bufferWith();
    buffer.add([1, 2]);
    buffer.add([3]);
    await buffer.flush();
    await buffer.flush();
    expect(written).toEqual([[1, 2, 3]]);
  });

  it('flushes by itself once it holds flushAtRows', async () => {
    const { buffer, written } = bufferWith();
    buffer.add([1, 2, 3, 4]);
    expect(written).toEqual([]);
    buffer.add([5]);
    await buffer.flush();
    expect(written).toEqual([[1, 2, 3, 4, 5]]);
  });

  it('flushes on its timer, and writes what is left when stopped', async () => {
    vi.useFakeTimers();
    const { buffer, written } = bufferWith();
    buffer.start();
    buffer.add([1]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(written).toEqual([[1]]);
    buffer.add([2]);
    await buffer.stop();
    expect(written).toEqual([[1], [2]]);
    buffer.add([3]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(written).toEqual([[1], [2]]);
  });

  it('keeps the rows of a failed write, in order, for the next flush', async () => {
    const { buffer, written, warnings, setFailing } = bufferWith();
    setFailing(true);
    buffer.add([1, 2]);
    await buffer.flush();
    expect(warnings).toHaveLength(1);
    buffer.add([3]);
    setFailing(false);
    await buffer.flush();
    expect(written).toEqual([[1, 2, 3]]);
    expect(buffer.size).toBe(0);
  });

  it('drops the oldest rows past maxRows while writes fail, with a warning', async () => {
    const { buffer, written, warnings, setFailing } = bufferWith();
    setFailing(true);
    buffer.add([1, 2, 3, 4]);
    await buffer.flush();
    buffer.add([5, 6, 7, 8, 9, 10, 11, 12]);
    expect(buffer.size).toBe(10);
    setFailing(false);
    await buffer.flush();
    expect(written).toEqual([[3, 4, 5, 6, 7, 8, 9, 10, 11, 12]]);
    expect(warnings.some((message) => message.includes('dropped the oldest'))).toBe(true);
  });

  it('counts each row for its size, when given one, against flushAtRows and maxRows', async () => {
    const { buffer, written, setFailing } = bufferWith({ sizeOf: (row) => row });
    buffer.add([2, 2]);
    expect(buffer.size).toBe(4);
    expect(written).toEqual([]);
    buffer.add([1]);
    await buffer.flush();
    expect(written).toEqual([[2, 2, 1]]);

    setFailing(true);
    buffer.add([4, 3]);
    await buffer.flush();
    buffer.add([5]);
    // 4 + 3 + 5 is over 10: the oldest, 4, is dropped whole.
    expect(buffer.size).toBe(8);
    setFailing(false);
    await buffer.flush();
    expect(written).toEqual([
      [2, 2, 1],
      [3, 5],
    ]);
  });

  it('never runs two writes at once', async () => {
    let running = 0;
    let most = 0;
    const { buffer } = bufferWith({
      write: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
      },
    });
    buffer.add([1]);
    const first = buffer.flush();
    buffer.add([2]);
    await Promise.all([first, buffer.flush(), buffer.flush()]);
    expect(most).toBe(1);
  });
});
