// An S3-compatible bucket (AWS S3, MinIO, R2, ...). Only the app writes to it,
// files it has already checked (modules/uploads); browsers never do.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { Config } from '../../config.js';
import { assertSafeKey } from './keys.js';
import type { ObjectStorage } from './storage.js';

export type S3Settings = NonNullable<Config['s3']>;

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return (
      error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404
    );
  }
  return false;
}

export function createS3Storage(settings: S3Settings): ObjectStorage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Works with AWS and with every S3-compatible server, whatever its DNS setup.
    forcePathStyle: true,
    // Checksums only where S3 requires them: several S3-compatible servers
    // refuse the SDK's default checksum headers on PutObject.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
  });
  const Bucket = settings.bucket;

  return {
    async put(key, data, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType }),
      );
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(result.Body instanceof Readable)) throw new Error('S3 GetObject returned no stream');
        return { body: result.Body, size: result.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    close() {
      client.destroy();
    },
  };
}
