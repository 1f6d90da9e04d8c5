import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Target } from '../lib/storage-url';
import { rangeHeader, resolveRange, SAFE_KEY, type ByteRange, type Storage } from './types';

const CONTENT_RANGE = /^bytes (\d+)-(\d+)\/(\d+)$/;

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
  // Not every S3-compatible server reads `bytes=-N` right (s3rver answers the first N): ask for the bytes by number.
  const explicit = async (key: string, range: ByteRange): Promise<ByteRange> => {
    if (!('suffix' in range)) return range;
    const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
    return resolveRange(range, head.ContentLength ?? 0) ?? { start: Number.MAX_SAFE_INTEGER };
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
    async putStream(key, body, size, contentType) {
      // A known length lets the SDK send the stream as one plain PUT (no chunked signing).
      await client.send(
        new PutObjectCommand({ Bucket, Key: keyOf(key), Body: body, ContentType: contentType, ContentLength: size }),
      );
    },
    async get(key, range) {
      if (!SAFE_KEY.test(key)) return undefined;
      try {
        const Range = range && rangeHeader(await explicit(key, range));
        const got = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key), Range }));
        if (!got.Body) return undefined;
        const part = CONTENT_RANGE.exec(got.ContentRange ?? '');
        return {
          body: got.Body as Readable,
          contentType: got.ContentType ?? 'application/octet-stream',
          size: part ? Number(part[3]) : (got.ContentLength ?? 0),
          range: part ? { start: Number(part[1]), end: Number(part[2]) } : undefined,
        };
      } catch (err) {
        if (!(err instanceof S3ServiceException)) throw err;
        if (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404) return undefined;
        // 416: the range lies past the end; answer the whole object, as the disk does.
        if (range && err.$metadata.httpStatusCode === 416) return this.get(key);
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
