// The analytics counting thread (ingest-thread.ts starts it): a BeaconCounter (ingest-counter.ts) driven by the
// app's messages. Parsing, checking, the rules, the repeat check, the buffer and the fold run here, off the thread
// that answers the widget; each flush's batch goes back to the app, which writes it, and waits for its answer, so
// the buffer keeps a batch the database refused.
import { parentPort, workerData } from 'node:worker_threads';
import { BeaconCounter } from './ingest-counter.js';
import type { ToCounter, FromCounter, CounterThreadData } from './ingest-thread.js';

const port = parentPort;
if (port === null) throw new Error('ingest-worker.ts runs as a worker thread (ingest-thread.ts)');
/** Sends the app a message; what `transfer` lists moves to the app's thread instead of being copied. */
const post = (message: FromCounter, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

const { ownOrigin } = workerData as CounterThreadData;
/** Writes under way, by token: the app answers each with `written`. */
const writes = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
let nextToken = 0;

const counter = new BeaconCounter({
  ownOrigin,
  write: (batch) =>
    new Promise<void>((resolve, reject) => {
      const token = nextToken++;
      writes.set(token, { resolve, reject });
      post(
        { kind: 'write', token, batch },
        batch.beaconBatches.map((ofBusiness) => ofBusiness.data.buffer),
      );
    }),
  warn: (details, message) => post({ kind: 'warn', details, message }),
});
counter.start();

port.on('message', (message: ToCounter) => {
  switch (message.kind) {
    case 'check':
      post({ kind: 'checked', id: message.id, checked: counter.check(message.id, message.text) });
      return;
    case 'count':
      counter.count(message.id, message.context);
      return;
    case 'forget':
      counter.forget(message.id);
      return;
    case 'add':
      counter.add(message.raw);
      return;
    case 'written': {
      const write = writes.get(message.token);
      writes.delete(message.token);
      if (message.error === undefined) write?.resolve();
      else write?.reject(new Error(message.error));
      return;
    }
    case 'flush':
    case 'stop':
      void (message.kind === 'flush' ? counter.flush() : counter.stop()).then(() =>
        post({ kind: 'done', token: message.token }),
      );
      return;
  }
});
