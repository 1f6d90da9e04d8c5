import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, upload, type Row } from '../../server/org-helper';
import type { BatchCommandResult } from '../../../src/shared/devices/api';
import { decodePayload } from '../../../src/shared/devices/codec';
import type { FaceLibraryDownload, FaceVerifyAnswer } from '../../../src/shared/devices/faces';
import { topics } from '../../../src/shared/topics';
import { devices } from '../../../src/server/db/schema';
import { applyAck } from '../../../src/server/devices/commands';
import { deviceKey, deviceSecret } from '../../../src/server/devices/secrets';
import { faceSamples } from '../../../src/entities/face-sample';
import { FACE_DELIVERY } from '../../../src/entities/face-distribution/resource';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/faces/${name}`, import.meta.url));

let t: TestApp;
let demo: string;
let other: string;
let demoLibrary: number;
let doors: { imei: string; secret: string }[];

const basic = (imei: string, secret: string) => `Basic ${Buffer.from(`${imei}:${secret}`).toString('base64')}`;
const verify = async (imei: string, secret: string, body: Buffer, query = '') => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/device/faceDistribution/verify${query}`,
    payload: body,
    headers: { 'content-type': 'image/jpeg', authorization: basic(imei, secret) },
  });
  return res.json() as { code: number; key: string; data: FaceVerifyAnswer };
};

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Door Co', 'otherdoors')).token;
  demoLibrary = Number((await list(t.app, 'faceLibrary', { keyword: '演示人脸库' }, demo)).rows[0]!.id);
  const units = await t.app.db
    .select({ imei: devices.imei, secretVersion: devices.secretVersion, tenantId: devices.tenantId })
    .from(devices)
    .where(eq(devices.kind, 'doorUnit'));
  const key = await deviceKey(t.app.db);
  doors = units.map((u) => ({ imei: u.imei, secret: deviceSecret(key, u.imei, u.secretVersion) }));
}, 120_000);
afterAll(() => t?.close());

