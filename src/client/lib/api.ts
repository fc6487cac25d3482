// The one API client (docs/product/README.md#how-the-app-talks-to-the-server, docs/product/messages.md#how-errors-read). Every request sends cookies; every change is JSON, body or not.
// Whatever goes wrong, a call throws one ApiError: its `message` is the text of docs/product/messages.md#how-errors-read ("<status>: <body text or status text>", or the network failure's own
// message), and code reads its fields (`status`, `code`, `details`), never the
// message.
import { queryOptions } from '@tanstack/react-query';
import {
  urlOf,
  type CallInput,
  type Contract,
  type HttpMethod,
  type ResponseOf,
} from '../../shared/contract';
import { apiErrorSchema } from '../../shared/schemas/api-error';

/** `status` of an ApiError when the request never got an answer. */
export const NETWORK_FAILURE_STATUS = 0;

export type ApiErrorFields = {
  /** The HTTP status, or NETWORK_FAILURE_STATUS when there was no answer. */
  status: number;
  /** The server's error code (`{ error: { code } }`), null when the body did not name one. */
  code?: string | null;
  /** The server's `error.details` (e.g. the field issues of a VALIDATION_ERROR). */
  details?: unknown;
  /** The part worth showing a person: the server's `error.message`, else the body text; null when empty. */
  reason?: string | null;
  cause?: unknown;
};

/** What failed: `status` (0 for a network failure), the server's `code` and `details` when it sent them. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | null;
  readonly details: unknown;
  readonly reason: string | null;

  constructor(
    message: string,
    { status, code = null, details, reason = null, cause }: ApiErrorFields,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.status = status;
    this.code = code;
    this.details = details;
    this.reason = reason;
  }

  /** The error of a non-ok answer: the message of docs/product/messages.md#how-errors-read, with the `{ error: { code, message, details? } }` body read into fields. */
  static fromResponse(status: number, bodyText: string, statusText = ''): ApiError {
    const text = bodyText || statusText;
    const body = parseJson(text);
    const parsed = apiErrorSchema.safeParse(body);
    return new ApiError(`${status}: ${text}`, {
      status,
      code: parsed.success ? parsed.data.error.code : null,
      details: parsed.success ? parsed.data.error.details : undefined,
      reason: reasonOf(body, text),
    });
  }

  /** The error of a request that got no answer: the failure's own message, else `fallback`. */
  static fromNetworkFailure(cause: unknown, fallback: string): ApiError {
    const message = cause instanceof Error && cause.message ? cause.message : fallback;
    return new ApiError(message, { status: NETWORK_FAILURE_STATUS, cause });
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `{ error: { message } }` (or a bare `{ message }`) when the body says so, else the trimmed text. */
function reasonOf(body: unknown, text: string): string | null {
  if (body && typeof body === 'object') {
    const record = body as { error?: { message?: unknown }; message?: unknown };
    const message = record.error?.message ?? record.message;
    if (typeof message === 'string' && message) return message;
  }
  return text.trim() || null;
}

/** True when the server answered 401: the session is gone (docs/product/messages.md#how-errors-read). */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * The human part of an error for a toast: the server's reason for an API
 * error, the message of any other error (a network failure's included), else
 * `fallback`.
 */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status !== NETWORK_FAILURE_STATUS) {
    return error.reason ?? fallback;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * docs/product/messages.md#how-errors-read names two texts for a request that got no answer: `Request failed`
 * for a read (the query fetcher) and `Network request failed` for a change.
 */
const networkFailureText = (method: HttpMethod) =>
  method === 'GET' ? 'Request failed' : 'Network request failed';

/**
 * Calls one endpoint (src/shared/contracts) with cookies and answers its
 * parsed JSON body, typed by the contract's response schema (undefined for
 * an empty body). Throws ApiError for a non-ok answer or a network failure;
 * a caller's abort is rethrown as it is, so TanStack Query sees a
 * cancellation.
 */
export async function call<C extends Contract>(
  contract: C,
  input: CallInput<C>,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ResponseOf<C>> {
  const { method } = contract;
  const { body } = input as { body?: unknown };
  let response: Response;
  try {
    response = await fetch(urlOf(contract, input), {
      method,
      credentials: 'include',
      // Every change says JSON, even without a body: the server refuses a
      // signed-in change that does not (server/plugins/csrf.ts).
      headers: method === 'GET' ? {} : { 'Content-Type': 'application/json' },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw ApiError.fromNetworkFailure(error, networkFailureText(method));
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw ApiError.fromResponse(response.status, text, response.statusText);
  }
  const text = await response.text();
  // The server's serializer checked this answer against the same schema
  // (fastify-type-provider-zod), so its type is the contract's.
  return (text ? JSON.parse(text) : undefined) as ResponseOf<C>;
}

/**
 * The key of a read: the contract's method and path, then what the call
 * fills in. Invalidating `[keyOf(contract)[0]]` reaches every call of it.
 */
export function keyOf<C extends Contract>(contract: C, input?: CallInput<C>) {
  const key = `${contract.method} ${contract.path}`;
  const { params, query } = (input ?? {}) as { params?: unknown; query?: unknown };
  return [
    key,
    ...(params === undefined ? [] : [params]),
    ...(query === undefined ? [] : [query]),
  ] as const;
}

/** The query options of a read: its key from the contract, its fetcher `call`. */
export function contractQuery<C extends Contract>(contract: C, input: CallInput<C>) {
  return queryOptions({
    queryKey: keyOf(contract, input),
    queryFn: ({ signal }) => call(contract, input, { signal }),
  });
}
