// Start-up when the database is not there yet (docs/security.md rule 21): a server
// started before its PostgreSQL (a reboot, a compose file, a failover) waits
// and retries, forever, with one line per attempt, instead of exiting. Only an
// unreachable database is waited for: a wrong password, a missing database or a
// failed migration stops start-up at once, since waiting would not mend them.
// Forever rather than a bounded number of attempts: the supervisor (systemd,
// Kubernetes) already decides how long a start may take, and a server that
// exits would only be restarted into the same wait.
import { isDatabaseUnavailable } from '../errors.js';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from './client.js';
import { migrateDatabase } from './migrate.js';

/** Seconds between attempts: doubling, then every 10 s. */
const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 10_000] as const;

export type WaitOptions = {
  log: (line: string) => void;
  delaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
};

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` until it succeeds, waiting between tries while the database is unreachable. */
export async function waitForDatabase<T>(
  attempt: () => Promise<T>,
  options: WaitOptions,
): Promise<T> {
  const delays = options.delaysMs ?? RETRY_DELAYS_MS;
  const sleep = options.sleep ?? pause;
  for (let failures = 0; ; failures++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const delay = delays[Math.min(failures, delays.length - 1)] ?? 1000;
      options.log(
        `database not reachable yet (${reasonOf(error)}); retrying in ${formatDelay(delay)}`,
      );
      await sleep(delay);
    }
  }
}

/** Opens and migrates the database, waiting for it as above; a handle whose migration failed is closed before the next try. */
export function openMigratedDatabase(
  target: DatabaseTarget,
  options: WaitOptions & { onPoolError?: (error: Error) => void },
): Promise<DatabaseHandle> {
  return waitForDatabase(async () => {
    const database = await openDatabase(target, options.onPoolError);
    try {
      await migrateDatabase(database);
      return database;
    } catch (error) {
      await database.close().catch(() => {});
      throw error;
    }
  }, options);
}

/** The innermost cause: a socket code (ECONNREFUSED) or the driver's words ("timeout exceeded when trying to connect"). */
function reasonOf(error: unknown): string {
  let reason = 'unknown error';
  for (
    let current: unknown = error, depth = 0;
    current && typeof current === 'object' && depth < 5;
    depth++
  ) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) reason = code;
    else if (typeof message === 'string' && message) reason = message;
    current = cause;
  }
  return reason;
}

const formatDelay = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);
