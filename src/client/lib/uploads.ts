// The one way the client uploads an image (docs/decisions/0005-uploads.md):
// check the file here first (an image, at most 5 MB), ask the server for an
// upload URL, PUT the raw file to it, and hand back the reference to send in
// later calls. Used by the logo control, the public testimonial form and the
// moderation screen.
import { MAX_IMAGE_BYTES } from '../../shared/constants';
import {
  uploadEndpoints,
  uploadedObjectSchema,
  uploadUrlSchema,
  type UploadPurpose,
} from '../../shared/schemas/uploads';
import { api, ApiError, getErrorMessage, NETWORK_FAILURE_STATUS } from './api';

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

/** An upload that did not happen. `message` is fit to show; `aborted` when the caller cancelled it. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    readonly aborted = false,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export type UploadedImage = {
  /** What to send wherever an image URL is expected: the object path, else the upload URL. */
  ref: string;
  uploadURL: string;
  objectPath: string | null;
};

export type UploadOptions = {
  /** The collection slug, when a customer uploads from the public form. */
  slug?: string;
  /** Called with 0..1 as the file is sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

const abortError = () => new UploadError('Upload cancelled', null, true);

/** The message of a refused PUT: the server's words for 413 and 415, else the generic one. */
function putFailure(status: number, body: string): UploadError {
  if (status === 413 || status === 415) {
    const reason = getErrorMessage(ApiError.fromResponse(status, body), uploadMessages.failed);
    return new UploadError(reason, status);
  }
  return new UploadError(uploadMessages.failed, status);
}

/** PUTs the raw file with XMLHttpRequest, the one browser API that reports upload progress. */
function putFile(url: string, file: File, options: UploadOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const cleanUp = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      cleanUp();
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.responseText);
      else reject(putFailure(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => {
      cleanUp();
      reject(new UploadError(uploadMessages.failed));
    };
    xhr.onabort = () => {
      cleanUp();
      reject(abortError());
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(file);
  });
}

/**
 * Uploads one image for `purpose`. Throws UploadError: the client-side check's
 * message, the server's reason for a refused file, or the generic failure.
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
    const answer = await api.post<unknown>(
      uploadEndpoints[purpose],
      options.slug === undefined ? undefined : { slug: options.slug },
    );
    uploadURL = uploadUrlSchema.parse(answer).uploadURL;
  } catch (error) {
    if (options.signal?.aborted) throw abortError();
    const status =
      error instanceof ApiError && error.status !== NETWORK_FAILURE_STATUS ? error.status : null;
    throw new UploadError(
      status === 429 ? getErrorMessage(error, uploadMessages.failed) : uploadMessages.failed,
      status,
    );
  }
  if (options.signal?.aborted) throw abortError();

  const body = await putFile(uploadURL, file, options);
  options.onProgress?.(1);
  // Disk storage answers { objectPath }; S3 answers an empty 200.
  let objectPath: string | null = null;
  try {
    const parsed = uploadedObjectSchema.safeParse(JSON.parse(body));
    if (parsed.success) objectPath = parsed.data.objectPath;
  } catch {
    // Not JSON: an S3 answer.
  }
  return { ref: objectPath ?? uploadURL, uploadURL, objectPath };
}