describe('face verification for door units', () => {
  it('needs the unit’s own credentials', async () => {
    const door = doors[0]!;
    expect((await verify(door.imei, 'wrong', fixture('collins-2.jpg'))).code).toBe(208);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/device/faceDistribution/verify',
      payload: fixture('collins-2.jpg'),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(res.json().code).toBe(208);
  });

  it('answers the best match and whether it passes; a stranger does not pass; no face is refused with its key', async () => {
    const door = doors[0]!;
    const resident = await verify(door.imei, door.secret, fixture('collins-2.jpg'));
    expect(resident.code, JSON.stringify(resident)).toBe(0);
    expect(resident.data).toMatchObject({
      passed: true,
      threshold: 0.75,
      match: {
        person: 'Eileen Collins',
        labels: 'Eileen Collins,1栋1单元101',
        libraryId: demoLibrary,
        libraryName: '演示人脸库',
      },
    });
    expect(resident.data.match!.score).toBeGreaterThan(0.75);
    // A library that holds only the cameraman: Collins's face finds him as its best, far below the threshold.
    const lib = await post<{ id: number }>(
      t.app,
      '/api/user/faceLibrary/add',
      { name: 'Visitors only', qualityThreshold: 0.5, intraThreshold: 0.6, interThreshold: 0.75 },
      { token: demo },
    );
    const pic = await upload(t.app, '/api/user/face/uploadFaceImg', fixture('cameraman.jpg'), demo, 'cameraman.jpg');
    expect(
      (
        await post(
          t.app,
          '/api/user/faceSample/add',
          { libraryId: lib.data.id, labels: 'Cameraman', picture: pic.data },
          { token: demo },
        )
      ).code,
    ).toBe(0);
    const stranger = await verify(door.imei, door.secret, fixture('collins-2.jpg'), `?libraryId=${lib.data.id}`);
    expect(stranger.data).toMatchObject({ passed: false, match: { person: 'Cameraman' } });
    expect(stranger.data.match!.score).toBeLessThan(0.6);
    // The samples kept in memory follow the library: a sample added here, and one another replica adds (no event here).
    const eileen = await upload(t.app, '/api/user/face/uploadFaceImg', fixture('collins-1.jpg'), demo, 'collins.jpg');
    expect(
      (
        await post(
          t.app,
          '/api/user/faceSample/add',
          { libraryId: lib.data.id, labels: 'Eileen Collins', picture: eileen.data },
          { token: demo },
        )
      ).code,
    ).toBe(0);
    expect(
      (await verify(door.imei, door.secret, fixture('collins-2.jpg'), `?libraryId=${lib.data.id}`)).data,
    ).toMatchObject({ passed: true, match: { person: 'Eileen Collins' } });
    const [own] = await t.app.db.select().from(faceSamples).where(eq(faceSamples.labels, 'Eileen Collins'));
    await t.app.db.insert(faceSamples).values({ ...own!, id: undefined, labels: 'Eileen Collins twin' });
    await t.app.db.delete(faceSamples).where(eq(faceSamples.id, own!.id));
    expect(
      (await verify(door.imei, door.secret, fixture('collins-2.jpg'), `?libraryId=${lib.data.id}`)).data.match,
    ).toMatchObject({ person: 'Eileen Collins twin' });
    expect((await verify(door.imei, door.secret, fixture('no-face.jpg'))).key).toBe('faceNotFound');
    expect((await verify(door.imei, door.secret, fixture('two-faces.jpg'))).key).toBe('faceSeveral');
    expect((await verify(door.imei, door.secret, Buffer.from('garbage, not a picture'))).key).toBe('fileFormat');
  });

  it("the unit downloads its company's library (ids, labels, embeddings) and nobody else's", async () => {
    const door = doors[0]!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/device/faceDistribution/library/${demoLibrary}`,
      headers: { authorization: basic(door.imei, door.secret) },
    });
    const body = res.json() as { code: number; data: FaceLibraryDownload };
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ id: demoLibrary, name: '演示人脸库', threshold: 0.75 });
    expect(body.data.samples.map((s) => s.labels)).toEqual(['Eileen Collins,1栋1单元101', '摄影师,访客']);
    expect(body.data.samples[0]!.embedding).toHaveLength(1024);
    const otherLib = await post<{ id: number }>(
      t.app,
      '/api/user/faceLibrary/add',
      { name: 'Theirs', qualityThreshold: 0.5, intraThreshold: 0.6, interThreshold: 0.75 },
      { token: other },
    );
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/device/faceDistribution/library/${otherLib.data.id}`,
      headers: { authorization: basic(door.imei, door.secret) },
    });
    expect(theirs.json().code).toBe(404);
  });
});

