import { execFileSync } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_STATE } from '../../../src/shared/codes';
import { mediaToolPath } from '../../../src/shared/media-tools';
import { deviceVoices } from '../../../src/entities/device-voice';
import { DEFAULT_SETTINGS } from '../../../src/shared/devices/settings';
import { alarmRecords, deviceCommands, devices } from '../../../src/server/db/schema';
import { saveSettings } from '../../../src/server/devices/commands';
import { packet } from '../../../src/shared/protocols/gt06/packet';
import { gt06Frames, watchFrames } from '../../../src/sim/protocols/frames';
import { login, post, type TestApp } from '../helper';
import { addDevices, until, type TestDevice } from '../ingest-helper';
import { fix, protocolDevices } from './device-sockets';
import { Wire } from './wire';

/**
 * GT06 trackers and watches speaking their real protocols to the service over real sockets
 * (docs/protocols.md): what the "Done when" of each asks: a login and a position stored with the
 * protocol's reply, an SOS raising the SOS alarm, a watch taken off raising the wearing alarm; a
 * watch's voice message and settings; the counters and raw frame log the API shows.
 * devices-jt808-osmand.test.ts has JT/T 808 and OsmAnd.
 */
let t: TestApp;
const { ports, lastLocation, alarmOf } = protocolDevices((app) => (t = app));

describe('GT06', () => {
  let d: TestDevice;
  beforeAll(async () => {
    d = (await addDevices(t.app, 1, { kind: 'locator' }))[0]!;
  });

  it('answers the login, stores a location with its fix and cell, and acknowledges it after the commit', async () => {
    const w = new Wire(ports.gt06!);
    try {
      expect(await w.exchange(gt06Frames.login(d.imei, 1), packet(0x01, 1))).toEqual(packet(0x01, 1));
      const reply = await w.exchange(gt06Frames.location(2, fix(22.5431, 114.0579)), packet(0x12, 2));
      expect(reply).toEqual(packet(0x12, 2));
      const row = await lastLocation(d.id);
      expect(row).toMatchObject({ source: 'gps', valid: true, satellites: 7, speed: 12, heading: 90 });
      expect(row!.lat).toBeCloseTo(22.5431, 5);
      expect(row!.lon).toBeCloseTo(114.0579, 5);
      expect(row!.radio).toEqual({ cells: [{ mcc: 460, mnc: 0, lac: 0x2796, cid: 0x1f6f }] });
      // The heartbeat's battery reaches the device's live fields.
      await w.exchange(gt06Frames.heartbeat(3, 50), packet(0x13, 3));
      await t.app.ingest.drain();
      const [dev] = await t.app.db
        .select({ battery: devices.battery, lat: devices.lat })
        .from(devices)
        .where(eq(devices.id, d.id));
      expect(dev!.battery).toBe(50);
      expect(dev!.lat).toBeCloseTo(22.5431, 5);
    } finally {
      w.socket.destroy();
    }
  });

  it('drives fences like a native device; a fix the tracker marks invalid moves nothing', async () => {
    const [f] = await addDevices(t.app, 1, { kind: 'locator' });
    const demo = (await login(t.app, 'demo', 'demo123')).token;
    const centre = { lat: 22.6, lon: 114.1 };
    const added = await post<{ id: number }>(
      t.app,
      '/api/device/fence/add',
      { name: 'Yard', type: 1, shape: 0, radius: 100, longitude: centre.lon, latitude: centre.lat, imeis: [f!.imei] },
      { token: demo },
    );
    expect(added.code).toBe(0);
    const exits = async () =>
      (
        await t.app.db
          .select()
          .from(alarmRecords)
          .where(and(eq(alarmRecords.deviceId, f!.id), eq(alarmRecords.type, 20)))
      ).length;
    const w = new Wire(ports.gt06!);
    try {
      await w.exchange(gt06Frames.login(f!.imei, 1), 10);
      const at = Date.now() - 60_000;
      await w.exchange(gt06Frames.location(2, { ...centre, at }), 10);
      // 500 m north, but the receiver says its fix is not valid: no exit.
      await w.exchange(
        gt06Frames.location(3, { lat: centre.lat + 0.0045, lon: centre.lon, at: at + 1_000, valid: false }),
        10,
      );
      await t.app.fenceEvaluator.drain();
      expect(await exits()).toBe(0);
      await w.exchange(gt06Frames.location(4, { lat: centre.lat + 0.0045, lon: centre.lon, at: at + 2_000 }), 10);
      await until(async () => (await exits()) === 1, 8_000, 'the fence exit');
    } finally {
      w.socket.destroy();
    }
  });

  it('raises the SOS alarm from an alarm packet', async () => {
    const w = new Wire(ports.gt06!);
    try {
      await w.exchange(gt06Frames.login(d.imei, 1), 10);
      await w.exchange(gt06Frames.alarm(7, fix(22.5, 114.05), 'sos'), packet(0x16, 7));
      await alarmOf(d.id, 15);
    } finally {
      w.socket.destroy();
    }
  });
});

