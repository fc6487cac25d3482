// The one API client (SPEC §7-§8). Every request sends cookies; bodies are JSON.
// A non-ok response becomes Error("<status>: <body text or status text>").

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Throws `${status}: ${text || statusText}` when the response is not ok. */
export async function throwIfResponseNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  throw new Error(`${response.status}: ${text || response.statusText}`);
}

/**
 * The default fetcher's GET (SPEC §7-§8): cookies included; a network failure
 * throws its message or `Request failed`. Answers the Response whatever its
 * status, so a caller can turn a 401 or a 404 into something of its own.
 */
export async function apiGet(url: string, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(url, { credentials: 'include', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(error instanceof Error && error.message ? error.message : 'Request failed', {
      cause: error,
    });
  }
}

/** Sends a request with credentials and an optional JSON body; resolves to the ok Response. */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers: body !== undefined ? { 'Content-Type': 'application/json' } : {},
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    throw new Error(
      error instanceof Error && error.message ? error.message : 'Network request failed',
      { cause: error },
    );
  }
  await throwIfResponseNotOk(response);
  return response;
}

/**
 * The human part of an API error for a toast: the server's `{ error: { message } }`
 * (or `{ message }`) when the body is JSON, the raw text otherwise, or the fallback.
 */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error) || !error.message) return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return error.message;
  const text = (match[1] ?? '').trim();
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') {
      const record = parsed as { error?: { message?: unknown }; message?: unknown };
      const message = record.error?.message ?? record.message;
      if (typeof message === 'string' && message) return message;
    }
  } catch {
    // Not JSON: use the text as it is.
  }
  return text || fallback;
}
