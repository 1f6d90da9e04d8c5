/**
 * Approval nodes (/audit): the generic list, add, update and delete, the levels hooks of
 * ./server.ts (approvers per level, users of the company, levels in order, at least two approvers
 * in all; an update replaces only the levels it names) and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../server/fixtures';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let other: { tenant: number; token: string; userId: number };
let a: number;
let b: number;
let c: number;

const api = <T = Row>(action: string, body: object, token = demo) =>
  post<T>(t.app, `/api/user/approvalNode/${action}`, body, { token });
const got = async (id: number) => (await api<Row>('get', { id })).data;

beforeAll(async () => {
  const d = await demoApp();
  ({ t, demo } = d);
  other = await tenantWithAdmin(t.app, 'Other Co', 'nodeother');
  a = await addUser(t.app, { tenant: d.demoTenant, username: 'approver_a' });
  b = await addUser(t.app, { tenant: d.demoTenant, username: 'approver_b' });
  c = await addUser(t.app, { tenant: d.demoTenant, username: 'approver_c' });
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

describe('approval nodes', () => {
  it('stores the approvers of each level and lists nodes by name with a sort', async () => {
    const one = await api('add', { name: 'Leave: workers', level1Approvers: [b, a], level2Approvers: [c] });
    expect(one.code, one.msg).toBe(0);
    expect(await got(one.data.id)).toMatchObject({
      name: 'Leave: workers',
      level1Approvers: [a, b].sort((x, y) => x - y),
      level2Approvers: [c],
      level3Approvers: [],
    });
    const two = await api('add', {
      name: 'Leave: managers',
      level1Approvers: [a],
      level2Approvers: [b],
      level3Approvers: [c],
    });
    expect(two.code, two.msg).toBe(0);
    const rows = (
      await list(t.app, 'approvalNode', { filters: { name: 'leave:' }, sort: [{ field: 'name', order: 'desc' }] }, demo)
    ).rows;
    expect(rows.map((r) => r.name)).toEqual(['Leave: workers', 'Leave: managers']);
    expect(rows[1]).toMatchObject({ level1Approvers: [a], level2Approvers: [b], level3Approvers: [c] });
  });

  it.each([
    ['no name', () => ({ level1Approvers: [a, b] }), 'required'],
    ['a name over 50 characters', () => ({ name: 'x'.repeat(51), level1Approvers: [a, b] }), 'tooLong'],
    ['no first level', () => ({ name: 'Empty', level2Approvers: [a, b] }), 'required'],
    ['an approver twice in a level', () => ({ name: 'Twice', level1Approvers: [a, a] }), 'duplicateValues'],
    ['one approver in all', () => ({ name: 'Alone', level1Approvers: [a] }), 'approversAtLeastTwo'],
    [
      'the same approver on both levels',
      () => ({ name: 'Same', level1Approvers: [a], level2Approvers: [a] }),
      'approversAtLeastTwo',
    ],
    [
      'a third level without a second',
      () => ({ name: 'Gap', level1Approvers: [a], level3Approvers: [b] }),
      'approvalLevelsInvalid',
    ],
    ["another company's user", () => ({ name: 'Foreign', level1Approvers: [a, other.userId] }), 'refInvalid'],
  ])('refuses %s with its key', async (_what, body, key) => {
    const res = await api('add', body());
    expect(res).toMatchObject({ code: 400, key });
    expect(res.msg).toBeTruthy();
  });

  it('a refused add stores nothing', async () => {
    expect((await api('add', { name: 'Half stored', level1Approvers: [a] })).key).toBe('approversAtLeastTwo');
    expect((await list(t.app, 'approvalNode', { keyword: 'Half stored' }, demo)).total).toBe(0);
  });

  it('an update replaces the levels it names and keeps the others; it must still hold', async () => {
    const { data } = await api('add', { name: 'Purchases', level1Approvers: [a], level2Approvers: [b] });
    expect((await api('update', { id: data.id, level2Approvers: [b, c] })).code).toBe(0);
    expect(await got(data.id)).toMatchObject({ level1Approvers: [a], level2Approvers: [b, c] });
    expect((await api('update', { id: data.id, name: 'Purchases (big)' })).code).toBe(0);
    expect(await got(data.id)).toMatchObject({
      name: 'Purchases (big)',
      level1Approvers: [a],
      level2Approvers: [b, c],
    });
    expect(await api('update', { id: data.id, level2Approvers: [] })).toMatchObject({
      code: 400,
      key: 'approversAtLeastTwo',
    });
    expect((await got(data.id)).level2Approvers).toEqual([b, c]);
    expect((await api('delete', { ids: [data.id] })).code).toBe(0);
    expect((await api('get', { id: data.id })).code).toBe(404);
  });

  it('another company neither sees, changes nor deletes a node', async () => {
    const { data } = await api('add', { name: 'Private flow', level1Approvers: [a, b] });
    expect((await list(t.app, 'approvalNode', { keyword: 'Private flow' }, other.token)).total).toBe(0);
    expect((await api('get', { id: data.id }, other.token)).code).toBe(404);
    expect((await api('update', { id: data.id, name: 'Taken' }, other.token)).code).toBe(404);
    expect((await api('delete', { ids: [data.id] }, other.token)).code).toBe(404);
    expect((await got(data.id)).name).toBe('Private flow');
  });
});
