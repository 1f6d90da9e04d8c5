import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: { tenant: number; token: string };

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  other = await tenantWithAdmin(t.app, 'Other Co', 'otheradmin');
});
afterAll(() => t?.close());

const call = <T = Row>(name: string, action: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/device/${name}/${action}`, body, { token });

describe('catalogue', () => {
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
