// Storage keys: `uploads/<id>.<ext>` for checked objects, `staging/<id>` for
// what a browser sent to a presigned S3 URL and nobody has checked yet.

export const finalKey = (uploadId: string, ext: string): string => `uploads/${uploadId}.${ext}`;
export const stagingKey = (uploadId: string): string => `staging/${uploadId}`;

/** Keys are our own, but a bad one must never escape the storage root. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z]+\/[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/.test(key)) {
    throw new Error(`invalid storage key: ${key}`);
  }
}
