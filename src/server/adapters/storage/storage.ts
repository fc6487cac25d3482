// Where uploaded files live: a folder on disk by default, an S3 bucket when
// S3_* is configured (docs/decisions/0005-uploads.md). Keys are relative
// paths such as `uploads/<id>.jpg`. Only the app writes here, and only files it
// has checked: browsers never reach the storage directly (no presigned URLs,
// which could cap neither the size nor the type).
import type { Readable } from 'node:stream';
import type { Config } from '../../config.js';
import { createDiskStorage } from './disk-storage.js';
import { createS3Storage } from './s3-storage.js';

export type StoredObject = { body: Readable; size: number };

export interface ObjectStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** A stream of the object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Deletes the object; no error when it is already gone. */
  remove(key: string): Promise<void>;
  close(): void;
}

export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): ObjectStorage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(config.dataDir);
}
