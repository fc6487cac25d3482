// Which failures mean "the database is away" (503) (docs/security.md rules 16, 21, 25):
// connection failures that came from the database driver, and nothing else.
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DatabaseConnectionError, isDatabaseUnavailable } from './errors.js';

const socketError = (code: string) =>
  Object.assign(new Error(`read ${code}`), { code, syscall: 'read' });
const sqlError = (code: string) =>
  Object.assign(new pg.DatabaseError('server says no', 0, 'error'), { code });
const failedQuery = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a query timeout (a frozen server)', failedQuery(new Error('Query read timeout'))],
    ['a connection lost mid-query', failedQuery(new Error('Connection terminated unexpectedly'))],
    ['a refused connection', failedQuery(socketError('ECONNREFUSED'))],
    ['a reset database connection', failedQuery(socketError('ECONNRESET'))],
    ['a server shutting down (57P01)', failedQuery(sqlError('57P01'))],
    ['a server starting up (57P03)', failedQuery(sqlError('57P03'))],
    ['a connection exception (08006)', failedQuery(sqlError('08006'))],
    ['too many connections (53300)', failedQuery(sqlError('53300'))],
    ['a statement over the server-side timeout (57014)', failedQuery(sqlError('57014'))],
    ['a closed PGlite', failedQuery(new Error('PGlite is closed'))],
    [
      'a connection closed after a timeout',
      failedQuery(new Error('Client was closed and is not queryable')),
    ],
    [
      'a pool with no free connection',
      new DatabaseConnectionError(new Error('timeout exceeded when trying to connect')),
    ],
    [
      'a connection attempt that timed out',
      new DatabaseConnectionError(new Error('Connection terminated due to connection timeout')),
    ],
    ['a refused connection attempt', new DatabaseConnectionError(socketError('ECONNREFUSED'))],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a client that hung up', Object.assign(new Error('aborted'), { code: 'ECONNRESET' })],
    ['a reply written to a closed socket', socketError('EPIPE')],
    ['another service refusing a connection', socketError('ECONNREFUSED')],
    ['a query the database refused (unique violation)', failedQuery(sqlError('23505'))],
    ['a plain bug', new TypeError('x is undefined')],
    ['nothing at all', undefined],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
