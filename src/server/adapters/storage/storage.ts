// Where uploaded files live: a folder on disk by default, an S3 bucket when
// S3_* is configured (docs/decisions/0005-uploads.md). Keys are relative
// paths such as `uploads/<id>.jpg` (final objects) and `staging/<id>` (S3 only:
// what a browser PUT to a presigned URL, not yet checked).
import type { Readable } from 'node:stream';
import type { Config } from '../../config.js';
import { createDiskStorage } from './disk-storage.js';
import { createS3Storage } from './s3-storage.js';

export type StoredObject = { body: Readable; size: number };

export interface ObjectStorage {
  readonly kind: 'disk' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** A stream of the object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** The object's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** At most `maxBytes + 1` bytes of the object (so a caller can tell it is too large), or null. */
  readUpTo(key: string, maxBytes: number): Promise<Buffer | null>;
  /** Deletes the object; no error when it is already gone. */
  remove(key: string): Promise<void>;
  /** A presigned URL a browser may PUT one object to; null when the app receives files itself (disk). */
  presignPut(key: string, expiresInSeconds: number): Promise<string | null>;
  close(): void;
}

export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): ObjectStorage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(config.dataDir);
}
