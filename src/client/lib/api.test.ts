import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeEmail, getCurrentUser, login, logout } from '../../shared/contracts/auth';
import { getBusiness, getPublicBusiness } from '../../shared/contracts/business';
import { revokeApiKey } from '../../shared/contracts/integrations';
import { submitTestimonial } from '../../shared/contracts/submissions';
import {
  deleteTestimonial,
  listTestimonials,
  updateTestimonial,
} from '../../shared/contracts/testimonials';
import { setWidgetQuickToggle } from '../../shared/contracts/widget';
import {
  ApiError,
  call,
  getErrorMessage,
  isUnauthorizedError,
  NETWORK_FAILURE_STATUS,
} from './api';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: string, statusText = ''): Response {
  return new Response(status === 204 ? null : body, { status, statusText });
}

function stubFetch(result: Response | Error): void {
  fetchMock.mockReset();
  if (result instanceof Error) fetchMock.mockRejectedValue(result);
  else fetchMock.mockResolvedValue(result);
  vi.stubGlobal('fetch', fetchMock);
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const conflict = JSON.stringify({
  error: { code: 'CONFLICT', message: 'Email is already in use' },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('call', () => {
  it('sends cookies and a JSON body, and answers the parsed JSON', async () => {
    stubFetch(answer(200, '{"id":"t1"}'));
    await expect(
      call(updateTestimonial, { params: { id: 't1' }, body: { status: 'approved' } }),
    ).resolves.toEqual({ id: 't1' });
    expect(fetchMock).toHaveBeenCalledWith('/api/testimonials/t1', {
      method: 'PATCH',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"status":"approved"}',
      signal: undefined,
    });
  });

  it("fills the path's parameters, encoded, and the query without its unset values", async () => {
    stubFetch(answer(200, '{}'));
    await call(listTestimonials, { query: { status: 'pending', q: 'a&b', page: undefined } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/testimonials?status=pending&q=a%26b');
    stubFetch(answer(200, '{}'));
    await call(getPublicBusiness, { params: { slug: 'café/1' } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/business/caf%C3%A9%2F1');
  });

  it('says JSON for a change without a body too (the server refuses a signed-in change that does not)', async () => {
    for (const send of [() => call(logout, {}), () => call(revokeApiKey, {})]) {
      stubFetch(answer(200, '{}'));
      await send();
      expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({
        headers: { 'Content-Type': 'application/json' },
        body: undefined,
      });
    }
  });

  it('sends cookies without a body or content type for a GET, with the caller signal', async () => {
    stubFetch(answer(200, '[]'));
    const controller = new AbortController();
    await call(listTestimonials, { query: {} }, { signal: controller.signal });
    expect(fetchMock).toHaveBeenCalledWith('/api/testimonials', {
      method: 'GET',
      credentials: 'include',
      headers: {},
      body: undefined,
      signal: controller.signal,
    });
  });

  it('answers undefined for an empty body', async () => {
    stubFetch(answer(204, ''));
    await expect(call(deleteTestimonial, { params: { id: 't1' } })).resolves.toBeUndefined();
  });

  it('throws "<status>: <body>" with the error body read into fields', async () => {
    stubFetch(answer(409, conflict, 'Conflict'));
    const error = await failure(
      call(changeEmail, { body: { email: 'a@b.co', currentPassword: 'secret' } }),
    );
    expect(error.message).toBe(`409: ${conflict}`);
    expect(error).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      reason: 'Email is already in use',
      details: undefined,
    });
  });

  it('keeps the details of a validation error', async () => {
    const details = [{ path: 'content', message: 'Content is required' }];
    stubFetch(
      answer(
        400,
        JSON.stringify({
          error: { code: 'VALIDATION_ERROR', message: 'Content is required', details },
        }),
      ),
    );
    const error = await failure(call(submitTestimonial, { params: { slug: 'cafe' }, body: {} }));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual(details);
  });

  it('uses the status text when the body is empty, and has no code for a non-JSON body', async () => {
    stubFetch(answer(502, '', 'Bad Gateway'));
    const empty = await failure(call(getBusiness, {}));
    expect(empty.message).toBe('502: Bad Gateway');
    expect(empty).toMatchObject({ status: 502, code: null, reason: 'Bad Gateway' });

    stubFetch(answer(500, 'upstream exploded', 'Internal Server Error'));
    const text = await failure(call(getBusiness, {}));
    expect(text.message).toBe('500: upstream exploded');
    expect(text).toMatchObject({ status: 500, code: null, reason: 'upstream exploded' });
  });

  it('gives a network failure its own message, status 0 and no code', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const error = await failure(call(login, { body: { email: 'a@b.co', password: 'x' } }));
    expect(error.message).toBe('Failed to fetch');
    expect(error).toMatchObject({ status: NETWORK_FAILURE_STATUS, code: null, reason: null });
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('says "Request failed" for a read and "Network request failed" for a change when the failure has no message', async () => {
    stubFetch(new TypeError(''));
    expect((await failure(call(getCurrentUser, {}))).message).toBe('Request failed');
    const changes = [
      () => call(logout, {}),
      () => call(setWidgetQuickToggle, { body: { showBusinessName: true } }),
      () => call(updateTestimonial, { params: { id: 't1' }, body: { status: 'approved' } }),
      () => call(revokeApiKey, {}),
    ];
    for (const change of changes) {
      expect((await failure(change())).message).toBe('Network request failed');
    }
  });

  it('rethrows a cancellation as it is', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    stubFetch(abort);
    await expect(call(listTestimonials, { query: {} }, { signal: controller.signal })).rejects.toBe(
      abort,
    );
  });
});

describe('isUnauthorizedError', () => {
  it('is true for every 401 answer, whatever its body', () => {
    expect(
      isUnauthorizedError(
        ApiError.fromResponse(401, '{"error":{"code":"UNAUTHORIZED","message":"Unauthorized"}}'),
      ),
    ).toBe(true);
    expect(isUnauthorizedError(ApiError.fromResponse(401, '', 'Unauthorized'))).toBe(true);
  });

  it('reads the status, never the message', () => {
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(false);
    expect(isUnauthorizedError(ApiError.fromResponse(403, 'Unauthorized'))).toBe(false);
    expect(
      isUnauthorizedError(ApiError.fromNetworkFailure(new Error('401: Unauthorized'), 'x')),
    ).toBe(false);
    expect(isUnauthorizedError(null)).toBe(false);
  });
});

describe('getErrorMessage', () => {
  it("answers the server's message, else the body text, else the fallback", () => {
    expect(getErrorMessage(ApiError.fromResponse(409, conflict), 'Failed')).toBe(
      'Email is already in use',
    );
    expect(
      getErrorMessage(ApiError.fromResponse(400, '{"message":"Bare message"}'), 'Failed'),
    ).toBe('Bare message');
    expect(getErrorMessage(ApiError.fromResponse(502, ' Bad gateway \n'), 'Failed')).toBe(
      'Bad gateway',
    );
    expect(getErrorMessage(ApiError.fromResponse(500, ''), 'Failed')).toBe('Failed');
  });

  it('answers the message of a network failure or any other error', () => {
    expect(
      getErrorMessage(ApiError.fromNetworkFailure(new TypeError('Failed to fetch'), 'x'), 'Failed'),
    ).toBe('Failed to fetch');
    expect(getErrorMessage(new Error('Something odd'), 'Failed')).toBe('Something odd');
    expect(getErrorMessage(new Error(''), 'Failed')).toBe('Failed');
    expect(getErrorMessage('nope', 'Failed')).toBe('Failed');
  });
});
