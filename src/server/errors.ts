// Errors that carry their HTTP status. Services throw these; the one error
// handler (plugins/error-handler.ts) turns them into `{ error: { code, message, details? } }`.

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, 'BAD_REQUEST', message, details);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Forbidden') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
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

const unavailableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03', '08006', '08001', '08003']);

/** True for errors that mean "the database is away", which we answer with 503, not 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && unavailableCodes.has(candidate.code)) return true;
    if (
      typeof candidate.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|database is closed|PGlite is closed/i.test(
        candidate.message,
      )
    ) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}
