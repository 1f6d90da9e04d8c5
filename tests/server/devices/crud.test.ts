import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_STATE } from '../../../src/shared/codes';
import { demoFleet } from '../../../src/shared/devices/demo';
import { DEVICE_KINDS } from '../../../src/shared/devices/kinds';
import {
  deviceCategories,
  deviceGroups,
  deviceReadings,
  devices,
  productionBatches,
  products,
} from '../../../src/server/db/schema';
import { seed } from '../../../src/server/db/seed';
import { tenantId } from '../fixtures';
import { buildTestApp, post, type TestApp } from '../helper';
import { demoApp, list, tenantWithAdmin, upload, type Row } from '../org-helper';

let t: TestApp;
let su: string;
let demo: string;
let demoTenant: number;
let platform: number;
let other: { tenant: number; token: string };

beforeAll(async () => {
  ({ t, su, demo, demoTenant } = await demoApp());
  platform = await tenantId(t.app, 'Platform');
  other = await tenantWithAdmin(t.app, 'Other Co', 'otheradmin');
});
afterAll(() => t?.close());

const call = <T = Row>(name: string, action: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/device/${name}/${action}`, body, { token });
const rnd = () => `86${String(Math.floor(Math.random() * 1e13)).padStart(13, '0')}`;

describe('demo seed', () => {
  it('seeds products, categories, groups, the demo fleet and stock', async () => {
    const fleet = demoFleet();
    expect(await t.app.db.$count(products)).toBe(DEVICE_KINDS.length);
    expect(await t.app.db.$count(deviceGroups, eq(deviceGroups.tenantId, demoTenant))).toBe(5);
    expect(await t.app.db.$count(deviceCategories, eq(deviceCategories.pid, 0))).toBe(5);
    expect(await t.app.db.$count(devices, eq(devices.tenantId, demoTenant))).toBe(fleet.length);
    const stock = await t.app.db.select().from(devices).where(eq(devices.tenantId, platform));
    expect(stock.map((d) => d.imei).sort()[0]).toBe('869900000000001');
    expect(stock.every((d) => d.stockState === STOCK_STATE.inStock)).toBe(true);
    const [first] = await t.app.db.select().from(devices).where(eq(devices.imei, fleet[0]!.imei));
    expect(first).toMatchObject({
      kind: fleet[0]!.kind,
      stockState: STOCK_STATE.bound,
      state: 0,
      lat: fleet[0]!.lat,
      messageType: fleet[0]!.messageType,
    });
    expect(JSON.parse(first!.sku!)).toMatchObject({ imgSrc: '' });
    const cbor = fleet.find((d) => d.messageType === 'cbor')!;
    expect(
      (await t.app.db.select({ m: devices.messageType }).from(devices).where(eq(devices.imei, cbor.imei)))[0]!.m,
    ).toBe('cbor');
  });

  it('seeds the devices of an existing demo database that has none, once', async () => {
    const fresh = await buildTestApp();
    try {
      const db = fresh.app.db;
      await db.delete(devices);
      await db.delete(deviceGroups);
      await db.delete(deviceCategories);
      // Production batches of the site operations hold their product.
      await db.delete(productionBatches);
      await db.delete(products);
      const opts = { hasher: fresh.app.hasher, production: false };
      expect((await seed(db, opts)).seeded).toBe(false);
      expect(await db.$count(devices)).toBe(demoFleet().length + 6);
      expect(await db.$count(products)).toBe(DEVICE_KINDS.length);
      await db.delete(devices);
      await seed(db, opts);
      expect(await db.$count(devices)).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

describe('catalogue', () => {
  it('products and categories: everyone reads, only super writes; in use cannot be deleted', async () => {
    const products = await list(t.app, 'product', {}, demo, 'device');
    expect(products.total).toBe(DEVICE_KINDS.length);
    expect(products.rows[0]!.deviceCount).toBeGreaterThan(0);
    expect((await call('product', 'add', { name: 'X', code: 'X1', status: 1 })).code).toBe(403);
    const p = await call('product', 'add', { name: 'X', code: 'X1', status: 1 }, su);
    expect(p.data).toMatchObject({ name: 'X', deviceCount: 0 });
    expect((await call('product', 'update', { id: p.data.id, note: 'n' }, other.token)).code).toBe(403);
    expect((await call('product', 'delete', { ids: [products.rows[0]!.id] }, su)).key).toBe('productInUse');
    expect((await call('product', 'delete', { ids: [p.data.id] }, su)).code).toBe(0);

    const cats = await list(t.app, 'deviceCategory', { filters: { pid: 0 } }, other.token, 'device');
    expect(cats.total).toBe(5);
    expect((await call('deviceCategory', 'add', { name: 'C', status: 1 })).code).toBe(403);
    const c = await call('deviceCategory', 'add', { name: 'C', status: 1, kind: 'helmet' }, su);
    expect(c.code).toBe(0);
    expect((await call('deviceCategory', 'add', { name: 'D', pid: 99999, status: 1 }, su)).key).toBe('refInvalid');
    expect((await call('deviceCategory', 'delete', { ids: [cats.rows[0]!.id] }, su)).key).toBe('productInUse');
    expect((await call('deviceCategory', 'delete', { ids: [c.data.id] }, su)).code).toBe(0);
  });

  it('production records: super only writes', async () => {
    const [p] = (await list(t.app, 'product', {}, su, 'device')).rows;
    expect(
      (await call('productionRecord', 'add', { imei: '861234567890123', productId: p!.id, kind: 'helmet' })).code,
    ).toBe(403);
    const r = await call(
      'productionRecord',
      'add',
      { imei: '861234567890123', productId: p!.id, kind: 'helmet', productionDate: '2026-01-02' },
      su,
    );
    expect(r.data).toMatchObject({ imei: '861234567890123', productionDate: '2026-01-02' });
    // The demo company reads it beside the records its production batches were seeded with.
    expect((await list(t.app, 'productionRecord', { keyword: '861234567890123' }, demo, 'device')).total).toBe(1);
  });

  it('groups: per tenant, deviceCount, not deleted while holding devices', async () => {
    const groups = await list(t.app, 'deviceGroup', {}, demo, 'device');
    expect(groups.total).toBe(5);
    expect(groups.rows[0]!.deviceCount).toBeGreaterThan(0);
    expect((await list(t.app, 'deviceGroup', {}, other.token, 'device')).total).toBe(0);
    expect((await call('deviceGroup', 'delete', { ids: [groups.rows[0]!.id] })).key).toBe('groupNotEmpty');
    expect((await call('deviceGroup', 'get', { id: groups.rows[0]!.id }, other.token)).code).toBe(404);
    const g = await call('deviceGroup', 'add', { name: 'Empty' });
    expect(g.data.tenantId).toBe(demoTenant);
    expect((await call('deviceGroup', 'delete', { ids: [g.data.id] })).code).toBe(0);
  });
});

describe('devices', () => {
  it('a tenant admin adds into their tenant (assigned, not activated); validation', async () => {
    const imei = rnd();
    const added = await call('device', 'add', { imei, kind: 'helmet', name: 'H' });
    expect(added.code).toBe(0);
    expect(added.data).toMatchObject({
      imei,
      tenantId: demoTenant,
      stockState: STOCK_STATE.assigned,
      state: 2,
      messageType: 'json',
    });
    expect((await call('device', 'add', { imei, kind: 'watch' })).key).toBe('imeiTaken');
    expect((await call('device', 'add', { imei, kind: 'watch' }, su)).key).toBe('imeiTaken');
    expect((await call('device', 'add', { imei: 'bad imei!', kind: 'watch' })).code).toBe(400);
    expect((await call('device', 'add', { imei: rnd(), kind: 'nope' })).code).toBe(400);
    expect((await call('device', 'add', { imei: rnd(), kind: 'watch', sku: '{bad' })).key).toBe('invalidInput');
    expect((await call('device', 'add', { imei: rnd(), kind: 'watch', sku: '{"imgSrc":"/a.png"}' })).code).toBe(0);
    expect((await call('device', 'add', { imei: rnd(), kind: 'watch', productId: 99999 })).key).toBe('refInvalid');
    expect((await call('device', 'add', { imei: rnd(), kind: 'watch', categoryId: 99999 })).key).toBe('refInvalid');
    const foreignGroup = await call('deviceGroup', 'add', { name: 'Theirs' }, other.token);
    expect((await call('device', 'add', { imei: rnd(), kind: 'watch', groupId: foreignGroup.data.id })).key).toBe(
      'refInvalid',
    );
    expect((await call('device', 'update', { id: added.data.id, groupId: foreignGroup.data.id })).key).toBe(
      'refInvalid',
    );
    const updated = await call('device', 'update', { id: added.data.id, name: 'H2', messageType: 'cbor' });
    expect(updated.data).toMatchObject({ name: 'H2', messageType: 'cbor', imei });
    expect((await t.app.deviceCache.get(imei))?.messageType).toBe('cbor');
    expect((await call('device', 'delete', { ids: [added.data.id] })).code).toBe(0);
  });

  it('a super admin adds into stock in the Platform tenant', async () => {
    const added = await call('device', 'add', { imei: rnd(), kind: 'smoke' }, su);
    expect(added.data).toMatchObject({ tenantId: platform, stockState: STOCK_STATE.inStock });
    expect(typeof added.data.stockInAt).toBe('string');
  });

  it('refuses to delete a device with stored data', async () => {
    const added = await call('device', 'add', { imei: rnd(), kind: 'watch' });
    await t.app.db
      .insert(deviceReadings)
      .values({ deviceId: added.data.id, tenantId: demoTenant, ts: new Date(), values: { heartRate: 70 } });
    expect((await call('device', 'delete', { ids: [added.data.id] })).key).toBe('deviceHasData');
  });

  it('lists with filters; other tenants see none of the demo site', async () => {
    const page = await list(
      t.app,
      'device',
      { filters: { kind: 'helmet', state: 0 }, sort: [{ field: 'lastCommunicationAt', order: 'desc' }], size: 5 },
      demo,
      'device',
    );
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.every((r) => r.kind === 'helmet')).toBe(true);
    expect((await list(t.app, 'device', { filters: { imei: '8601000' } }, demo, 'device')).total).toBeGreaterThan(0);
    expect((await list(t.app, 'device', {}, other.token, 'device')).total).toBe(0);
    const id = page.rows[0]!.id;
    expect((await call('device', 'get', { id }, other.token)).code).toBe(404);
    expect((await call('device', 'update', { id, name: 'x' }, other.token)).code).toBe(404);
    expect((await call('device', 'delete', { ids: [id] }, other.token)).code).toBe(404);
    expect((await call('device', 'get', { id }, su)).code).toBe(0);
  });

  it('imports devices from XLSX with a per-row report', async () => {
    const taken = demoFleet()[0]!.imei;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Devices');
    ws.addRow(['imei', 'kind', 'name', 'sku']);
    ws.addRow([rnd(), 'helmet', 'Imported 1', '']);
    ws.addRow([taken, 'helmet', 'Dup', '']);
    ws.addRow([rnd(), 'Watch', 'Imported 2', '{oops']);
    ws.addRow(['bad!', 'watch', 'Bad', '']);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload(t.app, '/api/device/device/import', buf, demo);
    expect(res.code).toBe(0);
    const report = res.data as { total: number; imported: number; errors: { row: number; messages: string[] }[] };
    expect(report).toMatchObject({ total: 4, imported: 1 });
    expect(report.errors.map((e) => e.row)).toEqual([3, 4, 5]);
    expect(report.errors[0]!.messages.join()).toMatch(/IMEI already exists/);
  });

  it('commands and allocations logs: read only, scoped', async () => {
    expect((await list(t.app, 'command', { filters: { imei: demoFleet()[0]!.imei } }, demo, 'device')).total).toBe(0);
    expect((await call('command', 'add', { imei: '861234567890123' })).code).not.toBe(0);
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/device/allocation/export',
      payload: { format: 'csv' },
      headers: { authorization: su },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('IMEI');
  });
});
