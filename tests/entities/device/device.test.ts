import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_STATE } from '../../../src/shared/codes';
import { demoFleet } from '../../../src/shared/devices/demo';
import { deviceReadings } from '../../../src/server/db/schema';
import { tenantId } from '../../server/fixtures';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, upload, type Row } from '../../server/org-helper';

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
