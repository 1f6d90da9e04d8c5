import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../../src/entities/registry';
import { isEditable } from '../../../src/shared/resources/schema';
import { post, type TestApp } from '../helper';
import { demoApp, list, type Row } from '../org-helper';

let t: TestApp;
let su: string;
let demo: string;

beforeAll(async () => {
  ({ t, su, demo } = await demoApp());
});
afterAll(() => t?.close());

const call = <T = Row>(name: string, action: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/user/${name}/${action}`, body, { token });

describe('list', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 25; i++) {
      await call('user', 'add', {
        username: `pager${String(i).padStart(2, '0')}`,
        password: 'secret1',
        name: `Pager ${String(26 - i).padStart(2, '0')}`,
        status: i % 5 === 0 ? 0 : 1,
        gender: i % 2,
      });
    }
  });

  it('pages with a stable total', async () => {
    const body = { filters: { username: 'pager' }, sort: [{ field: 'username', order: 'asc' }], size: 10 };
    const p1 = await list(t.app, 'user', { ...body, page: 1 }, demo);
    const p3 = await list(t.app, 'user', { ...body, page: 3 }, demo);
    expect(p1.total).toBe(25);
    expect(p1.rows.map((r) => r.username)).toEqual(
      Array.from({ length: 10 }, (_, i) => `pager${String(i + 1).padStart(2, '0')}`),
    );
    expect(p3.rows.map((r) => r.username)).toEqual(['pager21', 'pager22', 'pager23', 'pager24', 'pager25']);
  });

  it('sorts by sortable fields both ways, refuses others with code 400', async () => {
    const asc = await list(
      t.app,
      'user',
      { filters: { username: 'pager' }, sort: [{ field: 'name', order: 'asc' }], size: 3 },
      demo,
    );
    expect(asc.rows.map((r) => r.name)).toEqual(['Pager 01', 'Pager 02', 'Pager 03']);
    const desc = await list(
      t.app,
      'user',
      { filters: { username: 'pager' }, sort: [{ field: 'name', order: 'desc' }], size: 1 },
      demo,
    );
    expect(desc.rows[0]!.name).toBe('Pager 25');
    for (const field of ['email', 'nope', 'password']) {
      const res = await post(t.app, '/api/user/user/list', { sort: [{ field, order: 'asc' }] }, { token: demo });
      expect(res.code).toBe(400);
      expect(res.key).toBe('sortInvalid');
    }
  });

  it('filters by eq, like (with % and _ literal), range and in; keyword ORs keyword fields', async () => {
    expect((await list(t.app, 'user', { filters: { username: 'pager', status: 0 } }, demo)).total).toBe(5);
    expect((await list(t.app, 'user', { filters: { username: 'PAGER1' } }, demo)).total).toBe(10);
    expect((await list(t.app, 'user', { filters: { username: 'pager%' } }, demo)).total).toBe(0);
    expect((await list(t.app, 'user', { filters: { username: 'pager_1' } }, demo)).total).toBe(0);
    expect((await list(t.app, 'user', { keyword: 'pager 0' }, demo)).total).toBe(9);
    expect((await list(t.app, 'user', { keyword: 'pager07' }, demo)).rows.map((r) => r.username)).toEqual(['pager07']);
    const future = new Date(t.clock.now() + 86_400_000).toISOString();
    expect((await list(t.app, 'user', { filters: { username: 'pager', createdAt: [future, null] } }, demo)).total).toBe(
      0,
    );
    expect((await list(t.app, 'user', { filters: { username: 'pager', createdAt: [null, future] } }, demo)).total).toBe(
      25,
    );
    const [admin] = (await list(t.app, 'role', { filters: { name: 'Administrator' } }, demo)).rows;
    // The demo's administrators: demo, and the site lead who works the approval screens (leave-request seed); no worker.
    expect(
      (await list(t.app, 'user', { filters: { roleIds: [admin!.id] } }, demo)).rows.map((r) => r.username).sort(),
    ).toEqual(['demo', 'sitelead']);
    const bad = await post(t.app, '/api/user/user/list', { filters: { email: 'x' } }, { token: demo });
    expect(bad.code).toBe(400);
    expect((await post(t.app, '/api/user/user/list', { filters: { status: { x: 1 } } }, { token: demo })).code).toBe(
      400,
    );
  });
});

describe('validation of add bodies', () => {
  it('every resource with add answers 400 naming a required field when the body lacks it, never 500', async () => {
    let checked = 0;
    for (const def of RESOURCES) {
      if (def.actions && !def.actions.includes('add')) continue;
      const required = def.fields.filter((f) => f.required && isEditable(f, 'add'));
      if (required.length === 0) continue;
      const res = await post(t.app, `/api/${def.kind}/${def.name}/add`, {}, { token: su });
      expect(res.code, `${def.kind}/${def.name}`).toBe(400);
      expect(res.key, `${def.kind}/${def.name}`).toBe('required');
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });
});
