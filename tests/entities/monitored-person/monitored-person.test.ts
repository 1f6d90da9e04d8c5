/**
 * Monitored persons: validation (period, level, crime type), binding a bracelet assigns it to the
 * person's fence (and unbinding takes it off), one person per device, masking for a role without
 * the list's menu, audited views, tenant isolation, console check-ins and the supervision
 * figures; and the supervisor alarm routing end to end: a bracelet leaving its fence through the
 * real ingest raises a fence exit whose push reaches the supervisor (who holds no alarm menu).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LonLat } from '../../../src/shared/geo/fence';
import { topics } from '../../../src/shared/topics';
import type { EmbeddedBroker } from '../../../src/server/broker/types';
import { auditLog } from '../../../src/entities/audit-log';
import { fenceDevices } from '../../../src/entities/fence';
import { addRole, addUser, tenantId } from '../../server/fixtures';
import { buildTestApp, login, post, type TestApp } from '../../server/helper';
import { addDevices, type TestDevice } from '../../server/ingest-helper';
import { list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { consoleInbox, type ConsoleInbox } from '../../server/push-helper';
import { FENCE_PLACE } from '../../../src/entities/monitored-person/resource';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: { tenant: number; token: string };
let supervisorId: number;
let supervisorToken: string;
let fenceId: number;
let keyFenceId: number;
let bracelets: TestDevice[];
let helmet: TestDevice;
let inbox: ConsoleInbox | undefined;

const C: LonLat = [114.0498, 22.5512];
const north = (m: number): LonLat => [C[0], C[1] + m / 111_195];
let clockTs = Date.now() - 3_600_000;

/**
 * The day `days` from now (YYYY-MM-DD): a person's period runs around today, whatever the date,
 * so the supervision figures (which count the persons whose period holds the tenant's today)
 * include the test's persons. A fixed period ended, and the figures lost them, on its last day.
 */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const api = <T = Row>(path: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/user/monitoredPerson/${path}`, body, { token });
const base = () => ({
  name: '张三',
  phone: '13800001234',
  email: 'zhang@example.com',
  idNumber: '110101199001011234',
  birthDate: '1990-01-01',
  emergencyName: '李四',
  emergencyPhone: '13900005678',
  emergencyAddress: '深圳市福田区某街道1号',
  gender: 1,
  level: 2,
  crimeType: 5,
  startDate: dayFromNow(-30),
  endDate: dayFromNow(30),
  supervisorId,
});
async function addPerson(extra: object = {}, token = demo): Promise<number> {
  const res = await api<Row>('add', { ...base(), ...extra }, token);
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
}
const pairs = async (deviceId: number) =>
  (await t.app.db.select().from(fenceDevices).where(eq(fenceDevices.deviceId, deviceId))).map((r) => r.fenceId);

beforeAll(async () => {
  t = await buildTestApp({ embeddedBroker: true });
  demo = (await login(t.app, 'demo', 'demo123')).token;
  demoTenant = await tenantId(t.app, 'Demo Site');
  other = await tenantWithAdmin(t.app, 'Other Supervision Co', 'othersupervision');
  // The supervisor holds the supervision screens only: no alarm menu.
  const role = await addRole(t.app, demoTenant, 'supervisor', ['regulatoryList', 'regulatoryUser']);
  supervisorId = await addUser(t.app, { tenant: demoTenant, username: 'supervisor1', roleIds: [role] });
  supervisorToken = (await login(t.app, 'supervisor1', 'secret1')).token;
  bracelets = await addDevices(t.app, 4, { kind: 'ankle' });
  [helmet] = (await addDevices(t.app, 1, { kind: 'helmet' })) as [TestDevice];
  const fence = await post<{ id: number }>(
    t.app,
    '/api/device/fence/add',
    { name: 'Home', type: 1, shape: 0, radius: 100, longitude: C[0], latitude: C[1], dwell: 0 },
    { token: demo },
  );
  fenceId = fence.data.id;
  keyFenceId = (
    await post<{ id: number }>(
      t.app,
      '/api/device/fence/add',
      { name: 'Keep out', type: 0, shape: 0, radius: 100, longitude: C[0], latitude: C[1] },
      { token: demo },
    )
  ).data.id;
}, 300_000);
afterAll(async () => {
  await inbox?.client.endAsync(true).catch(() => {});
  await t?.close();
});

describe('validation', () => {
  it.each([
    ['an end before the start', { startDate: '2026-05-01', endDate: '2026-04-01' }, 'rangeInvalid'],
    ['an end on the start', { startDate: '2026-05-01', endDate: '2026-05-01' }, 'rangeInvalid'],
    ['a crime type out of range', { crimeType: 11 }, 'mustChooseOne'],
    ['a level of 4', { level: 4 }, 'mustChooseOne'],
    ['a level of 0', { level: 0 }, 'mustChooseOne'],
    ['no supervisor', { supervisorId: undefined }, 'required'],
    ['a helmet as bracelet', { deviceId: 0 }, 'personDeviceNotWearable'],
    ['a key fence', { fenceId: 0 }, 'personFenceNotElectronic'],
  ])('refuses %s', async (_what, extra, key) => {
    const body: Record<string, unknown> = { ...base(), ...extra };
    if ('deviceId' in extra) body.deviceId = helmet.id;
    if ('fenceId' in extra) body.fenceId = keyFenceId;
    const res = await api('add', body);
    expect(res).toMatchObject({ code: 400, key });
  });

  it('accepts the ten categories and other, and an update that moves the end before the start is refused', async () => {
    for (const crimeType of [0, 1, 10]) await addPerson({ crimeType });
    const id = await addPerson();
    expect(await api('update', { id, ...base(), endDate: dayFromNow(-31) })).toMatchObject({
      code: 400,
      key: 'rangeInvalid',
    });
  });
});

describe('binding', () => {
  it('assigns the bracelet to the fence, moves it on rebinding and takes it off on unbinding and delete', async () => {
    const [a, b] = bracelets as [TestDevice, TestDevice];
    const id = await addPerson({ deviceId: a.id, fenceId });
    expect(await pairs(a.id)).toEqual([fenceId]);
    const assigned = await post<{ imeis: string[] }>(
      t.app,
      '/api/device/fence/devices',
      { id: fenceId },
      { token: demo },
    );
    expect(assigned.data.imeis).toContain(a.imei);
    // Another bracelet: the first leaves the fence.
    expect((await api('update', { id, ...base(), deviceId: b.id, fenceId })).code).toBe(0);
    expect(await pairs(a.id)).toEqual([]);
    expect(await pairs(b.id)).toEqual([fenceId]);
    // Unbound: the fence no longer watches it.
    expect((await api('update', { id, ...base(), deviceId: null, fenceId })).code).toBe(0);
    expect(await pairs(b.id)).toEqual([]);
    expect((await api('update', { id, ...base(), deviceId: b.id, fenceId })).code).toBe(0);
    expect((await api('delete', { ids: [id] })).code).toBe(0);
    expect(await pairs(b.id)).toEqual([]);
  });

  it('lets one person wear a device: a second is refused', async () => {
    const d = bracelets[2]!;
    const first = await addPerson({ deviceId: d.id, fenceId });
    expect(await api('add', { ...base(), deviceId: d.id })).toMatchObject({ code: 400, key: 'personDeviceTaken' });
    // The wearer may save again with the same device.
    expect((await api('update', { id: first, ...base(), deviceId: d.id, fenceId, name: '张三丰' })).code).toBe(0);
    await api('delete', { ids: [first] });
  });
});

describe('privacy', () => {
  it('masks phone, e-mail, ID number, birth date and emergency contact for a role without the list menu; the supervisor sees them', async () => {
    const id = await addPerson();
    const role = await addRole(t.app, demoTenant, 'devices only', ['DeviceList']);
    await addUser(t.app, { tenant: demoTenant, username: 'deviceclerk', roleIds: [role] });
    const clerk = (await login(t.app, 'deviceclerk', 'secret1')).token;
    const masked = (await api<Row>('get', { id }, clerk)).data;
    expect(masked).toMatchObject({
      name: '张三',
      phone: '138****1234',
      email: 'z***@example.com',
      idNumber: '1101**********1234',
      birthDate: '1990-**-**',
      emergencyPhone: '139****5678',
      emergencyAddress: '深圳市福田区****',
    });
    const row = (await list(t.app, 'monitoredPerson', { filters: { name: '张三' }, size: 100 }, clerk)).rows.find(
      (r) => r.id === id,
    )!;
    expect(row.phone).toBe('138****1234');
    const detail = await api<{ person: Row }>('detail', { id }, clerk);
    expect(detail.data.person).toMatchObject({ idNumber: '1101**********1234', emergencyAddress: '深圳市福田区****' });
    // The offence is special-category data: hidden whole, and no filter or sort may tell it row by row.
    expect(masked.crimeType).toBeNull();
    expect(row.crimeType).toBeNull();
    expect(detail.data.person.crimeType).toBeNull();
    const askedBy = async (body: object) => post(t.app, '/api/user/monitoredPerson/list', body, { token: clerk });
    expect(await askedBy({ filters: { crimeType: 1 } })).toMatchObject({ code: 403 });
    expect(await askedBy({ sort: [{ field: 'crimeType', order: 'asc' }] })).toMatchObject({ code: 403 });
    const full = (await api<Row>('get', { id }, supervisorToken)).data;
    expect(typeof full.crimeType).toBe('number');
    expect(full).toMatchObject({
      phone: '13800001234',
      idNumber: '110101199001011234',
      birthDate: '1990-01-01',
      emergencyAddress: '深圳市福田区某街道1号',
    });
  });

  it('writes every view (get and detail) to the audit log with who looked', async () => {
    const id = await addPerson();
    const views = async () =>
      t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.resource, 'user/monitoredPerson'), eq(auditLog.rowId, id), eq(auditLog.action, 'view')));
    expect(await views()).toHaveLength(0);
    await api('get', { id }, supervisorToken);
    await api('detail', { id }, supervisorToken);
    const rows = await views();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.userId === supervisorId && r.tenantId === demoTenant)).toBe(true);
    // A refused view (another tenant) is not a view.
    await api('get', { id }, other.token);
    expect(await views()).toHaveLength(2);
  });

  it('keeps tenants apart: another company neither sees, reads nor binds into them', async () => {
    const id = await addPerson({ name: '王五' });
    expect((await list(t.app, 'monitoredPerson', { size: 100 }, other.token)).rows.some((r) => r.id === id)).toBe(
      false,
    );
    expect(await api('get', { id }, other.token)).toMatchObject({ code: 404 });
    expect(await api('detail', { id }, other.token)).toMatchObject({ code: 404 });
    expect(await api('checkIn', { id }, other.token)).toMatchObject({ code: 404 });
    const theirs = await addUser(t.app, { tenant: other.tenant, username: 'theirsupervisor' });
    expect(await api('add', { ...base(), supervisorId: theirs })).toMatchObject({ code: 400, key: 'refInvalid' });
    const [theirDevice] = await addDevices(t.app, 1, { kind: 'ankle', tenantId: other.tenant });
    expect(await api('add', { ...base(), deviceId: theirDevice!.id })).toMatchObject({ code: 400, key: 'refInvalid' });
  });
});

describe('check-ins', () => {
  it('checks a person in once a day at the console and counts the figures', async () => {
    const id = await addPerson({ name: '签到人' });
    expect((await api<{ checkedIn: boolean }>('checkIn', { id })).data.checkedIn).toBe(true);
    expect((await api<{ checkedIn: boolean }>('checkIn', { id })).data.checkedIn).toBe(false);
    const got = (await api<Row>('get', { id })).data;
    expect(got.checkedIn).toBe(true);
    const detail = await api<{ checkIns: Row[] }>('detail', { id });
    expect(detail.data.checkIns).toHaveLength(1);
    expect(detail.data.checkIns[0]).toMatchObject({ source: 2 });
    const summary = await post<{ supervision: Record<string, number> }>(
      t.app,
      '/api/device/dashboard/summary',
      { scenario: 'supervision' },
      { token: demo },
    );
    expect(summary.data.supervision.persons).toBeGreaterThan(0);
    expect(summary.data.supervision.checkedIn).toBeGreaterThanOrEqual(1);
  });

  it('refuses the console check-in without the mark', async () => {
    const id = await addPerson();
    expect((await api('checkIn', { id }, supervisorToken)).code).not.toBe(0);
  });
});

describe('alarms reach the supervisor', () => {
  it('a bracelet leaving its fence through the ingest pushes the fence exit to the supervisor within a second', async () => {
    const d = bracelets[3]!;
    const url = `mqtt://127.0.0.1:${await (t.app.broker as EmbeddedBroker).listenTcp(0, '127.0.0.1')}`;
    inbox = await consoleInbox(url, supervisorId, supervisorToken, [topics.userWeb(supervisorId)]);
    const id = await addPerson({ deviceId: d.id, fenceId });
    await t.app.fenceIndex.reload([demoTenant]);
    expect(t.app.fenceIndex.watches(demoTenant, d.id)).toBe(true);
    const fix = async (p: LonLat) => {
      clockTs += 1_000;
      t.app.ingest.handle(
        topics.deviceUp(d.imei),
        Buffer.from(JSON.stringify({ kind: 'location', lon: p[0], lat: p[1], ts: clockTs })),
        null,
      );
      await t.app.ingest.drain();
      await t.app.fenceEvaluator.drain();
    };
    await fix(C);
    expect((await api<Row>('get', { id })).data.fencePlace).toBe(FENCE_PLACE.inside);
    const started = performance.now();
    await fix(north(400));
    const got = await inbox.next('9001', 5_000, (r) => (r.body.alarm as Row | undefined)?.imei === d.imei);
    const latency = performance.now() - started;
    console.log(`supervisor push latency: ${latency.toFixed(0)} ms`);
    expect((got.body.alarm as Row).type).toBe(20);
    expect(got.topic).toBe(topics.userWeb(supervisorId));
    expect(latency).toBeLessThan(5_000);
    expect((await api<Row>('get', { id })).data.fencePlace).toBe(FENCE_PLACE.outside);
    const detail = await api<{ alarms: Row[]; device: Row; fence: Row }>('detail', { id }, supervisorToken);
    expect(detail.data.alarms.map((a) => a.type)).toContain(20);
    expect(detail.data.fence).toMatchObject({ id: fenceId, name: 'Home' });
    const summary = await post<{ supervision: Record<string, number> }>(
      t.app,
      '/api/device/dashboard/summary',
      { scenario: 'supervision' },
      { token: demo },
    );
    expect(summary.data.supervision.outside).toBeGreaterThanOrEqual(1);
  });
});
