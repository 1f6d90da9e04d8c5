import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOCATION_ACTION } from '../../../src/shared/codes';
import { tenantId } from '../../server/fixtures';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, parseCsv, tenantWithAdmin, type Row } from '../../server/org-helper';

let t: TestApp;
let su: string;
let demo: string;
let demoTenant: number;
let platform: number;
let other: string;
const imei = `86${String(Math.floor(Math.random() * 1e13)).padStart(13, '0')}`;

beforeAll(async () => {
  ({ t, su, demo, demoTenant } = await demoApp());
  platform = await tenantId(t.app, 'Platform');
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
  // A stock device the platform hands to the demo site, which then sends it back.
  const added = await post<Row>(t.app, '/api/device/device/add', { imei, kind: 'watch' }, { token: su });
  expect(added.code, added.msg).toBe(0);
  const ids = [added.data.id];
  expect((await post(t.app, '/api/device/device/allocate', { ids, tenantId: demoTenant }, { token: su })).code).toBe(0);
  expect((await post(t.app, '/api/device/device/recycle', { ids, note: 'returned' }, { token: demo })).code).toBe(0);
});
afterAll(() => t?.close());

describe('the stock-flow log (/allocationProcess)', () => {
  it('a tenant reads the moves into it; the platform reads them all; another tenant none', async () => {
    const mine = await list(t.app, 'allocation', { filters: { imei } }, demo, 'device');
    expect(mine.rows).toMatchObject([
      { action: ALLOCATION_ACTION.allocate, fromTenantId: platform, tenantId: demoTenant, imei },
    ]);
    const all = await list(t.app, 'allocation', { filters: { imei } }, su, 'device');
    expect(all.rows.map((r) => r.action)).toEqual([ALLOCATION_ACTION.recycle, ALLOCATION_ACTION.allocate]);
    expect(all.rows[0]).toMatchObject({ fromTenantId: demoTenant, tenantId: platform, note: 'returned' });
    const recycled = await list(
      t.app,
      'allocation',
      { filters: { imei, action: ALLOCATION_ACTION.recycle } },
      su,
      'device',
    );
    expect(recycled.total).toBe(1);
    expect((await list(t.app, 'allocation', { filters: { imei } }, other, 'device')).total).toBe(0);
    expect((await post(t.app, '/api/device/allocation/get', { id: mine.rows[0]!.id }, { token: other })).code).toBe(
      404,
    );
  });

  it('is written by the stock actions only: no add, update or delete; a bad filter is refused', async () => {
    const [row] = (await list(t.app, 'allocation', { filters: { imei } }, su, 'device')).rows;
    for (const [action, body] of [
      ['add', { imei, action: 1 }],
      ['update', { id: row!.id, note: 'x' }],
      ['delete', { ids: [row!.id] }],
    ] as const) {
      expect((await post(t.app, `/api/device/allocation/${action}`, body, { token: su })).status, action).toBe(404);
    }
    expect(
      await post(t.app, '/api/device/allocation/list', { filters: { action: 'allocate' } }, { token: su }),
    ).toMatchObject({ code: 400 });
  });

  it('exports the log with its action words', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/device/allocation/export',
      payload: { format: 'csv', filters: { imei } },
      headers: { authorization: su },
    });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toContain('IMEI');
    expect(rows).toHaveLength(2);
  });
});
