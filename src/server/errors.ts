// Errors that carry their HTTP status. Services throw these; the one error
// handler (plugins/error-handler.ts) turns them into `{ error: { code, message, details? } }`.
import { DrizzleQueryError } from 'drizzle-orm';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** Sent as Retry-After by the error handler. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, 'BAD_REQUEST', message, details);
export const unauthorized = (message = 'Unauthorized') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Forbidden') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
/** A request (its headers or its body) that did not arrive in time: plugins/body-deadline.ts and Node's own limits. */
export const requestTimedOut = () =>
  new AppError(408, 'REQUEST_TIMEOUT', 'The request took too long to arrive. Please try again.');
export const serviceUnavailable = (message = 'Service temporarily unavailable') =>
  new AppError(503, 'SERVICE_UNAVAILABLE', message);

/** One problem with a request's input: `path` is the field (`a.b.0`, or a Zod issue's path array). */
export type ValidationIssue = { path: string | readonly PropertyKey[]; message?: string };

/** 400 `VALIDATION_ERROR`: the first issue's message, and every issue as `{ path, message }` in details. */
export function validationFailed(issues: readonly ValidationIssue[]): AppError {
  return new AppError(
    400,
    'VALIDATION_ERROR',
    issues[0]?.message ?? 'Invalid request',
    issues.map((issue) => ({
      path: typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.'),
      message: issue.message,
    })),
  );
}

const statusCodes: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

export function codeForStatus(statusCode: number): string {
  return statusCodes[statusCode] ?? (statusCode >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
}

/**
 * pg's own failure to hand out a connection (no free one in time, a refused or
 * timed-out connection attempt). drizzle wraps every query's error in a
 * DrizzleQueryError, but not these: drizzle's transaction() checks out a
 * client itself. db/client.ts wraps them, so they are known to come from the database.
 */
export class DatabaseConnectionError extends Error {
  constructor(cause: unknown) {
    super('could not get a database connection', { cause });
    this.name = 'DatabaseConnectionError';
  }
}

// A network failure on the database connection: the same codes on another
// socket (a client that hung up, an outside service) mean something else.
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// SQLSTATEs of a server that is going or not there: connection exceptions (class 08), shutdown and
// start-up (57P01-57P03), too many connections (53300), a statement over statement_timeout (57014).
const unavailableSqlStates = /^(08...|57P0[123]|53300|57014)$/;
// pg's and PGlite's own words for a connection that is gone or never came.
const driverMessages =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)|PGlite is closed/;

const isFromDatabase = (error: object) =>
  error instanceof DrizzleQueryError || error instanceof DatabaseConnectionError;

function isConnectionFailure(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (socketCodes.has(code) || unavailableSqlStates.test(code)))
    return true;
  return typeof message === 'string' && driverMessages.test(message);
}

/**
 * True for errors that mean "the database is away", which we answer with 503,
 * not 500: a connection failure that came from the database driver. The same
 * ECONNRESET from a client that hung up is not one (docs/security.md rule 25).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const chain: object[] = [];
  for (let current: unknown = error; current && typeof current === 'object' && chain.length < 5;) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain.some(isFromDatabase) && chain.some(isConnectionFailure);
}
