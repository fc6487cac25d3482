// LISTEN/NOTIFY on the app's database: how one server tells the others that
// something they keep in memory changed (decision 0016). Anyone sends with
// `select pg_notify(channel, payload)` through the usual Drizzle handle; this
// module is the receiving side, `listen(channel, handler)` on a DatabaseHandle.
// - PGlite: the embedded client's own listen(); every handle on that client hears it.
// - PostgreSQL: one dedicated connection per handle (a pooled one may not LISTEN),
//   opened while anyone listens, re-opened with backoff after any error, and
//   checked every `heartbeatMs` (a silently dead connection hears nothing).
//   After every (re)connect the handlers hear onMissed(): what was sent while
//   no connection listened is lost, so whatever they keep must be dropped.
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

export type NotificationHandler = {
  onNotification: (payload: string) => void;
  /** Notifications may have been lost: forget whatever they were keeping fresh. */
  onMissed: () => void;
};

/**
 * Subscribes `handler` to `channel` (lowercase letters, digits, `_`). Resolves
 * once listening, or once the first attempt failed (it then retries on its
 * own); the answer unsubscribes.
 */
export type Listen = (
  channel: string,
  handler: NotificationHandler,
) => Promise<() => Promise<void>>;

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function checkChannel(channel: string): void {
  // Used as an identifier in LISTEN, which takes no parameter.
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid notification channel name: ${channel}`);
}

/** A handler's failure must not reach the connection or the query that delivered the notification. */
function deliver(handler: NotificationHandler, payload: string | null): void {
  try {
    if (payload === null) handler.onMissed();
    else handler.onNotification(payload);
  } catch {
    // See above: the handler owns its errors.
  }
}

export function pgliteListen(client: PGlite): Listen {
  return async (channel, handler) => {
    checkChannel(channel);
    const unlisten = await client.listen(channel, (payload) => deliver(handler, payload));
    return async () => {
      if (!client.closed) await unlisten();
    };
  };
}

export type PgListenerOptions = {
  /** A new, not yet connected client for the listening connection. */
  createClient: () => pg.Client;
  /** A connection problem; the listener recovers by itself. */
  onError: (error: Error) => void;
  retryDelaysMs?: readonly number[];
  heartbeatMs?: number;
};

const RETRY_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000, 10_000] as const;
const HEARTBEAT_MS = 30_000;
const END_WAIT_MS = 1_000;

export class PgListener {
  private readonly handlers = new Map<string, Set<NotificationHandler>>();
  private client: pg.Client | null = null;
  private readonly listening = new Set<string>();
  /** Every change of the connection runs in this chain, one at a time. */
  private work: Promise<void> = Promise.resolve();
  private retryTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private closed = false;

  constructor(private readonly options: PgListenerOptions) {}

  readonly listen: Listen = async (channel, handler) => {
    checkChannel(channel);
    if (this.closed) throw new Error('the database is closed');
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    await this.reconcile();
    const own = set;
    return async () => {
      own.delete(handler);
      if (own.size === 0 && this.handlers.get(channel) === own) this.handlers.delete(channel);
      await this.reconcile();
    };
  };

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
    await this.reconcile();
  }

  private reconcile(): Promise<void> {
    this.work = this.work.then(() => this.sync()).catch((error: unknown) => this.lose(error));
    return this.work;
  }

  /** Connected and listening to exactly the channels with handlers while there are any; disconnected otherwise. */
  private async sync(): Promise<void> {
    if (this.handlers.size === 0) {
      this.stopTimers();
      await this.disconnect();
      return;
    }
    let connected = false;
    if (!this.client) {
      if (this.retryTimer) return; // A reconnect is already planned.
      const client = this.options.createClient();
      this.client = client;
      client.on('error', (error: Error) => this.loseClient(client, error));
      client.on('end', () => this.loseClient(client, new Error('the listening connection ended')));
      client.on('notification', (message) => {
        if (client !== this.client) return;
        for (const handler of this.handlers.get(message.channel) ?? [])
          deliver(handler, message.payload ?? '');
      });
      await client.connect();
      connected = true;
    }
    const client = this.client;
    for (const channel of this.handlers.keys()) {
      if (this.listening.has(channel)) continue;
      await client.query(`LISTEN ${channel}`);
      this.listening.add(channel);
    }
    for (const channel of this.listening) {
      if (this.handlers.has(channel)) continue;
      await client.query(`UNLISTEN ${channel}`);
      this.listening.delete(channel);
    }
    if (connected) {
      this.failures = 0;
      this.startHeartbeat();
      for (const set of this.handlers.values()) for (const handler of set) deliver(handler, null);
    }
  }

  private startHeartbeat(): void {
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = setInterval(() => {
      this.work = this.work
        .then(async () => {
          await this.client?.query('select 1');
        })
        .catch((error: unknown) => this.lose(error));
    }, this.options.heartbeatMs ?? HEARTBEAT_MS);
    this.heartbeatTimer.unref();
  }

  private stopTimers(): void {
    clearTimeout(this.retryTimer);
    clearInterval(this.heartbeatTimer);
    this.retryTimer = undefined;
    this.heartbeatTimer = undefined;
  }

  /** Ends the connection, waiting a moment at most: a frozen server never answers the goodbye. */
  private async disconnect(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.listening.clear();
    if (!client) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      client.end().catch(() => {}),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, END_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  }

  /** The connection failed (connect, LISTEN, heartbeat): drop it and try again later. */
  private async lose(error: unknown): Promise<void> {
    await this.disconnect();
    this.stopTimers();
    if (this.handlers.size === 0) return;
    this.options.onError(error instanceof Error ? error : new Error(String(error)));
    const delays = this.options.retryDelaysMs ?? RETRY_DELAYS_MS;
    const delay = delays[Math.min(this.failures, delays.length - 1)] ?? HEARTBEAT_MS;
    this.failures += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.reconcile();
    }, delay);
    this.retryTimer.unref();
  }

  /** An error or end event of a client: only the current one matters (an old one was ended on purpose). */
  private loseClient(client: pg.Client, error: Error): void {
    if (client !== this.client) return;
    this.work = this.work.then(() => (client === this.client ? this.lose(error) : undefined));
  }
}
