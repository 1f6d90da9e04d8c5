export interface S3Target {
  kind: 's3';
  endpoint: string;
  region: string;
  bucket: string;
  /** Key prefix inside the bucket: '' or ending in '/'. */
  prefix: string;
  forcePathStyle: boolean;
  /** Absent: the SDK's own chain (AWS_ACCESS_KEY_ID ..., instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Local disk: `dir` or, unset, DATA_DIR/uploads. */
export type StorageTarget = { kind: 'local'; dir?: string } | S3Target;

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,32}$/;
const PREFIX_PART = /^[A-Za-z0-9._-]{1,100}$/;
const BOOL: Record<string, boolean> = { true: true, '1': true, false: false, '0': false };
const USAGE = 'expected file:[/path] or s3://ACCESS:SECRET@host[:port]/bucket[/prefix]?region=...&forcePathStyle=true';

/** Thrown with a message that never repeats the URL's secret. */
export class StorageUrlError extends Error {
  override name = 'StorageUrlError';
}

function s3Target(url: URL): S3Target {
  const https = url.protocol === 's3:';
  if (!url.hostname) throw new StorageUrlError(`missing host: ${USAGE}`);
  const [bucket = '', ...prefix] = decodeURIComponent(url.pathname).split('/').filter(Boolean);
  if (!BUCKET.test(bucket))
    throw new StorageUrlError(
      `expected a bucket name of 3 to 63 lower-case letters, digits, . and - after the host: ${USAGE}`,
    );
  if (!prefix.every((p) => PREFIX_PART.test(p)))
    throw new StorageUrlError('expected a key prefix of letters, digits, ., - and _ after the bucket');
  const params = new Map(url.searchParams);
  const unknown = [...params.keys()].filter((k) => k !== 'region' && k !== 'forcePathStyle');
  if (unknown.length) throw new StorageUrlError(`unknown parameter ${unknown[0]}: ${USAGE}`);
  const region = params.get('region') ?? 'us-east-1';
  if (!REGION.test(region)) throw new StorageUrlError('expected a region such as us-east-1');
  const pathStyle = params.get('forcePathStyle') ?? 'false';
  if (!(pathStyle in BOOL)) throw new StorageUrlError('expected forcePathStyle=true or false');
  const accessKeyId = decodeURIComponent(url.username);
  const secretAccessKey = decodeURIComponent(url.password);
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new StorageUrlError('expected both the access key and the secret (ACCESS:SECRET@), or neither');
  return {
    kind: 's3',
    endpoint: `${https ? 'https' : 'http'}://${url.host}`,
    region,
    bucket,
    prefix: prefix.map((p) => `${p}/`).join(''),
    forcePathStyle: BOOL[pathStyle]!,
    ...(accessKeyId ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  };
}

/**
 * STORAGE_URL: unset or `file:` for DATA_DIR/uploads, `file:/srv/uploads` for another folder,
 * `s3://` for an S3-compatible service over https, `s3+http://` for one over plain http (a local
 * MinIO, tests).
 */
export function parseStorageUrl(value: string | undefined): StorageTarget {
  const text = value?.trim();
  if (!text || text === 'file:') return { kind: 'local' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new StorageUrlError(`not a URL: ${USAGE}`);
  }
  if (url.protocol === 'file:') {
    if (url.host || url.search) throw new StorageUrlError('expected file: or file:/absolute/path');
    return { kind: 'local', dir: decodeURIComponent(url.pathname) };
  }
  if (url.protocol === 's3:' || url.protocol === 's3+http:') return s3Target(url);
  throw new StorageUrlError(`unsupported scheme ${url.protocol}: ${USAGE}`);
}