describe('watch', () => {
  let d: TestDevice;
  beforeAll(async () => {
    d = (await addDevices(t.app, 1, { kind: 'watch' }))[0]!;
  });

  it('answers LK, stores a UD position, and a watch taken off the wrist raises the wearing alarm', async () => {
    const w = new Wire(ports.watch!);
    try {
      const lk = Buffer.from(`[SG*${d.imei}*0002*LK]`);
      expect(await w.exchange(watchFrames.link(d.imei, 80, 1200), lk)).toEqual(lk);
      w.socket.write(watchFrames.position(d.imei, fix(31.2304, 121.4737), 79, 1300));
      const row = (await until(() => lastLocation(d.id), 5_000, 'position'))!;
      expect(row).toMatchObject({ source: 'gps', valid: true, satellites: 7 });
      expect(row.lat).toBeCloseTo(31.2304, 5);
      const al = Buffer.from(`[SG*${d.imei}*0002*AL]`);
      expect(await w.exchange(watchFrames.alarm(d.imei, fix(31.2304, 121.4737), 78, 'removed'), al)).toEqual(al);
      await alarmOf(d.id, 4);
    } finally {
      w.socket.destroy();
    }
  });

  it('stores a voice message (AMR) as a playable WAV in the device voice list', async () => {
    // One second of tone in AMR-NB, as a watch records it (the packaged ffmpeg encodes it).
    const amr = execFileSync(mediaToolPath('ffmpeg'), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=f=440:d=1',
      '-ar',
      '8000',
      '-ac',
      '1',
      '-c:a',
      'libopencore_amrnb',
      '-b:a',
      '12.2k',
      '-f',
      'amr',
      'pipe:1',
    ]);
    const w = new Wire(ports.watch!);
    try {
      await w.exchange(watchFrames.link(d.imei, 80), 10);
      const reply = Buffer.from(`[SG*${d.imei}*0004*TK,1]`);
      expect(await w.exchange(watchFrames.voice(d.imei, amr), reply)).toEqual(reply);
      const row = await until(
        async () => (await t.app.db.select().from(deviceVoices).where(eq(deviceVoices.deviceId, d.id)))[0],
        15_000,
        'the voice row',
      );
      expect(row!.imei).toBe(d.imei);
      expect(row!.durationMs).toBeGreaterThan(900);
      expect(row!.durationMs).toBeLessThan(1_100);
      const file = await t.app.storage.get(row!.file);
      expect(file).toBeTruthy();
    } finally {
      w.socket.destroy();
    }
  });

  it("says a settings push in the watch's commands: interval, SOS numbers, do-not-disturb; sent is as far as it is acknowledged", async () => {
    const w = new Wire(ports.watch!);
    try {
      await w.exchange(watchFrames.link(d.imei, 80), 10);
      const device = await until(
        async () =>
          (
            await t.app.db
              .select()
              .from(devices)
              .where(and(eq(devices.id, d.id), eq(devices.state, DEVICE_STATE.online)))
          )[0],
        5_000,
        'online',
      );
      const settings = {
        ...DEFAULT_SETTINGS,
        positionInterval: 5,
        sosNumbers: ['13800000009'],
        doNotDisturb: ['22:00-07:00'],
      };
      const { commandId } = await saveSettings(t.app, device!, settings, { id: 0, name: 'test' });
      await until(() => w.got.toString('latin1').includes('SILENCETIME'), 5_000, 'the settings frames');
      const text = w.got.toString('latin1');
      expect(text).toContain(`[SG*${d.imei}*000A*UPLOAD,300]`);
      expect(text).toContain('SOS,13800000009,,');
      expect(text).toContain('SILENCETIME,22:00-07:00]');
      const row = await until(
        async () =>
          (
            await t.app.db
              .select()
              .from(deviceCommands)
              .where(and(eq(deviceCommands.id, commandId), eq(deviceCommands.ackOk, true)))
          )[0],
        5_000,
        'settings acknowledged',
      );
      expect(row!.ackMsg).toBe('sent; watch does not acknowledge');
    } finally {
      w.socket.destroy();
    }
  });
});

describe('counters and the raw frame log over the API (docs/protocols.md "Leniencies")', () => {
  it("answers the listeners' counters with their irregularities, and a device's irregular counts with its frames", async () => {
    const [d] = await addDevices(t.app, 1, { kind: 'locator' });
    const w = new Wire(ports.gt06!);
    try {
      await w.exchange(gt06Frames.login(d!.imei, 1), packet(0x01, 1));
    } finally {
      w.socket.destroy();
    }
    const su = (await login(t.app, 'admin', 'admin123')).token;
    const stats = await post<{ protocols: Record<string, { frames: number; irregular: Record<string, number> }> }>(
      t.app,
      '/api/device/ingest/stats',
      {},
      { token: su },
    );
    expect(stats.code).toBe(0);
    expect(stats.data.protocols.gt06!.frames).toBeGreaterThan(0);
    expect(stats.data.protocols.gt06!.irregular).toEqual(expect.any(Object));
    expect(stats.data.protocols).toHaveProperty('osmand');
    const log = await post<{ protocol: string; irregular: Record<string, number>; frames: unknown[] }>(
      t.app,
      '/api/device/device/frames',
      { imei: d!.imei },
      { token: su },
    );
    expect(log.code).toBe(0);
    expect(log.data).toMatchObject({ protocol: 'gt06', irregular: {} });
    expect(log.data.frames.length).toBeGreaterThanOrEqual(2);
  });
});
