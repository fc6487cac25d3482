// Storage keys: `uploads/<id>.<ext>`, one per checked upload.

export const finalKey = (uploadId: string, ext: string): string => `uploads/${uploadId}.${ext}`;

/** Keys are our own, but a bad one must never escape the storage root. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z]+\/[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/.test(key)) {
    throw new Error(`invalid storage key: ${key}`);
  }
}
