// Start-up waits for an unreachable database and stops at once on anything else (docs/security.md rule 21).
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DatabaseConnectionError } from '../errors.js';
import { waitForDatabase } from './wait-for-database.js';

const refused = () =>
  new DatabaseConnectionError(
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  );
const startingUp = () =>
  new DrizzleQueryError(
    'select 1',
    [],
    Object.assign(new pg.DatabaseError('the database system is starting up', 0, 'error'), {
      code: '57P03',
    }),
  );

/** An attempt that fails with `failures` in turn, then answers 'open'. */
function attemptsFailingWith(failures: Error[]) {
  let calls = 0;
  return {
    attempt: async () => {
      const failure = failures[calls++];
      if (failure) throw failure;
      return 'open';
    },
    calls: () => calls,
  };
}

describe('waitForDatabase', () => {
  it('retries while the database is unreachable, one line per attempt, backing off to a cap', async () => {
    const { attempt, calls } = attemptsFailingWith([
      refused(),
      startingUp(),
      refused(),
      refused(),
      refused(),
      refused(),
      refused(),
    ]);
    const lines: string[] = [];
    const slept: number[] = [];
    const result = await waitForDatabase(attempt, {
      log: (line) => lines.push(line),
      sleep: async (ms) => void slept.push(ms),
    });
    expect(result).toBe('open');
    expect(calls()).toBe(8);
    expect(slept).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
    expect(lines[0]).toBe('database not reachable yet (ECONNREFUSED); retrying in 1 s');
    expect(lines[1]).toBe(
      'database not reachable yet (the database system is starting up); retrying in 2 s',
    );
    expect(lines).toHaveLength(7);
  });

  it('stops at once on a failure that waiting would not mend (a wrong password, a failed migration)', async () => {
    const wrongPassword = new DrizzleQueryError(
      'select 1',
      [],
      Object.assign(
        new pg.DatabaseError('password authentication failed for user "vouchly"', 0, 'error'),
        { code: '28P01' },
      ),
    );
    const { attempt, calls } = attemptsFailingWith([refused(), wrongPassword]);
    const lines: string[] = [];
    await expect(
      waitForDatabase(attempt, { log: (line) => lines.push(line), sleep: async () => {} }),
    ).rejects.toBe(wrongPassword);
    expect(calls()).toBe(2);
    expect(lines).toHaveLength(1);
  });
});
