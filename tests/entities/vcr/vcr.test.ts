import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, upload } from '../../server/org-helper';
import { DEMO_POSTER, DEMO_RECORDING } from '../../../src/server/db/demo-files';
import { saveRecording } from '../../../src/entities/vcr/store';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: string;

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
});
afterAll(() => t?.close());

describe('the video library (vcr)', () => {
  it('the demo site starts with a dozen playable recordings in every review state', async () => {
    const seeded = await list(t.app, 'vcr', { pageSize: 50 }, demo, 'device');
    expect(seeded.total).toBe(12);
    expect(new Set(seeded.rows.map((r) => r.reviewState))).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(
      seeded.rows.every((r) => r.file === DEMO_RECORDING && r.poster === DEMO_POSTER && r.durationMs === 8008),
    ).toBe(true);
    expect((await list(t.app, 'vcr', {}, other, 'device')).total).toBe(0);
  });

  it('a recording the service made is listed; addVcrInfo names its devices and bucket; another company neither sees nor completes it', async () => {
    await saveRecording(t.app, {
      tenantId: demoTenant,
      fileKey: 'web_1732435200000',
      room: 'room_1111',
      file: 'rec.webm',
      size: 123_456,
      durationMs: 61_000,
    });
    const info = {
      bucketName: 'recordings',
      fileName: 'web_1732435200000_0000',
      imeis: '860000000000001,860000000000002',
      type: 1,
    };
    // Another company's call with the same name lists a recording of its own, not this one.
    expect((await post(t.app, '/api/device/vcr/addVcrInfo', info, { token: other })).code).toBe(0);
    expect((await post(t.app, '/api/device/vcr/addVcrInfo', info, { token: demo })).code).toBe(0);

    const mine = await list(t.app, 'vcr', { keyword: 'web_1732435200000' }, demo, 'device');
    expect(mine.total).toBe(1);
    expect(mine.rows[0]).toMatchObject({
      fileName: 'web_1732435200000_0000',
      room: 'room_1111',
      file: 'rec.webm',
      size: 123_456,
      durationMs: 61_000,
      imeis: '860000000000001,860000000000002',
      bucketName: 'recordings',
      type: 2,
      reviewState: 0,
      pinned: false,
    });
    const theirs = await list(t.app, 'vcr', { keyword: 'web_1732435200000' }, other, 'device');
    expect(theirs.total).toBe(1);
    expect(theirs.rows[0]).toMatchObject({ file: null, room: null, bucketName: 'recordings', type: 1 });
  });

  it('a recording kept elsewhere is listed by addVcrInfo alone, with imeis as a list', async () => {
    const res = await post<{ id: number }>(
      t.app,
      '/api/device/vcr/addVcrInfo',
      { bucketName: 'oss-bucket', fileName: 'web_99_0000', imeis: ['860000000000003'] },
      { token: demo },
    );
    expect(res.code).toBe(0);
    const rows = (await list(t.app, 'vcr', { keyword: 'web_99' }, demo, 'device')).rows;
    expect(rows).toEqual([expect.objectContaining({ id: res.data.id, imeis: '860000000000003', type: 1, file: null })]);
  });

  it('refuses a bad body with a clear error and stores nothing', async () => {
    for (const body of [
      { fileName: '' },
      { fileName: '../../etc/passwd x' },
      { fileName: 'a_0000', imeis: 'not-an-imei' },
      { fileName: 'a_0000', type: 3 },
    ]) {
      const res = await post(t.app, '/api/device/vcr/addVcrInfo', body, { token: demo });
      expect(res.code, JSON.stringify(body)).toBe(400);
    }
    expect((await list(t.app, 'vcr', { keyword: 'a_0000' }, demo, 'device')).total).toBe(0);
  });

  it('review state and pinning are edited through the generic update; the visitor may not add info', async () => {
    const [row] = (await list(t.app, 'vcr', { keyword: 'web_99' }, demo, 'device')).rows;
    const updated = await post(
      t.app,
      '/api/device/vcr/update',
      { id: row!.id, reviewState: 3, pinned: true, title: 'Door 3 incident' },
      { token: demo },
    );
    expect(updated.code).toBe(0);
    expect((await list(t.app, 'vcr', { keyword: 'web_99' }, demo, 'device')).rows[0]).toMatchObject({
      reviewState: 3,
      pinned: true,
      title: 'Door 3 incident',
    });
    const visitor = String(
      (await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization,
    );
    const refused = await post(t.app, '/api/device/vcr/addVcrInfo', { fileName: 'v_0000' }, { token: visitor });
    expect(refused.code).not.toBe(0);
    expect((await list(t.app, 'vcr', { keyword: 'v_0000' }, demo, 'device')).total).toBe(0);
  });
  it('takes an uploaded video under review, titled as asked; refuses what is not a video and the visitor', async () => {
    const webm = readFileSync(new URL('../../../public/video/demo-recording.webm', import.meta.url));
    const res = await upload(
      t.app,
      `/api/device/vcr/upload?title=${encodeURIComponent('Gate drill')}`,
      webm,
      demo,
      'drill.webm',
    );
    expect(res.code).toBe(0);
    const listed = await list(t.app, 'vcr', { keyword: 'Gate drill' }, demo, 'device');
    expect(listed.rows[0]).toMatchObject({
      title: 'Gate drill',
      fileName: expect.stringMatching(/^upload_\d+_0000$/),
      size: webm.length,
      type: 2,
      reviewState: 0,
      published: false,
    });
    // Its poster: a JPEG of the first picture the service made and stored beside it.
    const poster = String(listed.rows[0]!.poster);
    expect(poster).toMatch(/^[0-9a-f-]+\.jpg$/);
    const image = await t.app.inject({ method: 'GET', url: `/api/file/${poster}` });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect((await list(t.app, 'vcr', { keyword: 'Gate drill' }, other, 'device')).total).toBe(0);
    expect(
      (await upload(t.app, '/api/device/vcr/upload', Buffer.from('not a video at all'), demo, 'x.webm')).code,
    ).toBe(400);
    const visitor = String(
      (await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization,
    );
    expect((await upload(t.app, '/api/device/vcr/upload', webm, visitor, 'drill.webm')).code).not.toBe(0);
  });
});
