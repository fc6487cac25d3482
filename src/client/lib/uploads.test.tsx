// lib/uploads.ts against the fake server: the two steps of an upload (ask for
// a URL, PUT the file there with XMLHttpRequest) and what a person is told when
// either is refused. The server's own words for a full budget (429, 507), a
// refused file (413, 415) and a browser check (403, with its code, for the
// caller to act on); the generic text of docs/product/messages.md#uploads for anything else.
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  putUpload,
  requestProductImageUploadUrl,
  uploadUrlContracts,
} from '../../shared/contracts/uploads';
import { submissionCheckCodes } from '../../shared/schemas/submission';
import { uploadCheckMessages, uploadPurposes } from '../../shared/schemas/uploads';
import { createImageFile } from '../testing/factories';
import { apiErrorResponse, mock, server, uploadStorage } from '../testing/server';
import { UploadError, uploadImage, uploadMessages } from './uploads';

const VISITOR_FULL = 'You have uploaded too many photos. Please try again later.';
const PAUSED = 'Uploads are paused for now. Please try again later.';

/** The upload URL request answered by `answer`; the PUT stores the file as the server does. */
function refuseUrlRequest(answer: () => HttpResponse<JsonBodyType>) {
  const { putHandler } = uploadStorage();
  server.use(
    ...uploadPurposes.map((purpose) => mock(uploadUrlContracts[purpose], answer)),
    putHandler,
  );
}

/** An upload URL is handed out; its PUT is answered by `answer`. */
function refusePut(answer: () => Response) {
  const { urlHandlers } = uploadStorage();
  server.use(...urlHandlers, http.put(putUpload.path, answer));
}

/** The UploadError `uploadImage` fails with. */
async function failure(purpose: 'logo' | 'product-image' = 'product-image'): Promise<UploadError> {
  const error = await uploadImage(createImageFile(), purpose, { slug: 'bakery' }).then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof UploadError))
    throw new Error(`expected an UploadError, got ${String(error)}`);
  return error;
}

describe('uploadImage', () => {
  it('asks for a URL, PUTs the file there and answers the object path as the reference', async () => {
    const storage = uploadStorage();
    server.use(...storage.handlers);
    const uploaded = await uploadImage(createImageFile('cake.png'), 'product-image', {
      slug: 'bakery',
    });
    expect(storage.stored).toEqual([
      {
        purpose: 'product-image',
        objectPath: '/objects/uploads/product-image-1',
        contentType: 'image/png',
        size: 64,
      },
    ]);
    expect(uploaded).toEqual({
      ref: '/objects/uploads/product-image-1',
      objectPath: '/objects/uploads/product-image-1',
      uploadURL: '/objects/upload/product-image-1',
    });
  });

  it.each([
    [429, 'RATE_LIMITED', VISITOR_FULL],
    [507, 'STORAGE_FULL', PAUSED],
  ])('shows the server’s message when the URL request gets %i', async (status, code, message) => {
    refuseUrlRequest(() => apiErrorResponse(status, code, message));
    const error = await failure();
    expect([error.message, error.status]).toEqual([message, status]);
  });

  it.each([
    [413, 'PAYLOAD_TOO_LARGE', 'Images must be 5 MB or smaller.'],
    [415, 'UNSUPPORTED_MEDIA_TYPE', 'This file is not an image we can use.'],
    [429, 'RATE_LIMITED', VISITOR_FULL],
    [507, 'STORAGE_FULL', PAUSED],
  ])('shows the server’s message when the PUT gets %i', async (status, code, message) => {
    refusePut(() => apiErrorResponse(status, code, message));
    const error = await failure();
    expect([error.message, error.status]).toEqual([message, status]);
  });

  it('sends the proof it is given, and carries the code and words of a browser check asked for or failed, at either step', async () => {
    const asked: unknown[] = [];
    const storage = uploadStorage();
    server.use(
      mock(requestProductImageUploadUrl, ({ body }) => {
        asked.push(body);
        return { uploadURL: '/objects/upload/product-image-1' };
      }),
      storage.putHandler,
    );
    const proof = { challenge: 'signed', solution: 'found' };
    await uploadImage(createImageFile(), 'product-image', { slug: 'bakery', proof });
    expect(asked).toEqual([{ slug: 'bakery', proof }]);

    const required = () =>
      apiErrorResponse(403, submissionCheckCodes.required, uploadCheckMessages.required);
    refuseUrlRequest(required);
    expect(await failure()).toMatchObject({
      message: uploadCheckMessages.required,
      status: 403,
      code: submissionCheckCodes.required,
    });
    refusePut(required);
    expect((await failure()).code).toBe(submissionCheckCodes.required);
    refuseUrlRequest(() =>
      apiErrorResponse(403, submissionCheckCodes.failed, uploadCheckMessages.failed),
    );
    expect(await failure()).toMatchObject({
      message: uploadCheckMessages.failed,
      code: submissionCheckCodes.failed,
    });
  });

  it('says "Failed to upload image. Please try again." for any other refusal', async () => {
    refuseUrlRequest(() => apiErrorResponse(500, 'INTERNAL_ERROR', 'Something went wrong'));
    expect((await failure()).message).toBe(uploadMessages.failed);
    refuseUrlRequest(() => apiErrorResponse(404, 'NOT_FOUND', 'Business not found'));
    expect((await failure()).message).toBe(uploadMessages.failed);

    refusePut(() => apiErrorResponse(403, 'FORBIDDEN', 'This upload link has expired.'));
    expect((await failure()).message).toBe(uploadMessages.failed);
    refusePut(() => apiErrorResponse(500, 'INTERNAL_ERROR', 'Disk full'));
    expect((await failure()).message).toBe(uploadMessages.failed);
  });

  it('never shows a 429 or 507 body that is not the server’s error (a proxy’s page)', async () => {
    const proxyPage = (status: number) => () =>
      new HttpResponse('<html>Too Many Requests</html>', {
        status,
        headers: { 'content-type': 'text/html' },
      });
    refuseUrlRequest(proxyPage(429));
    expect((await failure()).message).toBe(uploadMessages.failed);
    refusePut(proxyPage(507));
    expect((await failure()).message).toBe(uploadMessages.failed);
  });

  it('fails with the generic text when the PUT answers no object path', async () => {
    refusePut(() => new HttpResponse(null, { status: 200 }));
    expect((await failure('logo')).message).toBe(uploadMessages.failed);
  });
});
