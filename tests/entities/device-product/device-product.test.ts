import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_KINDS } from '../../../src/shared/devices/kinds';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';

let t: TestApp;
let su: string;
let demo: string;
let other: { tenant: number; token: string };

beforeAll(async () => {
  ({ t, su, demo } = await demoApp());
  other = await tenantWithAdmin(t.app, 'Other Co', 'otheradmin');
});
afterAll(() => t?.close());

const call = <T = Row>(name: string, action: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/device/${name}/${action}`, body, { token });

describe('catalogue', () => {
  it('products and categories: everyone reads, only super writes; in use cannot be deleted', async () => {
    const products = await list(t.app, 'product', {}, demo, 'device');
    // One per kind, and the demo's JT/T 808 product without required authentication.
    expect(products.total).toBe(DEVICE_KINDS.length + 1);
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
});
