// What the bench files share: a bench server started in its own process (so
// the load generator does not share its event loop), the owner and business a
// bench seeds, a fresh PostgreSQL database, and the percentile and median of a
// list of timings.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Config } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import type { BusinessRow } from '../src/server/db/schema';
import { hashPassword } from '../src/server/modules/auth/passwords';
import * as userRepository from '../src/server/modules/auth/repository';
import * as billingRepository from '../src/server/modules/billing/repository';
import { createBusinessRecords } from '../src/server/modules/business/service';
import { SESSION_COOKIE } from '../src/server/plugins/sessions';

export const BENCH_PASSWORD = 'bench password 123';

export type Started<T> = { info: T; pid: number; stop: () => Promise<void> };

/** Runs `script` with tsx and waits for the one JSON line it prints once it listens; stop() sends SIGTERM and waits. */
export async function startBenchServer<T>(script: string, args: string[]): Promise<Started<T>> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout });
  const name = args[0] ?? script;
  const info = await new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`bench: ${name} server did not start`)),
      60_000,
    );
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as T);
    });
    child.once('exit', (code) => reject(new Error(`bench: ${name} server exited (${code})`)));
  });
  return {
    info,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** An owner with paid access (an access-code account) and their business "Bench Bakery". */
export async function createBenchBusiness(
  db: Database,
  config: Pick<Config, 'passwordHashMemoryKib'>,
  email: string,
): Promise<{ userId: string; business: BusinessRow }> {
  const user = await userRepository.create(db, {
    email,
    password: await hashPassword(BENCH_PASSWORD, { memoryKib: config.passwordHashMemoryKib }),
  });
  if (!user) throw new Error('bench: could not create the owner');
  await billingRepository.setFreeAccount(db, user.id);
  const business = await db.transaction((tx) =>
    createBusinessRecords(
      { db: tx },
      { ownerId: user.id, name: 'Bench Bakery', website: 'bench.example' },
    ),
  );
  return { userId: user.id, business };
}

/** Signs the bench owner in on an app built in this process; answers the session cookie. */
export async function benchOwnerCookie(app: FastifyInstance, email: string): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: BENCH_PASSWORD },
  });
  const cookie = login.cookies.find((candidate) => candidate.name === SESSION_COOKIE)?.value;
  if (!cookie) throw new Error(`bench: login failed (${login.statusCode})`);
  return cookie;
}

/** The p-th percentile (0-100) of the values, nearest rank; NaN for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** The median of the values: the middle one, or the mean of the two middle ones; NaN for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2) return sorted[middle] ?? Number.NaN;
  return ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/**
 * The median of each round's ratio `numerators[i] / denominators[i]`: rounds of two loads taken in turns, so that a
 * swing of the machine's own speed spoils one pair, not the result.
 */
export function medianRatio(numerators: number[], denominators: number[]): number {
  return median(numerators.map((value, i) => value / (denominators[i] ?? value)));
}

type BenchRow = { name: string; value: number; unit: string };

/**
 * The rows of `measure` on PGlite, then, when `BENCH_DATABASE_URL` names a PostgreSQL server, on a fresh database
 * called `name` there.
 */
export async function onEachDatabase(
  name: string,
  measure: (database: 'PGlite' | 'PostgreSQL', databaseUrl?: string) => Promise<BenchRow[]>,
): Promise<BenchRow[]> {
  const rows = await measure('PGlite');
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  if (postgresUrl)
    rows.push(...(await measure('PostgreSQL', await freshPostgresDatabase(postgresUrl, name))));
  return rows;
}

/** A new, empty database named `name` on the PostgreSQL server of `serverUrl`; answers its URL. */
async function freshPostgresDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
