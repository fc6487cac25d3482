// The one API client (docs/product/README.md#how-the-app-talks-to-the-server, docs/product/messages.md#how-errors-read). Every request sends cookies; every change is JSON, body or not, but for a file sent as it is (`sendFile`).
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

export type SendFileOptions = {
  /** The file's media type: the endpoint reads the body by it (`text/csv`, `application/json`). */
  contentType: string;
  /** Called with 0..1 as the file is sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * Calls one endpoint whose body is a file (its contract documents the body
 * and declares no body schema): the same URL, cookies, errors and answer as
 * `call`, sent with XMLHttpRequest, the one browser API that reports upload
 * progress. Our endpoints are on the page's origin, so the browser sends the
 * cookies, and the Origin the server's cross-site check reads
 * (server/plugins/csrf.ts). A caller's abort rejects with the signal's reason,
 * as fetch does.
 */
export function sendFile<C extends Contract>(
  contract: C,
  input: CallInput<C>,
  file: Blob,
  options: SendFileOptions,
): Promise<ResponseOf<C>> {
  return sendBody(contract.method, urlOf(contract, input), file, options).then(
    (text) => (text ? JSON.parse(text) : undefined) as ResponseOf<C>,
  );
}

/** Why a request was aborted: the signal's reason, as fetch rejects with it. */
const abortReason = (signal: AbortSignal | undefined): Error =>
  signal?.reason instanceof Error
    ? signal.reason
    : new DOMException('The request was aborted', 'AbortError');

/**
 * Sends `body` as it is to `url` and answers the response's text; throws
 * ApiError like `call`. lib/uploads.ts PUTs an image to its upload URL with it.
 */
export function sendBody(
  method: HttpMethod,
  url: string,
  body: Blob,
  { contentType, onProgress, signal }: SendFileOptions,
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const cleanUp = () => signal?.removeEventListener('abort', onAbort);
    xhr.open(method, url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    // All sent: the server has it now, whatever the last progress event said.
    xhr.upload.onload = () => onProgress?.(1);
    xhr.onload = () => {
      cleanUp();
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.responseText);
      else reject(ApiError.fromResponse(xhr.status, xhr.responseText, xhr.statusText));
    };
    xhr.onerror = () => {
      cleanUp();
      reject(ApiError.fromNetworkFailure(undefined, networkFailureText(method)));
    };
    xhr.onabort = () => {
      cleanUp();
      reject(abortReason(signal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  });
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
