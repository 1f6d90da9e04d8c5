import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRole, addUser } from '../../server/fixtures';
import { login, post, type TestApp } from '../../server/helper';
import { addDevices } from '../../server/ingest-helper';
import { demoApp, list, tenantWithAdmin } from '../../server/org-helper';
import { deviceCommands, devices } from '../../../src/server/db/schema';
import { CAMERA_UID } from '../../../src/server/media/camera-bridge';
import { DEVICE_STATE } from '../../../src/shared/codes';
import { startRtspServer, type RtspServer } from '../../../src/sim/rtsp';
import type { CameraCheckAnswer, CameraWatchAnswer } from '../../../src/shared/cameras';
import { CAMERA_MARK_WATCH_DEVICE } from '../../../src/entities/camera/resource';
import { cameras } from '../../../src/entities/camera/table';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: string;
let rtsp: RtspServer;

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
  rtsp = await startRtspServer({ port: 0 });
});
afterAll(async () => {
  await t?.close();
  await rtsp?.close();
});

const add = (body: object, token = demo) => post<{ id: number }>(t.app, '/api/device/camera/add', body, { token });

describe('cameras', () => {
  it('are added by stream URL; the password never comes back, and saving the masked URL keeps it', async () => {
    const added = await add({
      name: 'Lobby',
      url: 'rtsp://admin:s3cret@10.1.2.3:554/Streaming/Channels/101',
      enabled: true,
    });
    expect(added.code).toBe(0);
    const rows = (await list(t.app, 'camera', { keyword: 'Lobby' }, demo, 'device')).rows;
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'Lobby',
        url: 'rtsp://admin:****@10.1.2.3:554/Streaming/Channels/101',
        state: 0,
      }),
    ]);

    expect(
      (await post(t.app, '/api/device/camera/update', { ...rows[0], name: 'Lobby east' }, { token: demo })).code,
    ).toBe(0);
    const [stored] = await t.app.db
      .select({ url: cameras.url, name: cameras.name })
      .from(cameras)
      .where(eq(cameras.id, added.data.id));
    expect(stored).toEqual({ name: 'Lobby east', url: 'rtsp://admin:s3cret@10.1.2.3:554/Streaming/Channels/101' });
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/device/camera/export',
      headers: { authorization: demo },
      payload: { format: 'csv' },
    });
    expect(exported.body).toContain('admin:****@');
    expect(exported.body).not.toContain('s3cret');
  });

  it('refuse an address ffmpeg would not open as a camera, with the message and nothing stored', async () => {
    for (const url of ['file:///etc/passwd', 'rtsp://', 'not a url', 'ftp://cam/stream']) {
      const res = await add({ name: 'Bad', url, enabled: true });
      expect(res.code, url).toBe(400);
      expect(res.key, url).toBe('cameraUrl');
    }
    expect((await list(t.app, 'camera', { keyword: 'Bad' }, demo, 'device')).total).toBe(0);
  });

  it('watch bridges the camera into its room and hands a token that opens only that room; another company cannot watch it', async () => {
    const { data } = await add({ name: 'Gate', url: rtsp.url('/cam1'), enabled: true });
    expect((await post(t.app, '/api/device/camera/watch', { id: data.id }, { token: other })).key).toBe('notFound');

    const watched = await post<CameraWatchAnswer>(t.app, '/api/device/camera/watch', { id: data.id }, { token: demo });
    expect(watched.code).toBe(0);
    expect(watched.data).toMatchObject({
      appId: 'local',
      channel: expect.stringMatching(/^cam_\d+_\d+$/),
      publisher: CAMERA_UID,
    });
    const room = await post<{ publishers: { uid: string }[] }>(t.app, '/api/media/room', {
      channel: watched.data.channel,
      uid: watched.data.uid,
      token: watched.data.token,
    });
    expect(room.data.publishers.map((p) => p.uid)).toEqual([CAMERA_UID]);
    const elsewhere = await post(t.app, '/api/media/room', {
      channel: 'cam_999_1',
      uid: watched.data.uid,
      token: watched.data.token,
    });
    expect(elsewhere.key).toBe('mediaToken');
    expect((await list(t.app, 'camera', { keyword: 'Gate' }, demo, 'device')).rows[0]).toMatchObject({
      state: 1,
      lastError: null,
    });

    // Deleting the camera stops its bridge.
    expect((await post(t.app, '/api/device/camera/delete', { ids: [data.id] }, { token: demo })).code).toBe(0);
    expect(t.app.cameras.active()).not.toContain(watched.data.channel);
  }, 40_000);

  it('a camera that cannot be read answers why and is stored offline; a disabled one is refused', async () => {
    const { data } = await add({ name: 'Gone', url: `rtsp://127.0.0.1:${rtsp.port}/missing`, enabled: true });
    const watched = await post(t.app, '/api/device/camera/watch', { id: data.id }, { token: demo });
    expect(watched.key).toBe('cameraUnreachable');
    expect(watched.msg).toMatch(/404|not found/i);
    const checked = await post<CameraCheckAnswer>(t.app, '/api/device/camera/check', { id: data.id }, { token: demo });
    expect(checked.data).toMatchObject({ state: 2, lastError: expect.stringMatching(/404|not found/i) });

    const off = await add({ name: 'Off', url: rtsp.url('/cam2'), enabled: false });
    expect((await post(t.app, '/api/device/camera/watch', { id: off.data.id }, { token: demo })).key).toBe(
      'cameraDisabled',
    );
  }, 40_000);
});

describe("a device's camera on the wall (camera/watchDevice)", () => {
  it('is refused to the visitor and to a wall user without its button, and the door unit is sent nothing', async () => {
    // An online door unit: before the guard, the visitor's request sent it a hidden videoCall.
    const [door] = await addDevices(t.app, 1, { kind: 'doorUnit' });
    await t.app.db.update(devices).set({ state: DEVICE_STATE.online }).where(eq(devices.id, door!.id));
    const visitor = String(
      (await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization,
    );
    await addUser(t.app, {
      tenant: demoTenant,
      username: 'wallonly',
      roleIds: [await addRole(t.app, demoTenant, 'Wall only', ['monitor'])],
    });
    await addUser(t.app, {
      tenant: demoTenant,
      username: 'wallwatcher',
      roleIds: [await addRole(t.app, demoTenant, 'Wall watcher', ['monitor', CAMERA_MARK_WATCH_DEVICE])],
    });
    const wallOnly = (await login(t.app, 'wallonly', 'secret1')).token;
    const watcher = (await login(t.app, 'wallwatcher', 'secret1')).token;
    const watch = (imei: string, token: string) => post(t.app, '/api/device/camera/watchDevice', { imei }, { token });

    const byVisitor = await watch(door!.imei, visitor);
    expect([byVisitor.code, byVisitor.key]).toEqual([403, 'readOnlyVisitor']);
    const byWallOnly = await watch(door!.imei, wallOnly);
    expect([byWallOnly.code, byWallOnly.key]).toEqual([403, 'noPermission']);
    const sent = await t.app.db
      .select({ id: deviceCommands.id })
      .from(deviceCommands)
      .where(and(eq(deviceCommands.imei, door!.imei), eq(deviceCommands.cmd, 'videoCall')));
    expect(sent).toEqual([]);
    // The button lets its holder through the guard (an unknown device is then not found).
    expect((await watch('860999999999999', watcher)).key).toBe('notFound');
  }, 30_000);
});
