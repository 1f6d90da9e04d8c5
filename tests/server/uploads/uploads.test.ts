import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../../src/server/db/schema';
import { UPLOAD_FILE_MAX, UPLOAD_VIDEO_MAX } from '../../../src/shared/constants';
import type { UploadedVideo } from '../../../src/shared/uploads';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { tenantWithAdmin } from '../org-helper';
import {
  animatedGif,
  EXECUTABLES,
  jpegWithGps,
  localTestStorage,
  picture,
  s3TestStorage,
  sendFile,
  video,
  type TestStorage,
} from '../uploads-helper';

const IMAGE_ENDPOINTS = ['/api/user/ossUser/addOssHederImg', '/api/user/face/uploadFaceImg'];
const VIDEO_ENDPOINTS = ['/api/user/ossUser/uploadVideo', '/api/user/ossUser/uploadAdvertVideo'];
const ENDPOINTS = [...IMAGE_ENDPOINTS, ...VIDEO_ENDPOINTS];
const FILE_URL =
  /^\/api\/file\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.(png|jpg|gif|webp|mp4|webm|mov)$/;

describe.each([
  ['local disk', localTestStorage],
  ['S3 (s3rver)', s3TestStorage],
])('uploads on %s', (_label, makeStorage) => {
  let storage: TestStorage;
  let t: TestApp;
  let demo: string;
  let visitor: string;
  let other: { tenant: number; token: string };

  beforeAll(async () => {
    storage = await makeStorage();
    t = await buildTestApp({ config: { dataDir: storage.dataDir, storage: storage.target } });
    demo = (await login(t.app, 'demo', 'demo123')).token;
    visitor = String((await post(t.app, '/api/auth/auth/visitorLogin', {})).headers.authorization);
    other = await tenantWithAdmin(t.app, 'Uploads Other Co', 'uploadsother');
  });
  afterAll(async () => {
    await t?.close();
    await storage?.stop();
  });

  // s3rver answers a PUT of a buffer before its file is written (lib/stores/filesystem.js
  // putObject resolves on end(), not on the write stream's finish), so on a loaded machine a GET
  // right after can miss. Real S3 and MinIO read their writes; for s3rver a miss is asked again.
  const fetchFile = async (url: string) => {
    let res = await t.app.inject({ method: 'GET', url });
    for (
      let i = 0;
      i < 20 &&
      res.statusCode === 404 &&
      storage.target.kind === 's3' &&
      /^\/api\/[\w/]*file\/[0-9a-f-]{36}\./.test(url);
      i++
    ) {
      await new Promise((r) => setTimeout(r, 50));
      res = await t.app.inject({ method: 'GET', url });
    }
    return res;
  };
  const stored = async () => ({
    objects: await storage.count(),
    rows: (await t.app.db.select({ n: count() }).from(uploads))[0]!.n,
  });

  it('uses the storage it was given', () => {
    expect(t.app.storage.kind).toBe(storage.target.kind);
  });

  it.each(IMAGE_ENDPOINTS)('%s: stores a PNG, answers code 1 with its URL, serves the same pixels', async (url) => {
    const png = await picture('png');
    const up = await sendFile<string>(t.app, url, png, 'me.png', 'image/png', demo);
    expect(up).toMatchObject({ code: 1, key: 'ok' });
    expect(up.data).toMatch(FILE_URL);
    const got = await fetchFile(up.data);
    expect(got.statusCode).toBe(200);
    expect(got.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
    expect(got.headers['content-disposition']).toMatch(/^inline/);
    const [a, b] = await Promise.all([sharp(png).raw().toBuffer(), sharp(got.rawPayload).raw().toBuffer()]);
    expect(b.equals(a)).toBe(true);
  });

  it('keeps JPEG, WebP and GIF (animated too) in their format and drops the EXIF GPS position', async () => {
    const jpeg = await jpegWithGps();
    // The JPEG does carry EXIF (the GPS position), so its absence after the upload means something.
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    for (const [file, format, ext] of [
      [jpeg, 'jpeg', 'jpg'],
      [await picture('webp'), 'webp', 'webp'],
      [await picture('gif'), 'gif', 'gif'],
    ] as const) {
      const up = await sendFile<string>(t.app, IMAGE_ENDPOINTS[0]!, file, 'x.bin', 'application/octet-stream', demo);
      expect(up.code, up.msg).toBe(1);
      expect(up.data.endsWith(`.${ext}`)).toBe(true);
      const got = await fetchFile(up.data);
      const meta = await sharp(got.rawPayload).metadata();
      expect(meta).toMatchObject({ format, width: 48, height: 32 });
      expect(meta.exif).toBeUndefined();
      expect(got.rawPayload.includes('SpyCam')).toBe(false);
    }
    const up = await sendFile<string>(t.app, IMAGE_ENDPOINTS[1]!, await animatedGif(), 'a.gif', 'image/gif', demo);
    const meta = await sharp((await fetchFile(up.data)).rawPayload, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'gif', pages: 2, pageHeight: 32, delay: [100, 200] });
  });

  it('uploadAdvertVideo measures a real video (duration, poster) and keeps nothing of bytes that only look like one', async () => {
    const url = VIDEO_ENDPOINTS[1]!;
    const real = readFileSync(new URL('../../../public/video/demo-recording.webm', import.meta.url));
    const up = await sendFile<UploadedVideo & { durationS: number; poster: string | null }>(
      t.app,
      url,
      real,
      'ad.webm',
      'video/webm',
      demo,
    );
    expect(up).toMatchObject({ code: 1, data: { size: real.length, contentType: 'video/webm' } });
    expect(up.data.durationS).toBeGreaterThan(1);
    const before = await stored();
    const fake = await sendFile(t.app, url, video('mp4', 64 * 1024), 'clip.mp4', 'video/mp4', demo);
    expect(fake).toMatchObject({ code: 400, key: 'fileFormat' });
    expect(await stored()).toEqual(before);
  });

  it.each(VIDEO_ENDPOINTS.slice(0, 1))(
    '%s: stores MP4, WebM and QuickTime byte for byte, answers the whole record',
    async (url) => {
      for (const [kind, mime] of [
        ['mp4', 'video/mp4'],
        ['webm', 'video/webm'],
        ['mov', 'video/quicktime'],
      ] as const) {
        const file = video(kind, 64 * 1024);
        const up = await sendFile<UploadedVideo>(t.app, url, file, 'clip.bin', 'text/plain', demo);
        expect(up).toMatchObject({ code: 1, data: { size: file.length, contentType: mime } });
        expect(up.data.url).toMatch(FILE_URL);
        expect(up.data.url.endsWith(`/${up.data.name}`)).toBe(true);
        const got = await fetchFile(up.data.url);
        expect(got.statusCode).toBe(200);
        expect(got.headers['content-type']).toBe(mime);
        expect(got.headers['content-disposition']).toMatch(/^inline/);
        expect(got.rawPayload.equals(file)).toBe(true);
      }
    },
  );

  it('serves one byte range of a video (206), and the whole file for a range it cannot serve', async () => {
    const file = video('mp4', 10_000);
    const up = await sendFile<UploadedVideo>(t.app, VIDEO_ENDPOINTS[0]!, file, 'v.mp4', 'video/mp4', demo);
    const get = (range: string) => t.app.inject({ method: 'GET', url: up.data.url, headers: { range } });
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=9990-', 9990, 9999],
      ['bytes=-10', 9990, 9999],
      ['bytes=100-20000', 100, 9999],
    ] as const) {
      const got = await get(range);
      expect(got.statusCode, range).toBe(206);
      expect(got.headers['content-range']).toBe(`bytes ${start}-${end}/10000`);
      expect(got.headers['content-type']).toBe('video/mp4');
      expect(got.rawPayload.equals(file.subarray(start, end + 1))).toBe(true);
    }
    for (const range of ['bytes=10000-', 'bytes=5-1', 'bytes=0-1,5-6', 'items=0-1', 'bytes=-']) {
      const got = await get(range);
      expect(got.statusCode, range).toBe(200);
      expect(got.headers['accept-ranges']).toBe('bytes');
      expect(got.rawPayload.equals(file)).toBe(true);
    }
  });

  it('refuses executables and scripts named as media, and media of the other kind', async () => {
    const before = await stored();
    for (const url of ENDPOINTS) {
      for (const [what, file] of EXECUTABLES) {
        for (const name of ['x.png', 'x.mp4']) {
          expect(
            await sendFile(t.app, url, file, name, name.endsWith('png') ? 'image/png' : 'video/mp4', demo),
            `${url} ${what}`,
          ).toMatchObject({ code: 400, key: 'fileFormat' });
        }
      }
    }
    for (const url of IMAGE_ENDPOINTS)
      expect(await sendFile(t.app, url, video('mp4'), 'x.png', 'image/png', demo)).toMatchObject({
        key: 'fileFormat',
      });
    for (const url of VIDEO_ENDPOINTS)
      expect(await sendFile(t.app, url, await picture('png'), 'x.mp4', 'video/mp4', demo)).toMatchObject({
        key: 'fileFormat',
      });
    // A PNG signature over anything else does not decode, so it is not stored either.
    const fake = Buffer.concat([(await picture('png')).subarray(0, 8), EXECUTABLES[0]![1]]);
    expect(await sendFile(t.app, IMAGE_ENDPOINTS[0]!, fake, 'x.png', 'image/png', demo)).toMatchObject({
      key: 'fileFormat',
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses a file at the size limit (images 5 MB, videos 20 MB) and stores nothing', async () => {
    const before = await stored();
    const bigImage = Buffer.concat([await picture('png'), Buffer.alloc(UPLOAD_FILE_MAX)]).subarray(0, UPLOAD_FILE_MAX);
    for (const url of IMAGE_ENDPOINTS)
      expect(await sendFile(t.app, url, bigImage, 'big.png', 'image/png', demo)).toMatchObject({
        code: 400,
        key: 'fileTooLarge',
      });
    const bigVideo = video('mp4', UPLOAD_VIDEO_MAX);
    for (const url of VIDEO_ENDPOINTS)
      expect(await sendFile(t.app, url, bigVideo, 'big.mp4', 'video/mp4', demo)).toMatchObject({
        code: 400,
        key: 'fileTooLarge',
      });
    expect(await stored()).toEqual(before);
    // One byte under the video limit is taken.
    expect(
      (await sendFile(t.app, VIDEO_ENDPOINTS[0]!, video('mp4', UPLOAD_VIDEO_MAX - 1), 'ok.mp4', 'video/mp4', demo))
        .code,
    ).toBe(1);
  });

  it('refuses the visitor and a caller without a session', async () => {
    const before = await stored();
    for (const url of ENDPOINTS) {
      const file = url.includes('Video') ? video('mp4') : await picture('png');
      expect(await sendFile(t.app, url, file, 'v.bin', 'image/png', visitor)).toMatchObject({
        code: 403,
        key: 'readOnlyVisitor',
      });
      expect((await sendFile(t.app, url, file, 'v.bin', 'image/png')).code).toBe(208);
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses a body that is not the one file of field "file"', async () => {
    for (const url of ENDPOINTS) {
      expect(await sendFile(t.app, url, video('mp4'), 'v.mp4', 'video/mp4', demo, 'other')).toMatchObject({
        code: 400,
        key: 'uploadMalformed',
      });
      expect(await post(t.app, url, { file: 'x' }, { token: demo })).toMatchObject({
        code: 400,
        key: 'uploadMalformed',
      });
    }
  });

  it("refuses an upload past the tenant's quota; another tenant's uploads are its own", async () => {
    const [used] = await t.app.db.select({ n: count() }).from(uploads).where(eq(uploads.tenantId, other.tenant));
    expect(used!.n).toBe(0);
    const quota = t.app.config.uploadQuotaBytes;
    // The quota is read per upload; lowering it here spares building a second app.
    t.app.config.uploadQuotaBytes = 200_000;
    try {
      expect(
        (await sendFile(t.app, VIDEO_ENDPOINTS[0]!, video('webm', 150_000), 'a.webm', 'video/webm', other.token)).code,
      ).toBe(1);
      const before = await stored();
      for (const url of VIDEO_ENDPOINTS)
        expect(await sendFile(t.app, url, video('mp4', 60_000), 'b.mp4', 'video/mp4', other.token)).toMatchObject({
          code: 400,
          key: 'quotaExceeded',
        });
      expect(await stored()).toEqual(before);
      expect(
        (await sendFile(t.app, IMAGE_ENDPOINTS[1]!, await picture('png'), 'c.png', 'image/png', other.token)).code,
      ).toBe(1);
    } finally {
      t.app.config.uploadQuotaBytes = quota;
    }
  });

  it('offers no way to list uploads; unknown and malformed names are a 404', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    for (const url of ENDPOINTS) expect(doc.paths[url]?.post?.summary).toBeTruthy();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/file'))).toEqual(['/api/file/{name}']);
    for (const name of [
      '00000000-0000-4000-8000-000000000000.png',
      '..%2F..%2Fetc%2Fpasswd',
      '..%2Fuploads.db',
      'x.png',
    ]) {
      expect((await fetchFile(`/api/file/${name}`)).statusCode).toBe(404);
    }
    // NUL is refused before any route reads the name.
    expect((await fetchFile('/api/file/%00')).json()).toMatchObject({ code: 400, key: 'textInvalid' });
  });

  it('serves floor pictures from the same storage under both URLs', async () => {
    const png = await picture('png');
    const body = await sendFile<{ url: string }>(
      t.app,
      '/api/device/indoor/upload',
      png,
      'floor.png',
      'image/png',
      demo,
    );
    expect(body.code).toBe(0);
    const name = body.data.url.split('/').pop()!;
    for (const url of [body.data.url, `/api/file/${name}`]) {
      const got = await fetchFile(url);
      expect(got.statusCode).toBe(200);
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.rawPayload.equals(png)).toBe(true);
    }
  });
});
