// The node-postgres pool behind DATABASE_URL, made safe for a server that
// stops answering (docs/security.md rules 16, 21): a frozen process or a partition keeps
// every connection open and silent, so only client-side timeouts notice it.
// pg and drizzle leave three holes around those timeouts, closed here:
// 1. pg's query_timeout rejects the query but keeps its connection waiting for
//    the answer: a transaction's ROLLBACK then waits as long again behind it,
//    and the connection goes back to the pool mid-transaction. Such a
//    connection is ended at once, so the ROLLBACK fails at once and the
//    connection is never reused.
// 2. A connection that fails while checked out (inside a transaction) emits
//    'error' with nobody listening, which would crash the process.
// 3. drizzle's transaction() never releases its client when BEGIN fails, so
//    each failed BEGIN would cost the pool a connection for good. A checked-out
//    client whose connection has ended is released here.
// Errors from checking out a connection, which drizzle does not wrap, become
// DatabaseConnectionError, so the error handler knows they came from the database.
import pg from 'pg';
import { DatabaseConnectionError } from '../errors.js';

const POOL_OPTIONS = {
  max: 10,
  /** A connection, new or pooled, within 2 s, or the request answers 503. */
  connectionTimeoutMillis: 2000,
  idleTimeoutMillis: 30_000,
  /** A live server cancels a slow statement itself, with a clean error, before we give up on it. */
  statement_timeout: 4000,
  /** We stop waiting for a server that no longer answers at all. */
  query_timeout: 5000,
  /** Idle connections to a host gone from the network are noticed and replaced. */
  keepAlive: true,
} satisfies pg.PoolConfig;

const QUERY_TIMEOUT_MESSAGE = 'Query read timeout';

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

export class DatabasePool extends pg.Pool {
  private readonly checkedOut = new WeakSet<pg.PoolClient>();

  constructor(connectionString: string) {
    super({ connectionString, ...POOL_OPTIONS });
    this.on('acquire', (client) => this.checkedOut.add(client));
    this.on('release', (_error, client) => this.checkedOut.delete(client));
    this.on('connect', (client) => {
      // The query that was running fails with this error too, and is reported where it was made.
      client.on('error', () => {});
      endOnQueryTimeout(client);
      client.once('end', () => {
        if (this.checkedOut.has(client)) releaseForGood(client);
      });
    });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (callback) {
      super.connect((error, client, done) =>
        callback(error && new DatabaseConnectionError(error), client, done),
      );
      return;
    }
    return super.connect().catch((error: unknown) => {
      throw new DatabaseConnectionError(error);
    });
  }
}

/** Wraps the client's query so that a query timeout ends its connection (hole 1 above). */
function endOnQueryTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const endIfTimedOut = (error: unknown) => {
    if (error instanceof Error && error.message === QUERY_TIMEOUT_MESSAGE)
      client.end().catch(() => {});
  };
  client.query = ((...args: unknown[]) => {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        endIfTimedOut(error);
        (callback as (error: unknown, result: unknown) => void)(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      endIfTimedOut(error);
      throw error;
    });
  }) as typeof client.query;
}

/** Gives a dead client back to the pool, which drops it; a later release by its user does nothing (hole 3 above). */
function releaseForGood(client: pg.PoolClient): void {
  const release = client.release.bind(client);
  let released = false;
  client.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    release(error);
  };
  client.release(new Error('connection ended while checked out'));
}
