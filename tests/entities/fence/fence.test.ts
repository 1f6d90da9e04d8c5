/**
 * Fence routes: add/update with validation and assignment, the generic list/get/delete/export,
 * devices/active/states, and tenant isolation (another tenant's fences, devices and groups are
 * as unknown as missing ones).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceGroups, devices } from '../../../src/server/db/schema';
import { eq } from 'drizzle-orm';
import { post } from '../../server/helper';
import { addDevices, type TestDevice } from '../../server/ingest-helper';
import { demoApp, list, tenantWithAdmin } from '../../server/org-helper';
import type { TestApp } from '../../server/helper';

let t: TestApp;
let demo: string;
let su: string;
let other: { tenant: number; token: string };
let mine: TestDevice[];
let theirs: TestDevice;
let groupId: number;
let foreignGroup: number;

const circle = {
  name: 'Gate',
  type: 1,
  shape: 0,
  radius: 120,
  longitude: 114.06,
  latitude: 22.54,
  description: 'main gate',
};
const square = {
  name: 'Yard',
  type: 0,
  shape: 1,
  points: [
    [114, 22],
    [114.01, 22],
    [114.01, 22.01],
    [114, 22.01],
  ],
};

beforeAll(async () => {
  const d = await demoApp();
  ({ t, demo, su } = d);
  other = await tenantWithAdmin(t.app, 'Other Co', 'fenceother');
  mine = await addDevices(t.app, 3);
  [theirs] = (await addDevices(t.app, 1, { tenantId: other.tenant })) as [TestDevice];
  [{ id: groupId }] = (await t.app.db
    .insert(deviceGroups)
    .values({ tenantId: d.demoTenant, name: 'Night shift' })
    .returning({ id: deviceGroups.id })) as [{ id: number }];
  [{ id: foreignGroup }] = (await t.app.db
    .insert(deviceGroups)
    .values({ tenantId: other.tenant, name: 'Theirs' })
    .returning({ id: deviceGroups.id })) as [{ id: number }];
  await t.app.db.update(devices).set({ groupId }).where(eq(devices.id, mine[2]!.id));
});
afterAll(() => t?.close());

const add = (body: object, token = demo) => post<{ id: number }>(t.app, '/api/device/fence/add', body, { token });

describe('fence/add and fence/update', () => {
  it('stores a circle with its devices and groups, and a polygon with its centroid', async () => {
    const c = await add({ ...circle, imeis: [mine[0]!.imei, mine[0]!.imei], groupIds: [groupId] });
    expect(c.code).toBe(0);
    const got = await post<Record<string, unknown>>(t.app, '/api/device/fence/get', { id: c.data.id }, { token: demo });
    expect(got.data).toMatchObject({
      name: 'Gate',
      type: 1,
      shape: 0,
      status: 1,
      radius: 120,
      longitude: 114.06,
      latitude: 22.54,
      description: 'main gate',
      deviceCount: 2,
    });
    const assigned = await post<{ imeis: string[]; groupIds: number[] }>(
      t.app,
      '/api/device/fence/devices',
      { id: c.data.id },
      { token: demo },
    );
    expect(assigned.data).toMatchObject({ imeis: [mine[0]!.imei], groupIds: [groupId] });

    const p = await add({ ...square, points: [...square.points, [114, 22]] });
    const poly = await post<Record<string, unknown>>(
      t.app,
      '/api/device/fence/get',
      { id: p.data.id },
      { token: demo },
    );
    expect(poly.data.longitude).toBeCloseTo(114.005, 9);
    expect(poly.data.latitude).toBeCloseTo(22.005, 9);
    expect(poly.data.radius).toBeNull();
  });

  it.each([
    ['an empty name', { ...circle, name: ' ' }, 'fenceNameRequired'],
    ['a longitude out of range', { ...circle, longitude: 180.5 }, 'lonInvalid'],
    ['a latitude out of range', { ...circle, latitude: -95 }, 'latInvalid'],
    ['a circle without radius', { ...circle, radius: undefined }, 'required'],
    [
      'a polygon of two points',
      {
        ...square,
        points: [
          [0, 0],
          [1, 1],
        ],
      },
      'polygonTooFewPoints',
    ],
    [
      'a bow tie',
      {
        ...square,
        points: [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
        ],
      },
      'polygonSelfIntersects',
    ],
    [
      'a ring with a hole',
      {
        ...square,
        points: [
          [
            [0, 0],
            [4, 0],
            [4, 4],
          ],
          [
            [1, 1],
            [2, 1],
            [2, 2],
          ],
        ],
      },
      'invalidInput',
    ],
    ['an unknown type', { ...circle, type: 3 }, 'invalidInput'],
  ])('refuses %s with a clear key', async (_what, body, key) => {
    const res = await add(body);
    expect(res).toMatchObject({ status: 200, code: 400, key });
  });

  it('refuses devices and groups of another tenant like unknown ones', async () => {
    const a = await add({ ...circle, imeis: [theirs.imei] });
    const b = await add({ ...circle, imeis: ['999999999999999'] });
    expect(a).toMatchObject({ code: 400, key: 'refInvalid' });
    expect(b).toMatchObject({ code: 400, key: 'refInvalid' });
    expect(await add({ ...circle, groupIds: [foreignGroup] })).toMatchObject({ code: 400, key: 'refInvalid' });
    expect(await add({ ...circle, groupIds: [999_999] })).toMatchObject({ code: 400, key: 'refInvalid' });
  });

  it('updates geometry, status and assignments; omitted assignments and status are kept', async () => {
    const { data } = await add({ ...circle, imeis: [mine[0]!.imei] });
    const up = await post(
      t.app,
      '/api/device/fence/update',
      { id: data.id, ...square, status: 0, imeis: [mine[1]!.imei] },
      { token: demo },
    );
    expect(up.code).toBe(0);
    const got = await post<Record<string, unknown>>(t.app, '/api/device/fence/get', { id: data.id }, { token: demo });
    expect(got.data).toMatchObject({ name: 'Yard', shape: 1, status: 0, radius: null });
    // The ring of a disabled polygon still reaches the editor.
    const ring = await post<{ points: number[][] }>(
      t.app,
      '/api/device/fence/devices',
      { id: data.id },
      { token: demo },
    );
    expect(ring.data.points).toEqual(square.points);
    await post(t.app, '/api/device/fence/update', { id: data.id, ...circle }, { token: demo });
    // An update without status keeps the fence disabled.
    expect(
      (await post<Record<string, unknown>>(t.app, '/api/device/fence/get', { id: data.id }, { token: demo })).data,
    ).toMatchObject({ name: 'Gate', status: 0 });
    const assigned = await post<{ imeis: string[] }>(
      t.app,
      '/api/device/fence/devices',
      { id: data.id },
      { token: demo },
    );
    expect(assigned.data.imeis).toEqual([mine[1]!.imei]);
  });

  it('needs the fence marks: visitors and another tenant cannot change a fence', async () => {
    const { data } = await add(circle);
    const res = await post(
      t.app,
      '/api/device/fence/update',
      { id: data.id, ...circle, name: 'Taken' },
      { token: other.token },
    );
    expect(res).toMatchObject({ code: 404, key: 'notFound' });
    const visitor = String(
      (await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization,
    );
    expect((await add(circle, visitor)).code).not.toBe(0);
    expect((await post(t.app, '/api/device/fence/delete', { ids: [data.id] }, { token: visitor })).code).not.toBe(0);
    // Reading is open to the visitor (the map shows fences to every session of the tenant).
    expect((await post(t.app, '/api/device/fence/active', undefined, { token: visitor })).code).toBe(0);
  });
});

describe('isolation and the generic routes', () => {
  it('lists, gets, exports and deletes only within the tenant', async () => {
    const { data } = await add({ ...circle, name: 'Demo only' });
    const theirsFence = await add({ ...circle, name: 'Other only' }, other.token);
    const rows = (await list(t.app, 'fence', { page: 1, size: 100 }, demo, 'device')).rows;
    expect(rows.some((r) => r.name === 'Demo only')).toBe(true);
    expect(rows.some((r) => r.name === 'Other only')).toBe(false);
    expect(await post(t.app, '/api/device/fence/get', { id: theirsFence.data.id }, { token: demo })).toMatchObject({
      code: 404,
    });
    expect(await post(t.app, '/api/device/fence/devices', { id: theirsFence.data.id }, { token: demo })).toMatchObject({
      code: 404,
    });
    expect(await post(t.app, '/api/device/fence/states', { id: theirsFence.data.id }, { token: demo })).toMatchObject({
      code: 404,
    });
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/device/fence/export',
      payload: { format: 'csv' },
      headers: { authorization: demo },
    });
    expect(csv.body).toContain('Demo only');
    expect(csv.body).not.toContain('Other only');
    // The super administrator sees every tenant's fences.
    const all = (await list(t.app, 'fence', { page: 1, size: 100 }, su, 'device')).rows;
    expect(all.some((r) => r.name === 'Other only')).toBe(true);
    expect(await post(t.app, '/api/device/fence/delete', { ids: [data.id] }, { token: demo })).toMatchObject({
      code: 0,
    });
    expect(await post(t.app, '/api/device/fence/get', { id: data.id }, { token: demo })).toMatchObject({ code: 404 });
  });

  it('answers the enabled fences of the own tenant with geometry for the map', async () => {
    const on = await add({ ...square, name: 'Map on' });
    await add({ ...circle, name: 'Map off', status: 0 });
    await add({ ...circle, name: 'Map other' }, other.token);
    const res = await post<{ name: string; points: unknown; status: number }[]>(
      t.app,
      '/api/device/fence/active',
      undefined,
      { token: demo },
    );
    const names = res.data.map((f) => f.name);
    expect(names).toContain('Map on');
    expect(names).not.toContain('Map off');
    expect(names).not.toContain('Map other');
    expect(res.data.find((f) => f.name === 'Map on')).toMatchObject({ points: square.points, status: 1 });
    expect(on.code).toBe(0);
  });
});
