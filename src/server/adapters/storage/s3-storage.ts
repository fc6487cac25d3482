// An S3-compatible bucket (AWS S3, MinIO, R2, ...). Browsers PUT straight to
// it with a presigned URL; the app reads, checks and rewrites objects itself.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
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
    // Otherwise the SDK signs a checksum of the (empty) body into presigned PUT URLs,
    // and the browser's real body would be refused.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
  });
  const Bucket = settings.bucket;

  return {
    kind: 's3',
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
    async size(key) {
      assertSafeKey(key);
      try {
        const result = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return result.ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async readUpTo(key, maxBytes) {
      assertSafeKey(key);
      try {
        // A range read: however large the object became, no more than the cap + 1 byte comes back.
        const result = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${maxBytes}` }),
        );
        if (!result.Body) return Buffer.alloc(0);
        return Buffer.from(await result.Body.transformToByteArray());
      } catch (error) {
        if (isNotFound(error)) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416)
          return Buffer.alloc(0);
        throw error;
      }
    },
    async remove(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    presignPut(key, expiresInSeconds) {
      assertSafeKey(key);
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key }), {
        expiresIn: expiresInSeconds,
      });
    },
    close() {
      client.destroy();
    },
  };
}
