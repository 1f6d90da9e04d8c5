import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, post, type TestApp } from '../../server/helper';
import { addRole, addUser, tenantId } from '../../server/fixtures';
import { list, tenantWithAdmin, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let other: string;
let viewer: string;

const api = <T = Row>(path: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/user/warehouseItem/${path}`, body, { token });
const item = async (id: number, token = demo) => (await api('get', { id }, token)).data;
const addItem = async (name: string, token = demo) => {
  const res = await api('add', { name, alertBelow: 1 }, token);
  expect(res.code, res.msg).toBe(0);
  return (res.data as Row).id;
};

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await login(t.app, 'demo', 'demo123')).token;
  const demoTenant = await tenantId(t.app, 'Demo Site');
  other = (await tenantWithAdmin(t.app, 'Other Storage Co', 'otherstorage')).token;
  const role = await addRole(t.app, demoTenant, 'storage viewer', ['manageStorage']);
  await addUser(t.app, { tenant: demoTenant, username: 'storeviewer', roleIds: [role] });
  viewer = (await login(t.app, 'storeviewer', 'secret1')).token;
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe('warehouse items', () => {
  it('the demo has items with movements, remaining = stock - used - unqualified, one of them low', async () => {
    const all = await list(t.app, 'warehouseItem', { size: 50 }, demo);
    expect(all.total).toBeGreaterThanOrEqual(5);
    for (const r of all.rows)
      expect(Number(r.remaining)).toBeCloseTo(Number(r.stock) - Number(r.used) - Number(r.unqualified), 3);
    const low = await list(t.app, 'warehouseItem', { filters: { low: 1 } }, demo);
    expect(low.total).toBeGreaterThanOrEqual(1);
    for (const r of low.rows) expect(Number(r.remaining)).toBeLessThanOrEqual(Number(r.alertBelow));
    const moves = await api<{ rows: Row[] }>('movements', { id: all.rows[0]!.id });
    expect(moves.data.rows.length).toBeGreaterThan(0);
  });

  it('movements change the figures in tons with three decimals and are listed with who, when and note', async () => {
    const id = await addItem('钢筋 test');
    expect(await item(id)).toMatchObject({ stock: 0, used: 0, unqualified: 0, remaining: 0 });
    expect((await api('move', { id, kind: 'in', quantity: 12.345, note: '进场' })).data).toMatchObject({
      stock: 12.345,
      remaining: 12.345,
    });
    expect((await api('move', { id, kind: 'used', quantity: 2.005 })).code).toBe(0);
    expect((await api('move', { id, kind: 'unqualified', quantity: 0.34 })).code).toBe(0);
    expect((await api('move', { id, kind: 'adjust', quantity: -0.1, note: '盘点' })).code).toBe(0);
    expect(await item(id)).toMatchObject({ stock: 12.245, used: 2.005, unqualified: 0.34, remaining: 9.9 });
    const moves = (await api<{ rows: Row[] }>('movements', { id })).data.rows;
    expect(moves.map((m) => m.kind)).toEqual(['adjust', 'unqualified', 'used', 'in']);
    expect(moves[0]).toMatchObject({
      quantity: -0.1,
      remainingAfter: 9.9,
      note: '盘点',
      operatorName: expect.any(String),
    });
    expect(moves[3]).toMatchObject({ quantity: 12.345, remainingAfter: 12.345, note: '进场' });
    // Four decimals, zero, and a negative use are refused.
    expect((await api('move', { id, kind: 'in', quantity: 1.0001 })).key).toBe('warehouseQuantityInvalid');
    expect((await api('move', { id, kind: 'in', quantity: 0 })).key).toBe('warehouseQuantityInvalid');
    expect((await api('move', { id, kind: 'used', quantity: -1 })).key).toBe('warehouseQuantityInvalid');
    // The figures are not written through the form.
    await api('update', { id, name: '钢筋 test', stock: 999 });
    expect((await item(id)).stock).toBe(12.245);
  });

  it('refuses an overdraw of remaining (used, unqualified, a downward adjustment) and leaves the item as it was', async () => {
    const id = await addItem('水泥 test');
    await api('move', { id, kind: 'in', quantity: 5 });
    const over = await api('move', { id, kind: 'used', quantity: 5.001 });
    expect(over.code).toBe(400);
    expect(over.key).toBe('warehouseOverdraw');
    expect((await api('move', { id, kind: 'unqualified', quantity: 6 })).key).toBe('warehouseOverdraw');
    expect((await api('move', { id, kind: 'used', quantity: 4 })).code).toBe(0);
    expect((await api('move', { id, kind: 'adjust', quantity: -1.5 })).key).toBe('warehouseOverdraw');
    expect((await api('move', { id, kind: 'used', quantity: 1 })).code).toBe(0);
    expect(await item(id)).toMatchObject({ stock: 5, used: 5, remaining: 0 });
    expect((await api<{ rows: Row[] }>('movements', { id })).data.rows).toHaveLength(3);
  });

  it('concurrent movements cannot overdraw: of 10 uses of 1 t against 6 t, exactly 6 pass', async () => {
    const id = await addItem('砂 test');
    await api('move', { id, kind: 'in', quantity: 6 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => api('move', { id, kind: i % 2 ? 'used' : 'unqualified', quantity: 1 })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(6);
    expect(answers.filter((a) => a.key === 'warehouseOverdraw')).toHaveLength(4);
    const after = await item(id);
    expect(Number(after.remaining)).toBe(0);
    expect(Number(after.used) + Number(after.unqualified)).toBe(6);
    expect((await api<{ rows: Row[] }>('movements', { id })).data.rows).toHaveLength(7);
  });

  it('another company sees nothing and cannot move an item; a reader without the mark cannot move', async () => {
    const id = await addItem('隔离 test');
    expect((await api('get', { id }, other)).key).toBe('notFound');
    expect((await api('move', { id, kind: 'in', quantity: 1 }, other)).key).toBe('notFound');
    expect((await api<{ rows: Row[] }>('movements', { id }, other)).data.rows).toHaveLength(0);
    expect((await list(t.app, 'warehouseItem', {}, other)).total).toBe(0);
    expect((await list(t.app, 'warehouseItem', {}, viewer)).total).toBeGreaterThan(0);
    const denied = await api('move', { id, kind: 'in', quantity: 1 }, viewer);
    expect(denied.code).not.toBe(0);
    expect((await item(id)).stock).toBe(0);
  });
});
