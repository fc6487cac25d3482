// The one way the client uploads an image (docs/decisions/0005-uploads.md):
// check the file here first (an image, at most 5 MB), ask the server for an
// upload URL, PUT the raw file to it, and hand back the reference to send in
// later calls. Used by the logo control, the public testimonial form and the
// moderation screen.
import { MAX_IMAGE_BYTES } from '../../shared/constants';
import { submissionCheckCodes } from '../../shared/schemas/submission';
import { uploadUrlContracts } from '../../shared/contracts/uploads';
import {
  uploadedObjectSchema,
  uploadUrlSchema,
  type UploadPurpose,
} from '../../shared/schemas/uploads';
import { ApiError, call, NETWORK_FAILURE_STATUS, sendBody } from './api';

export const uploadMessages = {
  notAnImage: 'Please choose an image file (JPEG, PNG, WebP, GIF or AVIF).',
  notALogo: 'Please choose an image file (PNG, JPG or SVG).',
  svgNotAllowed: 'SVG images can only be used as a logo. Please choose a photo.',
  heicNotSupported: 'HEIC photos are not supported yet. Please choose a JPEG or PNG photo.',
  tooLarge: 'Images must be 5 MB or smaller. Please choose a smaller image.',
  failed: 'Failed to upload image. Please try again.',
} as const;

/** Why `file` cannot be uploaded for `purpose`, or null when it may be tried. */
export function imageFileProblem(
  file: Pick<File, 'type' | 'size'>,
  purpose: UploadPurpose,
): string | null {
  const type = file.type.toLowerCase();
  // Some systems leave the type empty; the server checks the bytes anyway.
  if (type && !type.startsWith('image/')) {
    return purpose === 'logo' ? uploadMessages.notALogo : uploadMessages.notAnImage;
  }
  if (type === 'image/svg+xml' && purpose !== 'logo') return uploadMessages.svgNotAllowed;
  // The server's image library cannot decode HEIC; say so before a long upload.
  if (type === 'image/heic' || type === 'image/heif') return uploadMessages.heicNotSupported;
  if (file.size > MAX_IMAGE_BYTES) return uploadMessages.tooLarge;
  return null;
}

/**
 * An upload that did not happen. `message` is fit to show; `aborted` when the
 * caller cancelled it; `code` is the server's error code, if it sent one
 * (`CHALLENGE_REQUIRED`: the form is under a burst and asks for the browser check).
 */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    readonly aborted = false,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** The server refused the file itself (empty, too large, not an image we take): trying it again cannot help. */
export const isFileRefused = (error: unknown): boolean =>
  error instanceof UploadError && [400, 413, 415].includes(error.status ?? 0);

export type UploadedImage = {
  /** What to send wherever an image URL is expected: the object path. */
  ref: string;
  uploadURL: string;
  objectPath: string;
};

export type UploadOptions = {
  /** The collection slug, when a customer uploads from the public form. */
  slug?: string;
  /** A solved browser check, for a form under a burst (sent with the slug). */
  proof?: unknown;
  /** Called with 0..1 as the file is sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

const abortError = () => new UploadError('Upload cancelled', null, true);

// Refusals whose reason a person can act on, shown in the server's words: an
// upload budget spent (429 this visitor or owner, 507 everyone) at either
// step, a refused file (413, 415) at the PUT, and a browser check asked for
// or failed (403) at either.
const URL_REFUSALS_SHOWN = [429, 507];
const PUT_REFUSALS_SHOWN = [413, 415, 429, 507];
const CHECK_CODES: readonly string[] = Object.values(submissionCheckCodes);

/**
 * A refusal of either step as an UploadError with the server's code: the
 * server's own message (`{ error: { code, message } }`, never a proxy's page)
 * for `shown` statuses and browser checks, else the generic text of docs/product/messages.md#uploads.
 */
function refusal(error: ApiError, shown: number[]): UploadError {
  if (error.status === NETWORK_FAILURE_STATUS) return new UploadError(uploadMessages.failed);
  const ours =
    error.code !== null && (shown.includes(error.status) || CHECK_CODES.includes(error.code));
  return new UploadError(
    ours ? (error.reason ?? uploadMessages.failed) : uploadMessages.failed,
    error.status,
    false,
    error.code,
  );
}

/** PUTs the raw file, with its progress, through the API client's `sendBody`. */
async function putFile(url: string, file: File, options: UploadOptions): Promise<string> {
  try {
    return await sendBody('PUT', url, file, {
      contentType: file.type || 'application/octet-stream',
      onProgress: options.onProgress,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw abortError();
    throw error instanceof ApiError
      ? refusal(error, PUT_REFUSALS_SHOWN)
      : new UploadError(uploadMessages.failed);
  }
}

/**
 * Uploads one image for `purpose`. Throws UploadError: the client-side check's
 * message, the server's reason for a refused file, a spent upload budget or a
 * browser check (its `code` says which), or the generic failure.
 */
export async function uploadImage(
  file: File,
  purpose: UploadPurpose,
  options: UploadOptions = {},
): Promise<UploadedImage> {
  const problem = imageFileProblem(file, purpose);
  if (problem) throw new UploadError(problem);
  if (options.signal?.aborted) throw abortError();

  let uploadURL: string;
  try {
    const answer = await call(uploadUrlContracts[purpose], {
      query: {},
      body:
        options.slug === undefined
          ? undefined
          : {
              slug: options.slug,
              ...(options.proof === undefined ? {} : { proof: options.proof }),
            },
    });
    // Checked here too: an answer that is not one fails like any other.
    uploadURL = uploadUrlSchema.parse(answer).uploadURL;
  } catch (error) {
    if (options.signal?.aborted) throw abortError();
    throw error instanceof ApiError
      ? refusal(error, URL_REFUSALS_SHOWN)
      : new UploadError(uploadMessages.failed);
  }
  if (options.signal?.aborted) throw abortError();

  const body = await putFile(uploadURL, file, options);
  // Whatever the storage, the server checks and stores the file, then answers { objectPath }.
  const parsed = uploadedObjectSchema.safeParse(parseJson(body));
  if (!parsed.success) throw new UploadError(uploadMessages.failed);
  options.onProgress?.(1);
  const { objectPath } = parsed.data;
  return { ref: objectPath, uploadURL, objectPath };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
