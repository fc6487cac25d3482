// Where the analytics counting runs (docs/decisions/0037-analytics.md): a BeaconCounter (ingest-counter.ts) on a
// worker thread of its own (`ThreadCounting`, what the server runs), or on the app's own thread (the BeaconCounter
// itself, for the tests that do not look at the counting). A beacon of 50 events costs about a millisecond to parse, check,
// de-duplicate and fold; on the thread that also answers the widget (thousands of requests a second, from memory),
// that was a quarter of the widget's throughput at 5,000 events a second.
// The thread is started on first use and ended by `stop`. If it fails, the beacons it was checking are answered
// 503 and what it had queued (at most about a second of events) is lost, as a crash would lose it; the next beacon
// starts a new one.
import { Worker } from 'node:worker_threads';
import { serviceUnavailable } from '../../errors.js';
import {
  type Checked,
  type CountContext,
  type CounterOptions,
  type FoldedBatch,
} from './ingest-counter.js';
import type { RawBeacon } from './ingest-rules.js';

/** What the app sends the counting thread. */
export type ToCounter =
  | { kind: 'check'; id: number; text: string }
  | { kind: 'count'; id: number; context: CountContext }
  | { kind: 'forget'; id: number }
  | { kind: 'add'; raw: RawBeacon }
  | { kind: 'written'; token: number; error?: string }
  | { kind: 'flush' | 'stop'; token: number };

/** What the counting thread sends the app. */
export type FromCounter =
  | { kind: 'checked'; id: number; checked: Checked }
  | { kind: 'write'; token: number; batch: FoldedBatch }
  | { kind: 'warn'; details: Record<string, unknown>; message: string }
  | { kind: 'done'; token: number };

export type CounterThreadData = { ownOrigin: string };

/**
 * The counting, wherever it runs: a BeaconCounter itself on the app's thread, or ThreadCounting. The app numbers the
 * beacons it checks; a good one waits under its id for `count` or `forget`.
 */
export type Counting = {
  check(id: number, text: string): Checked | Promise<Checked>;
  count(id: number, context: CountContext): void;
  forget(id: number): void;
  /** Queues a row the server counts itself. */
  add(raw: RawBeacon): void;
  flush(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
};

/**
 * The worker's code. Built, it is ingest-worker.js. From the sources (tests, the bench) it is TypeScript: a thread
 * does not inherit the loader hooks of `--import tsx` on Node 20, so the thread registers tsx's itself first.
 */
function workerCode(): { code: URL | string; eval: boolean } {
  if (!import.meta.url.endsWith('.ts'))
    return { code: new URL('./ingest-worker.js', import.meta.url), eval: false };
  const tsx = import.meta.resolve('tsx/esm/api');
  const worker = new URL('./ingest-worker.ts', import.meta.url).href;
  return {
    code: `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(worker)}); });`,
    eval: true,
  };
}

type Waiting<T> = { resolve: (value: T) => void; reject: (error: Error) => void };

export class ThreadCounting implements Counting {
  private worker: Worker | undefined;
  private nextToken = 0;
  private readonly checks = new Map<number, Waiting<Checked>>();
  /** Flushes and stops under way, by token. */
  private readonly waits = new Map<number, Waiting<void>>();

  constructor(
    private readonly options: Pick<CounterOptions, 'ownOrigin' | 'write' | 'warn'> & {
      error: (details: Record<string, unknown>, message: string) => void;
    },
  ) {}

  check(id: number, text: string): Promise<Checked> {
    return new Promise((resolve, reject) => {
      this.checks.set(id, { resolve, reject });
      this.thread().postMessage({ kind: 'check', id, text } satisfies ToCounter);
    });
  }

  count(id: number, context: CountContext): void {
    this.worker?.postMessage({ kind: 'count', id, context } satisfies ToCounter);
  }

  forget(id: number): void {
    this.worker?.postMessage({ kind: 'forget', id } satisfies ToCounter);
  }

  add(raw: RawBeacon): void {
    this.thread().postMessage({ kind: 'add', raw } satisfies ToCounter);
  }

  flush(): Promise<void> {
    return this.worker ? this.ask('flush') : Promise.resolve();
  }

  /** The thread flushes every second from its start: nothing to do here. */
  start(): void {}

  async stop(): Promise<void> {
    const { worker } = this;
    if (!worker) return;
    await this.ask('stop');
    this.worker = undefined;
    await worker.terminate();
  }

  private ask(kind: 'flush' | 'stop'): Promise<void> {
    const token = this.nextToken++;
    return new Promise((resolve, reject) => {
      this.waits.set(token, { resolve, reject });
      this.thread().postMessage({ kind, token } satisfies ToCounter);
    });
  }

  private thread(): Worker {
    this.worker ??= this.spawn();
    return this.worker;
  }

  private spawn(): Worker {
    const { code, eval: isCode } = workerCode();
    const worker = new Worker(code, {
      eval: isCode,
      workerData: { ownOrigin: this.options.ownOrigin } satisfies CounterThreadData,
    });
    // It never keeps the process alive on its own: `stop` writes what it holds.
    worker.unref();
    worker.on('message', (message: FromCounter) => this.receive(worker, message));
    worker.on('error', (error) => {
      this.options.error({ err: error }, 'The analytics counting thread failed');
      this.lose(worker);
    });
    worker.on('exit', () => this.lose(worker));
    return worker;
  }

  private receive(worker: Worker, message: FromCounter): void {
    switch (message.kind) {
      case 'checked': {
        const waiting = this.checks.get(message.id);
        this.checks.delete(message.id);
        waiting?.resolve(message.checked);
        return;
      }
      case 'write':
        this.options.write(message.batch).then(
          () => worker.postMessage({ kind: 'written', token: message.token } satisfies ToCounter),
          (error: unknown) =>
            worker.postMessage({
              kind: 'written',
              token: message.token,
              error: error instanceof Error ? error.message : String(error),
            } satisfies ToCounter),
        );
        return;
      case 'warn':
        this.options.warn(message.details, message.message);
        return;
      case 'done': {
        const waiting = this.waits.get(message.token);
        this.waits.delete(message.token);
        waiting?.resolve();
        return;
      }
    }
  }

  /** The thread is gone: what waited on it fails, and the next use starts a new one. */
  private lose(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    for (const waiting of [...this.checks.values(), ...this.waits.values()])
      waiting.reject(serviceUnavailable());
    this.checks.clear();
    this.waits.clear();
  }
}
