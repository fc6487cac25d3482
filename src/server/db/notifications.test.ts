// The PostgreSQL listening connection on its own, with a stand-in for
// pg.Client: one connection while anyone listens, one LISTEN per channel,
// reconnection after failures, and "you may have missed something" after each
// connect. (The real thing against PostgreSQL: several-servers.integration.test.ts.)
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PgListener, type NotificationHandler } from './notifications.js';

class FakeClient extends EventEmitter {
  readonly queries: string[] = [];
  ended = false;
  constructor(private readonly behaviour: { refuse?: boolean; failQueries?: boolean }) {
    super();
  }
  async connect(): Promise<void> {
    if (this.behaviour.refuse) throw new Error('connect ECONNREFUSED');
  }
  async query(text: string): Promise<void> {
    if (this.behaviour.failQueries) throw new Error('Query read timeout');
    this.queries.push(text);
  }
  async end(): Promise<void> {
    this.ended = true;
  }
  notify(channel: string, payload: string): void {
    this.emit('notification', { channel, payload, processId: 1 });
  }
}

function setup(plan: { refuse?: boolean; failQueries?: boolean }[] = [], heartbeatMs?: number) {
  const clients: FakeClient[] = [];
  const errors: string[] = [];
  const listener = new PgListener({
    createClient: () => {
      const client = new FakeClient(plan[clients.length] ?? {});
      clients.push(client);
      return client as unknown as pg.Client;
    },
    onError: (error) => errors.push(error.message),
    retryDelaysMs: [5, 10],
    ...(heartbeatMs ? { heartbeatMs } : {}),
  });
  return { listener, clients, errors };
}

function recorder() {
  const heard: string[] = [];
  const handler: NotificationHandler = {
    onNotification: (payload) => heard.push(payload),
    onMissed: () => heard.push('<missed>'),
  };
  return { heard, handler };
}

describe('PgListener', () => {
  it('opens one connection for every listener, LISTENs each channel once, and closes it after the last unsubscribe', async () => {
    const { listener, clients } = setup();
    const first = recorder();
    const second = recorder();
    const stopFirst = await listener.listen('changes', first.handler);
    const stopSecond = await listener.listen('changes', second.handler);
    expect(clients).toHaveLength(1);
    expect(clients[0]?.queries).toEqual(['LISTEN changes']);

    clients[0]?.notify('changes', 'one');
    clients[0]?.notify('elsewhere', 'not for them');
    expect(first.heard).toEqual(['<missed>', 'one']);
    expect(second.heard).toEqual(['one']);

    await stopFirst();
    expect(clients[0]?.ended).toBe(false);
    await stopSecond();
    expect(clients[0]?.ended).toBe(true);
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    const { listener } = setup();
    await expect(listener.listen('x; drop table users', recorder().handler)).rejects.toThrow(
      /channel name/,
    );
  });

  it('answers at once when the database is away, retries on its own, then reports possible misses', async () => {
    const { listener, clients, errors } = setup([{ refuse: true }, { refuse: true }, {}]);
    const { heard, handler } = recorder();
    const stop = await listener.listen('changes', handler);
    expect(errors).toEqual(['connect ECONNREFUSED']);
    await expect.poll(() => clients.length).toBe(3);
    await expect.poll(() => heard).toEqual(['<missed>']);
    expect(clients[2]?.queries).toEqual(['LISTEN changes']);
    await stop();
  });

  it('reconnects after the connection is lost, listens again and reports possible misses', async () => {
    const { listener, clients, errors } = setup();
    const { heard, handler } = recorder();
    const stop = await listener.listen('changes', handler);
    clients[0]?.emit('error', new Error('terminating connection due to administrator command'));
    clients[0]?.emit('end');
    await expect.poll(() => clients.length).toBe(2);
    await expect.poll(() => heard).toEqual(['<missed>', '<missed>']);
    expect(errors).toEqual(['terminating connection due to administrator command']);
    // The old connection is deaf to us now; the new one delivers.
    clients[0]?.notify('changes', 'stale');
    clients[1]?.notify('changes', 'fresh');
    expect(heard).toEqual(['<missed>', '<missed>', 'fresh']);
    await stop();
    expect(clients[1]?.ended).toBe(true);
  });

  it('treats a heartbeat that fails as a lost connection', async () => {
    const { listener, clients, errors } = setup([{}, {}], 10);
    const { heard, handler } = recorder();
    const stop = await listener.listen('changes', handler);
    Object.assign(clients[0] as FakeClient, { behaviour: { failQueries: true } });
    await expect.poll(() => clients.length).toBe(2);
    await expect.poll(() => heard).toEqual(['<missed>', '<missed>']);
    expect(errors).toContain('Query read timeout');
    await stop();
  });

  it('stops retrying once closed', async () => {
    const { listener, clients } = setup([{ refuse: true }, { refuse: true }, { refuse: true }]);
    await listener.listen('changes', recorder().handler);
    await listener.close();
    const seen = clients.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(clients.length).toBe(seen);
    await expect(listener.listen('changes', recorder().handler)).rejects.toThrow(/closed/);
  });
});
