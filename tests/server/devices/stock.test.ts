import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOCATION_ACTION, STOCK_STATE } from '../../../src/shared/codes';
import { demoFleet } from '../../../src/shared/devices/demo';
import { departments, deviceAllocations, devices, deviceGroups } from '../../../src/server/db/schema';
import { tenantId } from '../fixtures';
import { post, type TestApp } from '../helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../org-helper';

let t: TestApp;
let su: string;
let demo: string;
let demoTenant: number;
let platform: number;
let other: { tenant: number; token: string; userId: number };
let visitor: string;

beforeAll(async () => {
  ({ t, su, demo, demoTenant } = await demoApp());
  platform = await tenantId(t.app, 'Platform');
  other = await tenantWithAdmin(t.app, 'Other Co', 'otheradmin');
  visitor = String((await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization);
});
afterAll(() => t?.close());

const api = <T = Row>(path: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/device/${path}`, body, { token });
const rnd = () => `86${String(Math.floor(Math.random() * 1e13)).padStart(13, '0')}`;
const rowOf = async (id: number) => (await t.app.db.select().from(devices).where(eq(devices.id, id)))[0]!;

async function stockDevice(stockState: number = STOCK_STATE.inStock): Promise<number> {
  const added = await api<Row>('device/add', { imei: rnd(), kind: 'watch' }, su);
  await t.app.db.update(devices).set({ stockState }).where(eq(devices.id, added.data.id));
  return added.data.id;
}

describe('stock flow', () => {
  it('stock-in: pending or recycled -> in stock, super only', async () => {
    const pending = await stockDevice(STOCK_STATE.pendingIn);
    expect((await api('device/stockIn', { ids: [pending] })).code).toBe(403);
    const res = await api('device/stockIn', { ids: [pending], note: 'arrived' }, su);
    expect(res.code).toBe(0);
    expect((await rowOf(pending)).stockState).toBe(STOCK_STATE.inStock);
    expect((await api('device/stockIn', { ids: [pending] }, su)).key).toBe('noSuchTransition');
    const [log] = await t.app.db.select().from(deviceAllocations).where(eq(deviceAllocations.deviceId, pending));
    expect(log).toMatchObject({
      action: ALLOCATION_ACTION.stockIn,
      tenantId: platform,
      fromTenantId: platform,
      note: 'arrived',
      operatorName: 'Super administrator',
    });
  });

  it('allocate -> bind -> unbind -> recycle -> stock-in, with the log; refused steps change nothing', async () => {
    const id = await stockDevice();
    const [dep] = await t.app.db
      .insert(departments)
      .values({ tenantId: demoTenant, name: 'Site A' })
      .returning({ id: departments.id });
    const [foreignDep] = await t.app.db
      .insert(departments)
      .values({ tenantId: other.tenant, name: 'Elsewhere' })
      .returning({ id: departments.id });
    // Not in the tenant's scope before allocation.
    expect((await api('device/allocate', { ids: [id], tenantId: demoTenant })).code).toBe(404);
    expect(
      (await api('device/allocate', { ids: [id], tenantId: demoTenant, departmentId: foreignDep!.id }, su)).key,
    ).toBe('refInvalid');
    expect((await api('device/allocate', { ids: [id], tenantId: 99999 }, su)).key).toBe('refInvalid');
    expect((await api('device/allocate', { ids: [id], tenantId: demoTenant, departmentId: dep!.id }, su)).code).toBe(0);
    let d = await rowOf(id);
    expect(d).toMatchObject({ tenantId: demoTenant, stockState: STOCK_STATE.assigned, departmentId: dep!.id });
    expect((await api('device/unbind', { ids: [id] })).key).toBe('noSuchTransition');
    expect((await api('device/bind', { id, userId: other.userId })).key).toBe('refInvalid');
    expect((await rowOf(id)).stockState).toBe(STOCK_STATE.assigned);
    expect((await api('device/bind', { id, personName: 'Li', personPhone: '13900000000' }, visitor)).code).toBe(403);
    expect((await api('device/bind', { id, personName: 'Li', personPhone: '13900000000' })).code).toBe(0);
    expect(await rowOf(id)).toMatchObject({ stockState: STOCK_STATE.bound, personName: 'Li' });
    expect((await api('device/unbind', { ids: [id] }, other.token)).code).toBe(404);
    expect((await api('device/unbind', { ids: [id] })).code).toBe(0);
    expect(await rowOf(id)).toMatchObject({ stockState: STOCK_STATE.unbound, personName: null });
    // The tenant's admin may re-allocate within the tenant but not give it away.
    expect((await api('device/allocate', { ids: [id], tenantId: other.tenant })).code).toBe(403);
    // Another tenant's id and one that exists nowhere answer alike: the answer confirms no id.
    const answer = async (tenantId: number) => {
      const res = await api('device/allocate', { ids: [id], tenantId });
      return { code: res.code, key: res.key, msg: res.msg };
    };
    expect(await answer(2_000_000_000)).toEqual(await answer(other.tenant));
    expect((await api('device/allocate', { ids: [id], tenantId: demoTenant })).code).toBe(0);
    const before = (await rowOf(id)).secretVersion;
    expect((await api('device/recycle', { ids: [id] }, other.token)).code).toBe(404);
    expect((await api('device/recycle', { ids: [id], note: 'returned' })).code).toBe(0);
    d = await rowOf(id);
    expect(d).toMatchObject({
      tenantId: platform,
      stockState: STOCK_STATE.recycled,
      state: 2,
      secretVersion: before + 1,
      departmentId: null,
      userId: null,
      groupId: null,
    });
    expect((await api('device/recycle', { ids: [id] }, su)).key).toBe('noSuchTransition');
    expect((await api('device/stockIn', { ids: [id] }, su)).code).toBe(0);
    const logs = await t.app.db
      .select({ action: deviceAllocations.action })
      .from(deviceAllocations)
      .where(eq(deviceAllocations.deviceId, id))
      .orderBy(deviceAllocations.id);
    expect(logs.map((l) => l.action)).toEqual([2, 3, 4, 2, 5, 1]);
    const visible = await list(t.app, 'allocation', { filters: { imei: d.imei } }, demo, 'device');
    expect(visible.rows.map((r) => r.action).sort()).toEqual([2, 2, 3, 4]);
  });

  it('a change of tenant clears the group; a refused batch changes nothing', async () => {
    const fleet = demoFleet();
    const ids = (
      await t.app.db
        .select({ id: devices.id })
        .from(devices)
        .where(inArray(devices.imei, [fleet[0]!.imei, fleet[1]!.imei]))
    ).map((r) => r.id);
    const good = await stockDevice();
    // One bound device in the batch: nothing moves.
    expect((await api('device/allocate', { ids: [good, ids[0]!], tenantId: other.tenant }, su)).key).toBe(
      'noSuchTransition',
    );
    expect((await rowOf(good)).stockState).toBe(STOCK_STATE.inStock);
    expect((await api('device/allocate', { ids: [ids[0]!], tenantId: other.tenant }, other.token)).code).toBe(404);
    expect((await api('device/unbind', { ids }, su)).code).toBe(0);
    expect((await rowOf(ids[0]!)).groupId).not.toBeNull();
    expect((await api('device/allocate', { ids, tenantId: other.tenant }, su)).code).toBe(0);
    const moved = await rowOf(ids[0]!);
    expect(moved).toMatchObject({ tenantId: other.tenant, groupId: null, stockState: STOCK_STATE.assigned });
    expect((await api('device/detail', { imei: moved.imei }, other.token)).code).toBe(0);
    expect((await api('device/detail', { imei: moved.imei })).code).toBe(404);
    expect(await t.app.db.$count(deviceGroups)).toBeGreaterThan(0);
  });
});
