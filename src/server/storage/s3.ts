import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Target } from './storage-url';
import { SAFE_KEY, type Storage } from './types';

/** An S3-compatible bucket (AWS, MinIO, Ceph ...), objects under the target's key prefix. */
export function s3Storage(target: S3Target): Storage {
  const client = new S3Client({
    endpoint: target.endpoint,
    region: target.region,
    forcePathStyle: target.forcePathStyle,
    ...(target.credentials ? { credentials: target.credentials } : {}),
    // Many S3-compatible servers reject or mangle the SDK's default flexible checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = target.bucket;
  const keyOf = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key ${JSON.stringify(key)}`);
    return `${target.prefix}${key}`;
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },
    async get(key) {
      if (!SAFE_KEY.test(key)) return undefined;
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!got.Body) return undefined;
        return {
          body: got.Body as Readable,
          contentType: got.ContentType ?? 'application/octet-stream',
          size: got.ContentLength ?? 0,
        };
      } catch (err) {
        if (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404))
          return undefined;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async close() {
      client.destroy();
    },
  };
}
