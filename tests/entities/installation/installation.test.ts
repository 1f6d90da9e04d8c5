import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFleet } from '../../../src/shared/devices/demo';
import { devices } from '../../../src/server/db/schema';
import { post, type TestApp } from '../../server/helper';
import { demoApp, tenantWithAdmin, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let other: string;
let visitor: string;
const fleet = demoFleet();

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Install Other', 'installother')).token;
  visitor = String((await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization);
}, 180_000);
afterAll(() => t?.close());

const api = <T = Row>(action: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/device/installation/${action}`, body, { token });
const listOf = (body: object, token = demo) =>
  api<{ rows: Row[]; total: number }>('list', { page: 1, size: 500, ...body }, token);
const idOf = async (imei: string) =>
  (await t.app.db.select({ id: devices.id }).from(devices).where(eq(devices.imei, imei)))[0]!.id;

describe('installation (/installationMap)', () => {
  it('the demo fleet is seeded: one record per device with installer, time and place', async () => {
    const res = await listOf({});
    expect(res.code).toBe(0);
    expect(res.data.total).toBe(fleet.length);
    const row = res.data.rows[0]!;
    expect(row).toMatchObject({
      installer: expect.any(String),
      lat: expect.any(Number),
      lon: expect.any(Number),
      deviceKind: expect.any(String),
    });
    // Newest first by default.
    const times = res.data.rows.map((r) => Date.parse(String(r.installedAt)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('add copies the device kind; filters by installer, kind and date; edit; another tenant sees nothing', async () => {
    const smoke = fleet.find((d) => d.kind === 'smoke')!;
    const added = await api('add', {
      deviceId: await idOf(smoke.imei),
      installer: 'Zed Tester',
      installedAt: '2026-03-01T08:00:00.000Z',
      lat: 22.5,
      lon: 114.1,
      address: 'Block C',
      photo: '/api/file/x.png',
    });
    expect(added.code).toBe(0);
    expect(added.data.deviceKind).toBe('smoke');
    expect((await listOf({ filters: { installer: 'zed' } })).data.rows.map((r) => r.id)).toEqual([added.data.id]);
    const kinds = (await listOf({ filters: { deviceKind: 'smoke' } })).data.rows;
    expect(kinds.length).toBeGreaterThan(1);
    expect(kinds.every((r) => r.deviceKind === 'smoke')).toBe(true);
    const march = await listOf({ filters: { installedAt: ['2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z'] } });
    expect(march.data.rows.map((r) => r.id)).toContain(added.data.id);
    const edited = await api('update', { id: added.data.id, installer: 'Zed Second', note: 'moved' });
    expect(edited.code).toBe(0);
    expect((await api('get', { id: added.data.id })).data).toMatchObject({ installer: 'Zed Second', note: 'moved' });
    expect((await listOf({}, other)).data.total).toBe(0);
    expect((await api('get', { id: added.data.id }, other)).code).toBe(404);
  });

  it('refuses bad input, another tenant’s device and visitors', async () => {
    const id = await idOf(fleet[0]!.imei);
    const ok = { deviceId: id, installer: 'A', installedAt: '2026-03-01T08:00:00.000Z', lat: 22.5, lon: 114.1 };
    expect((await api('add', { ...ok, lat: 91 })).code).toBe(400);
    expect((await api('add', { ...ok, installer: '' })).code).toBe(400);
    expect((await api('add', { ...ok, installedAt: undefined })).code).toBe(400);
    const foreign = await api('add', ok, other);
    expect(foreign.code).toBe(400);
    expect((await api('add', ok, visitor)).code).toBe(403);
  });
});
