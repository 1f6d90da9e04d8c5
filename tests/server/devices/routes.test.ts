import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DeviceDetail,
  DeviceEventRow,
  DeviceInfo,
  DeviceSecretRow,
  DeviceStats,
  LocationPoint,
  TelemetryPoint,
} from '../../../src/shared/devices/api';
import { demoFleet } from '../../../src/shared/devices/demo';
import { KIND_INFO } from '../../../src/shared/devices/kinds';
import { deviceEvents, deviceLocations, deviceReadings, devices, products } from '../../../src/server/db/schema';
import { deviceKey, deviceSecret } from '../../../src/server/devices/secrets';
import { post, type TestApp } from '../helper';
import { demoApp, tenantWithAdmin, type Row } from '../org-helper';

let t: TestApp;
let su: string;
let demo: string;
let demoTenant: number;
let other: string;
let visitor: string;
const fleet = demoFleet();
const helmet = fleet.find((d) => d.kind === 'helmet')!;
const smoke = fleet.find((d) => d.kind === 'smoke')!;

beforeAll(async () => {
  ({ t, su, demo, demoTenant } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
  visitor = String((await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization);
});
afterAll(() => t?.close());

const api = <T = Row>(path: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/device/${path}`, body, { token });
const idOf = async (imei: string) =>
  (await t.app.db.select({ id: devices.id }).from(devices).where(eq(devices.imei, imei)))[0]!.id;
const at = (min: number) => new Date(Date.UTC(2026, 0, 1, 0, min));

describe('device detail and info', () => {
  it('detail: the row, live data and the commands of the kind; 404 across tenants', async () => {
    await t.app.db
      .update(devices)
      .set({ lastValues: { heartRate: 71 }, settingsVersion: 2, locatedAt: at(5) })
      .where(eq(devices.imei, helmet.imei));
    const res = await api<DeviceDetail>('device/detail', { imei: helmet.imei });
    expect(res.data).toMatchObject({
      imei: helmet.imei,
      kind: 'helmet',
      tenantId: demoTenant,
      lat: helmet.lat,
      lon: helmet.lon,
      lastValues: { heartRate: 71 },
      settingsVersion: 2,
      settingsAckedVersion: 0,
      locatedAt: at(5).toISOString(),
      commands: [...KIND_INFO.helmet.commands],
      messageType: helmet.messageType,
    });
    expect(res.data.productId).toBeTypeOf('number');
    const button = fleet.find((d) => d.kind === 'fireButton')!;
    expect((await api<DeviceDetail>('device/detail', { imei: button.imei }, visitor)).data.commands).toEqual([]);
    expect((await api('device/detail', { imei: helmet.imei }, other)).code).toBe(404);
    expect((await api('device/detail', { imei: '000000000000000' })).code).toBe(404);
    expect((await api('device/detail', { imei: 'bad!' })).code).toBe(400);
    expect((await api('device/detail', { imei: helmet.imei }, su)).code).toBe(0);
  });

  it('getDeviceInfo: image from the sku or the product, lastConnectTime the later of comm and offline', async () => {
    const id = await idOf(smoke.imei);
    await t.app.db
      .update(devices)
      .set({ lastCommunicationAt: at(10), battery: 55, sku: '{"imgSrc":"/img/smoke.png"}' })
      .where(eq(devices.id, id));
    let info = (await api<DeviceInfo>('deviceinfo/getDeviceInfo', { imei: smoke.imei })).data;
    expect(info).toMatchObject({
      imei: smoke.imei,
      battery: 55,
      name: smoke.name,
      lat: smoke.lat,
      lon: smoke.lon,
      imgSrc: '/img/smoke.png',
      lastConnectTime: at(10).toISOString(),
      state: 0,
    });
    await t.app.db.insert(deviceEvents).values({ deviceId: id, tenantId: demoTenant, ts: at(20), type: 'offline' });
    const [d] = await t.app.db.select({ productId: devices.productId }).from(devices).where(eq(devices.id, id));
    await t.app.db.update(products).set({ image: '/img/product.png' }).where(eq(products.id, d!.productId!));
    await t.app.db.update(devices).set({ sku: '{"imgSrc":""}' }).where(eq(devices.id, id));
    info = (await api<DeviceInfo>('deviceinfo/getDeviceInfo', { imei: smoke.imei })).data;
    expect(info).toMatchObject({ imgSrc: '/img/product.png', lastConnectTime: at(20).toISOString() });
    expect((await api('deviceinfo/getDeviceInfo', { imei: smoke.imei }, other)).code).toBe(404);
  });
});

describe('series', () => {
  it('telemetry and locations oldest first, the newest window when limited; events newest first', async () => {
    const id = await idOf(helmet.imei);
    await t.app.db
      .insert(deviceReadings)
      .values(
        [3, 1, 2, 4].map((m) => ({ deviceId: id, tenantId: demoTenant, ts: at(m), values: { heartRate: 60 + m } })),
      );
    await t.app.db
      .insert(deviceLocations)
      .values([2, 1, 3].map((m) => ({ deviceId: id, tenantId: demoTenant, ts: at(m), lat: 22 + m / 100, lon: 114 })));
    await t.app.db
      .insert(deviceEvents)
      .values(
        [1, 3, 2].map((m) => ({ deviceId: id, tenantId: demoTenant, ts: at(m), type: 'alarm', name: 'sos', value: m })),
      );

    const all = (await api<TelemetryPoint[]>('device/telemetry', { imei: helmet.imei })).data;
    expect(all.map((p) => p.values.heartRate)).toEqual([61, 62, 63, 64]);
    const last2 = (await api<TelemetryPoint[]>('device/telemetry', { imei: helmet.imei, limit: 2 })).data;
    expect(last2.map((p) => p.ts)).toEqual([at(3).toISOString(), at(4).toISOString()]);
    const ranged = (
      await api<TelemetryPoint[]>('device/telemetry', {
        imei: helmet.imei,
        from: at(2).toISOString(),
        to: at(3).toISOString(),
      })
    ).data;
    expect(ranged.map((p) => p.values.heartRate)).toEqual([62, 63]);

    const locs = (await api<LocationPoint[]>('device/locations', { imei: helmet.imei, limit: 2 })).data;
    expect(locs.map((p) => p.lat)).toEqual([22.02, 22.03]);
    expect(locs[0]).toMatchObject({ source: 'gps', lon: 114, floor: null });

    const events = (await api<DeviceEventRow[]>('device/events', { imei: helmet.imei, limit: 2 })).data;
    expect(events.map((e) => e.value)).toEqual([3, 2]);
    expect(events[0]).toMatchObject({ type: 'alarm', name: 'sos' });
    expect((await api('device/telemetry', { imei: helmet.imei }, other)).code).toBe(404);
    expect((await api('device/telemetry', { imei: helmet.imei, limit: 0 })).code).toBe(400);
  });
});

describe('stats and secrets', () => {
  it("counts the caller's devices by state and kind", async () => {
    await t.app.db.update(devices).set({ state: 1 }).where(eq(devices.imei, helmet.imei));
    const s = (await api<DeviceStats>('device/stats', {})).data;
    expect(s.total).toBe(fleet.length);
    expect(s).toMatchObject({ online: 1, offline: fleet.length - 1, inactive: 0, abnormal: 0 });
    expect(s.byKind.helmet).toBe(fleet.filter((d) => d.kind === 'helmet').length);
    expect((await api<DeviceStats>('device/stats', {}, other)).data.total).toBe(0);
    expect((await api<DeviceStats>('device/stats', {}, su)).data.total).toBe(fleet.length + 6);
  });

  it('secrets: devices in scope only, derived from the secret version', async () => {
    const key = await deviceKey(t.app.db);
    const res = await api<{ rows: DeviceSecretRow[] }>('device/secrets', { imeis: [helmet.imei, '000000000000000'] });
    expect(res.data.rows).toEqual([{ imei: helmet.imei, kind: 'helmet', secret: deviceSecret(key, helmet.imei, 1) }]);
    expect(
      (await api<{ rows: DeviceSecretRow[] }>('device/secrets', { imeis: [helmet.imei] }, other)).data.rows,
    ).toEqual([]);
    expect((await api('device/secrets', { imeis: [helmet.imei] }, visitor)).code).toBe(403);
    expect(
      (await api<{ rows: DeviceSecretRow[] }>('device/secrets', { imeis: [helmet.imei] }, su)).data.rows,
    ).toHaveLength(1);
  });
});
