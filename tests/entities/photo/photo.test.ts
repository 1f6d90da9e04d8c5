import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, upload } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let other: string;

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
});
afterAll(() => t?.close());

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();

async function fetchFile(url: string, token: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: url.replace(/^https?:\/\/[^/]+/, ''),
    headers: { authorization: token },
  });
  return res;
}

describe('photos', () => {
  it('an uploaded picture is listed with a thumbnail the service made, its size and who uploaded it', async () => {
    const uploaded = await upload(t.app, '/api/user/ossUser/addOssHederImg', await jpeg(1280, 720), demo, 'site.jpg');
    expect(uploaded.code).toBe(1);
    const added = await post<{ id: number }>(
      t.app,
      '/api/device/photo/add',
      { title: 'Site entrance', image: uploaded.data, reviewState: 0, published: false, pinned: false },
      { token: demo },
    );
    expect(added.code).toBe(0);
    const [row] = (await list(t.app, 'photo', { keyword: 'Site entrance' }, demo, 'device')).rows;
    expect(row).toMatchObject({
      width: 1280,
      height: 720,
      source: 0,
      reporter: 'Demo administrator',
      thumb: expect.stringMatching(/^\/api\/file\/.+\.jpe?g$/),
    });
    const thumb = await fetchFile(String(row!.thumb), demo);
    expect(thumb.statusCode).toBe(200);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 320, height: 180, format: 'jpeg' });
  });

  it("refuses a picture that is not the company's own upload, and stores nothing", async () => {
    const theirs = await upload(t.app, '/api/user/ossUser/addOssHederImg', await jpeg(64, 64), other, 'x.jpg');
    for (const image of [String(theirs.data), '/api/file/does-not-exist.jpg', 'https://example.com/a.jpg']) {
      const res = await post(
        t.app,
        '/api/device/photo/add',
        { title: 'Borrowed', image, reviewState: 0 },
        { token: demo },
      );
      expect(res.code, image).toBe(400);
    }
    expect((await list(t.app, 'photo', { keyword: 'Borrowed' }, demo, 'device')).total).toBe(0);
  });

  it("a wall snapshot becomes a photo of its camera; another company's camera and an oversized file are refused", async () => {
    const cam = await post<{ id: number }>(
      t.app,
      '/api/device/camera/add',
      { name: 'Snap cam', url: 'rtsp://10.0.0.9/live', imei: '860100000000025', enabled: true },
      { token: demo },
    );
    const snap = await upload(
      t.app,
      `/api/device/photo/snapshot?cameraId=${cam.data.id}`,
      await jpeg(640, 480),
      demo,
      'snap.jpg',
    );
    expect(snap.code).toBe(0);
    const [row] = (await list(t.app, 'photo', { filters: { source: 1 } }, demo, 'device')).rows;
    expect(row).toMatchObject({
      source: 1,
      imei: '860100000000025',
      width: 640,
      height: 480,
      title: expect.stringMatching(/^Snap cam \d{4}-/),
    });

    expect(
      (await upload(t.app, `/api/device/photo/snapshot?cameraId=${cam.data.id}`, await jpeg(64, 64), other, 'snap.jpg'))
        .key,
    ).toBe('notFound');
    const noise = await sharp({
      create: {
        width: 2000,
        height: 2000,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(
      (await upload(t.app, `/api/device/photo/snapshot?cameraId=${cam.data.id}`, noise, demo, 'big.png')).key,
    ).toBe('fileTooLarge');
    expect(
      (
        await upload(
          t.app,
          `/api/device/photo/snapshot?cameraId=${cam.data.id}`,
          Buffer.from('not an image'),
          demo,
          'x.jpg',
        )
      ).key,
    ).toBe('fileFormat');
    expect((await list(t.app, 'photo', {}, other, 'device')).total).toBe(0);
  });
});