describe('/distribute: pushing a library to door units', () => {
  it('an online unit gets the faceLibrary command, an offline one stays pending; the ack, a re-send and another company', async () => {
    const [online, offline] = doors;
    await t.app.db.update(devices).set({ state: 1 }).where(eq(devices.imei, online!.imei));
    await t.app.db.update(devices).set({ state: 0 }).where(eq(devices.imei, offline!.imei));
    const got: unknown[] = [];
    const off = await t.app.broker.subscribe(
      topics.deviceServer(online!.imei),
      (_topic, payload) => void got.push(decodePayload(payload).value),
    );
    const sent = await post<BatchCommandResult[]>(
      t.app,
      '/api/device/faceDistribution/send',
      { libraryId: demoLibrary, imeis: [online!.imei, offline!.imei, '860000000009999'] },
      { token: demo },
    );
    expect(sent.code, JSON.stringify(sent)).toBe(0);
    expect(sent.data[0]).toMatchObject({ imei: online!.imei, status: 3 });
    expect(sent.data.slice(1)).toEqual([
      { imei: offline!.imei, key: 'deviceOffline' },
      { imei: '860000000009999', key: 'notFound' },
    ]);
    for (let i = 0; i < 100 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await off();
    expect(got[0]).toMatchObject({
      kind: 'command',
      id: sent.data[0]!.id,
      cmd: 'faceLibrary',
      params: {
        libraryId: demoLibrary,
        name: '演示人脸库',
        count: 2,
        threshold: 0.75,
        url: `/api/device/faceDistribution/library/${demoLibrary}`,
      },
    });

    const rows = async () =>
      (await list(t.app, 'faceDistribution', { filters: { libraryId: demoLibrary } }, demo, 'device')).rows;
    const byImei = (rs: Row[], imei: string) => rs.find((r) => r.imei === imei)!;
    let listed = await rows();
    expect(byImei(listed, online!.imei)).toMatchObject({
      delivery: FACE_DELIVERY.sent,
      attempts: 1,
      sampleCount: 2,
      error: null,
    });
    expect(byImei(listed, offline!.imei)).toMatchObject({
      delivery: FACE_DELIVERY.pending,
      attempts: 0,
      error: 'deviceOffline',
    });

    const cached = await t.app.deviceCache.get(online!.imei);
    await applyAck(t.app, cached!, { ref: sent.data[0]!.id!, ok: true }, new Date());
    listed = await rows();
    expect(byImei(listed, online!.imei)).toMatchObject({ delivery: FACE_DELIVERY.acknowledged });
    expect(byImei(listed, online!.imei).ackAt).toBeTruthy();

    // The offline unit comes online: a re-send delivers it.
    await t.app.db.update(devices).set({ state: 1 }).where(eq(devices.imei, offline!.imei));
    const again = await post<BatchCommandResult[]>(
      t.app,
      '/api/device/faceDistribution/resend',
      { ids: [Number(byImei(listed, offline!.imei).id)] },
      { token: demo },
    );
    expect(again.data[0]).toMatchObject({ imei: offline!.imei, status: 3 });
    expect(byImei(await rows(), offline!.imei)).toMatchObject({
      delivery: FACE_DELIVERY.sent,
      attempts: 1,
      error: null,
    });

    expect((await list(t.app, 'faceDistribution', {}, other, 'device')).total).toBe(0);
    expect(
      (
        await post(
          t.app,
          '/api/device/faceDistribution/send',
          { libraryId: demoLibrary, imeis: [online!.imei] },
          { token: other },
        )
      ).code,
    ).toBe(404);
    expect(
      (
        await post(
          t.app,
          '/api/device/faceDistribution/resend',
          { ids: [Number(byImei(listed, offline!.imei).id)] },
          { token: other },
        )
      ).code,
    ).toBe(404);
  });

  it('a unit that was offline gets the library when it comes online', async () => {
    const door = doors[1]!;
    await t.app.db.update(devices).set({ state: 0 }).where(eq(devices.imei, door.imei));
    const lib = await post<{ id: number }>(
      t.app,
      '/api/user/faceLibrary/add',
      { name: 'Online later', qualityThreshold: 0.5, intraThreshold: 0.6, interThreshold: 0.75 },
      { token: demo },
    );
    const sent = await post<BatchCommandResult[]>(
      t.app,
      '/api/device/faceDistribution/send',
      { libraryId: lib.data.id, imeis: [door.imei] },
      { token: demo },
    );
    expect(sent.data).toEqual([{ imei: door.imei, key: 'deviceOffline' }]);
    const row = async () =>
      (await list(t.app, 'faceDistribution', { filters: { libraryId: lib.data.id } }, demo, 'device')).rows[0]!;
    expect(await row()).toMatchObject({ delivery: FACE_DELIVERY.pending, attempts: 0 });
    await t.app.db.update(devices).set({ state: 1 }).where(eq(devices.imei, door.imei));
    const known = await t.app.deviceCache.get(door.imei);
    t.app.deviceHub.emit('online', { ...known!, state: 1 });
    await expect.poll(async () => (await row()).delivery, { timeout: 5000 }).toBe(FACE_DELIVERY.sent);
    expect(await row()).toMatchObject({ attempts: 1, error: null });
  });

  it('refuses a unit that is not a door unit, and a visitor', async () => {
    // A helmet of the demo company itself (another company's would be notFound, not noCommand).
    const [door] = await t.app.db
      .select({ tenantId: devices.tenantId })
      .from(devices)
      .where(eq(devices.imei, doors[0]!.imei));
    const [helmet] = await t.app.db
      .select({ imei: devices.imei })
      .from(devices)
      .where(and(eq(devices.kind, 'helmet'), eq(devices.tenantId, door!.tenantId)))
      .orderBy(devices.id)
      .limit(1);
    const res = await post<BatchCommandResult[]>(
      t.app,
      '/api/device/faceDistribution/send',
      { libraryId: demoLibrary, imeis: [helmet!.imei] },
      { token: demo },
    );
    expect(res.data).toEqual([{ imei: helmet!.imei, key: 'noCommand' }]);
    const visitor = String(
      (await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization,
    );
    expect(
      (
        await post(
          t.app,
          '/api/device/faceDistribution/send',
          { libraryId: demoLibrary, imeis: [doors[0]!.imei] },
          { token: visitor },
        )
      ).code,
    ).not.toBe(0);
  });
});

describe('/faceVerification: residents’ faces under review', () => {
  const reviews = async () => (await list(t.app, 'faceReview', { pageSize: 50 }, demo)).rows;

  it('approving a good face adds it as a sample; a face with no face in it cannot be approved and says why', async () => {
    const seeded = await reviews();
    const good = seeded.find((r) => r.residentName === 'Eileen Collins')!;
    const bad = seeded.find((r) => r.residentName === '王芳')!;
    const passed = await post<{ sampleId: number }>(
      t.app,
      '/api/user/faceReview/approve',
      { id: good.id },
      { token: demo },
    );
    expect(passed.code, JSON.stringify(passed)).toBe(0);
    const sample = (
      await list(t.app, 'faceSample', { keyword: '1栋1单元101', filters: { libraryId: demoLibrary } }, demo)
    ).rows.find((r) => r.id === passed.data.sampleId);
    expect(sample).toMatchObject({
      labels: 'Eileen Collins,1栋1单元101',
      picture: '/faces/demo-collins-2.jpg',
      warning: null,
    });
    expect((await reviews()).find((r) => r.id === good.id)).toMatchObject({
      state: 1,
      sampleId: passed.data.sampleId,
      reason: null,
    });

    const refused = await post(t.app, '/api/user/faceReview/approve', { id: bad.id }, { token: demo });
    expect([refused.code, refused.key]).toEqual([400, 'faceNotFound']);
    expect((await reviews()).find((r) => r.id === bad.id)).toMatchObject({
      state: 0,
      reason: 'faceNotFound',
      sampleId: null,
    });

    const rejected = await post(
      t.app,
      '/api/user/faceReview/reject',
      { id: bad.id, reason: '图片中没有人脸' },
      { token: demo },
    );
    expect(rejected.code).toBe(0);
    expect((await reviews()).find((r) => r.id === bad.id)).toMatchObject({ state: 2, reason: '图片中没有人脸' });
    // Failed is final; passed cannot be passed again.
    expect((await post(t.app, '/api/user/faceReview/approve', { id: bad.id }, { token: demo })).key).toBe(
      'noSuchTransition',
    );
    expect((await post(t.app, '/api/user/faceReview/approve', { id: good.id }, { token: demo })).key).toBe(
      'noSuchTransition',
    );
  });

  it('another company neither sees nor reviews them; a review needs its library in the company', async () => {
    const [row] = await reviews();
    expect((await post(t.app, '/api/user/faceReview/approve', { id: row!.id }, { token: other })).code).toBe(404);
    expect(
      (await post(t.app, '/api/user/faceReview/reject', { id: row!.id, reason: 'x' }, { token: other })).code,
    ).toBe(404);
    const add = await post(
      t.app,
      '/api/user/faceReview/add',
      { residentName: 'X', libraryId: demoLibrary, picture: '/faces/demo-collins-2.jpg' },
      { token: other },
    );
    expect([add.code, add.key]).toEqual([400, 'refInvalid']);
    expect(
      (
        await post(
          t.app,
          '/api/user/faceReview/add',
          { residentName: '李雷', room: '2栋101', libraryId: demoLibrary, picture: '/faces/demo-cameraman.jpg' },
          { token: demo },
        )
      ).code,
    ).toBe(0);
    expect((await reviews()).find((r) => r.residentName === '李雷')).toMatchObject({ state: 0 });
  });
});
