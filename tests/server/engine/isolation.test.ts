import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDef } from '../../../src/shared/resources';
import { RESOURCES } from '../../../src/entities/registry';
import { isEditable } from '../../../src/shared/resources/schema';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { list, parseCsv, tenantWithAdmin, type Row } from '../org-helper';
import { createOtherwise, sampleBody } from './isolation-fixture';

/**
 * Tenant isolation over every resource the engine serves: tenant B's administrator, holding
 * every mark, reaches none of tenant A's rows by id, filter or keyword, and changes nothing.
 */

let t: TestApp;
let su: string;
let a: Awaited<ReturnType<typeof tenantWithAdmin>>;
let b: Awaited<ReturnType<typeof tenantWithAdmin>>;
const aRows = new Map<string, Row[]>();

const url = (def: ResourceDef, action: string) => `/api/${def.kind}/${def.name}/${action}`;
const can = (def: ResourceDef, action: 'add' | 'update' | 'delete' | 'export' | 'import') =>
  (def.actions ?? ['add', 'update', 'delete', 'export', 'import']).includes(action);

const scoped = RESOURCES.filter((d) => d.tenantScoped);

beforeAll(async () => {
  t = await buildTestApp();
  su = (await login(t.app, 'admin', 'admin123')).token;
  a = await tenantWithAdmin(t.app, 'Tenant A', 'alice');
  b = await tenantWithAdmin(t.app, 'Tenant B', 'bob');
  const CREATE_OTHERWISE = createOtherwise(t.app, su, a, b);
  /** The adds of A's rows that were refused, as `<kind>/<name> add: <message>`. */
  const refused: string[] = [];
  for (const def of scoped) {
    const key = `${def.kind}/${def.name}`;
    if (CREATE_OTHERWISE[key]) await CREATE_OTHERWISE[key](a.token);
    else if (can(def, 'add')) {
      for (let n = 1; n <= 2; n++) {
        const res = await post(t.app, url(def, 'add'), sampleBody(def, n), { token: a.token });
        if (res.code !== 0) refused.push(`${key} add: ${res.msg}`);
      }
    }
    // A row of B too, so "B sees its own" is not vacuous.
    if (CREATE_OTHERWISE[key]) await CREATE_OTHERWISE[key](b.token);
    else if (can(def, 'add'))
      await post(
        t.app,
        url(def, 'add'),
        { ...sampleBody(def, 9), ...(def.name === 'user' ? { username: 'isoBuser' } : {}) },
        { token: b.token },
      );
  }
  expect(refused).toEqual([]);
  // Read A's rows once everything is created: a fixture may add rows of another list (door units for ads and faces).
  for (const def of scoped) {
    const key = `${def.kind}/${def.name}`;
    const rows = (
      await list(t.app, def.name, { filters: { tenantId: a.tenant }, size: 500 }, su, def.kind)
    ).rows.filter((r) => r.tenantId === a.tenant);
    expect(rows.length, `${key}: tenant A has rows to attack`).toBeGreaterThan(0);
    aRows.set(key, rows);
  }
});
afterAll(() => t?.close());

describe.each(scoped.map((d) => [`${d.kind}/${d.name}`, d] as const))('%s', (key, def) => {
  const rowsOfA = () => aRows.get(key)!;
  const idsOfA = () => new Set(rowsOfA().map((r) => r.id));
  /**
   * The rows whose ids and values the attacks name: every row of a resource's own (two), the first
   * and last four of an append-only log, whose hundreds of rows (every write of A's fixtures) have
   * one shape. Whatever B reads is still checked against all of A's ids.
   */
  const namedOfA = () => {
    const rows = rowsOfA();
    return rows.length <= 8 ? rows : [...rows.slice(0, 4), ...rows.slice(-4)];
  };
  const noneOfA = (rows: Row[]) => {
    expect(rows.filter((r) => idsOfA().has(r.id) || r.tenantId === a.tenant)).toEqual([]);
  };

  it("list shows B only B's rows, whatever filter or keyword names A's", async () => {
    const own = await list(t.app, def.name, { size: 500 }, b.token, def.kind);
    noneOfA(own.rows);
    expect(own.rows.every((r) => r.tenantId === b.tenant)).toBe(true);
    noneOfA((await list(t.app, def.name, { filters: { tenantId: a.tenant }, size: 500 }, b.token, def.kind)).rows);
    for (const row of namedOfA()) {
      for (const f of def.fields) {
        const v = row[f.name];
        if (f.keyword && typeof v === 'string')
          noneOfA((await list(t.app, def.name, { keyword: v, size: 500 }, b.token, def.kind)).rows);
        if ((f.filter === 'eq' || f.filter === 'like') && v !== null && v !== undefined && typeof v !== 'object') {
          noneOfA((await list(t.app, def.name, { filters: { [f.name]: v }, size: 500 }, b.token, def.kind)).rows);
        }
      }
      noneOfA(
        (
          await list(t.app, def.name, { filters: { id: row.id }, size: 500 }, b.token, def.kind).catch(() => ({
            rows: [],
          }))
        ).rows,
      );
    }
  });

  it("get, update and delete of A's ids answer notFound and change nothing", async () => {
    // Every operation the resource has answers 404 to B for every row of A.
    const ops = (['update', 'delete'] as const).filter((op) => can(def, op));
    for (const row of namedOfA()) {
      const got = await post(t.app, url(def, 'get'), { id: row.id }, { token: b.token });
      expect(got.code).toBe(404);
      expect(got.data).toBeNull();
      const answers: Record<string, number> = {};
      if (can(def, 'update')) {
        const changes = sampleBody(def, 7);
        for (const f of def.fields) if (f.form === 'add') delete changes[f.name];
        answers.update = (await post(t.app, url(def, 'update'), { ...changes, id: row.id }, { token: b.token })).code;
      }
      if (can(def, 'delete'))
        answers.delete = (await post(t.app, url(def, 'delete'), { ids: [row.id] }, { token: b.token })).code;
      expect(answers).toEqual(Object.fromEntries(ops.map((op) => [op, 404])));
    }
    const after = (
      await list(t.app, def.name, { filters: { tenantId: a.tenant }, size: 500 }, su, def.kind)
    ).rows.filter((r) => r.tenantId === a.tenant);
    // Append-only logs (the audit log) grow with every other write of A meanwhile; what was there stays.
    // A device's presence is the service's own to change (the silent sweep takes it offline when a
    // slow run outlasts the offline timeout): B's refused writes are judged on the other fields.
    const appendOnly = ops.length === 0;
    const stable = (rows: Row[]) =>
      def.name === 'device' ? rows.map(({ state: _s, lastCommunicationAt: _l, ...rest }) => rest) : rows;
    expect(stable(after)).toEqual(appendOnly ? expect.arrayContaining(stable(rowsOfA())) : stable(rowsOfA()));
  });

  it.runIf(can(def, 'export'))('export with A-naming filters and keywords carries none of A', async () => {
    const bodies: object[] = [{ format: 'csv' }, { format: 'csv', filters: { tenantId: a.tenant } }];
    for (const row of namedOfA()) {
      for (const f of def.fields)
        if (f.keyword && typeof row[f.name] === 'string') bodies.push({ format: 'csv', keyword: row[f.name] });
    }
    for (const body of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: url(def, 'export'),
        payload: body,
        headers: { authorization: b.token },
      });
      expect(res.statusCode).toBe(200);
      const [header, ...lines] = parseCsv(res.body);
      const idCol = header!.indexOf('编号');
      expect(idCol).toBeGreaterThanOrEqual(0);
      expect(lines.filter((l) => idsOfA().has(Number(l[idCol])))).toEqual([]);
    }
  });
});

describe('user/tenant (the scope itself)', () => {
  it("B never reads or changes tenant A's row", async () => {
    const rows = (await list(t.app, 'tenant', { size: 500 }, b.token)).rows;
    expect(rows.map((r) => r.id)).toEqual([b.tenant]);
    expect((await list(t.app, 'tenant', { keyword: 'Tenant A' }, b.token)).total).toBe(0);
    expect((await list(t.app, 'tenant', { filters: { name: 'Tenant A' } }, b.token)).total).toBe(0);
    expect((await post(t.app, '/api/user/tenant/get', { id: a.tenant }, { token: b.token })).code).toBe(404);
    expect(
      (await post(t.app, '/api/user/tenant/update', { id: a.tenant, name: 'Hijacked' }, { token: b.token })).code,
    ).toBe(404);
    expect((await post(t.app, '/api/user/tenant/delete', { ids: [a.tenant] }, { token: b.token })).code).toBe(403);
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/user/tenant/export',
      payload: { format: 'csv' },
      headers: { authorization: b.token },
    });
    expect(exported.body).not.toContain('Tenant A');
    expect((await post<Row>(t.app, '/api/user/tenant/get', { id: a.tenant }, { token: su })).data.name).toBe(
      'Tenant A',
    );
  });
});

describe('org actions across tenants', () => {
  it("B's administrator cannot act on A's users, roles or departments", async () => {
    const aUser = aRows.get('user/user')![0]!;
    const aRole = aRows.get('user/role')![0]!;
    const aDept = aRows.get('user/department')![0]!;
    const bUser = (await list(t.app, 'user', { filters: { username: 'bob' } }, b.token)).rows[0]!;
    const tries: [string, object][] = [
      ['/api/user/user/assignRoles', { id: aUser.id, roleIds: [] }],
      ['/api/user/user/assignRoles', { id: bUser.id, roleIds: [aRole.id] }],
      ['/api/user/user/resetPassword', { id: aUser.id, password: 'hacked1' }],
      ['/api/user/role/resourceIds', { id: aRole.id }],
      ['/api/user/role/grant', { id: aRole.id, resourceIds: [] }],
      ['/api/user/department/assignUsers', { id: aDept.id, userIds: [bUser.id] }],
      [
        '/api/user/department/assignUsers',
        { id: (await list(t.app, 'department', {}, b.token)).rows[0]!.id, userIds: [aUser.id] },
      ],
    ];
    for (const [path, body] of tries) {
      const res = await post(t.app, path, body, { token: b.token });
      expect([400, 404], `${path} ${JSON.stringify(body)}`).toContain(res.code);
    }
    const still = await post<Row>(t.app, '/api/user/user/get', { id: aUser.id }, { token: su });
    expect(still.data).toEqual(aUser);
    expect((await post(t.app, '/api/user/role/resourceIds', { id: aRole.id }, { token: a.token })).code).toBe(0);
  });
});

/** An id no row has (and no test run reaches): what another tenant's id must be indistinguishable from. */
const NOWHERE = 2_000_000_000;

const tenantOwned = new Set(scoped.map((d) => `${d.kind}/${d.name}`));

/**
 * Every reference a form edits to a tenant-owned resource (a platform-wide target, a product or
 * a category, is everyone's to name; the row's own tenant is not a reference it picks).
 */
const refFields = scoped.flatMap((def) =>
  def.fields
    .filter((f) => (f.type === 'ref' || f.type === 'refs') && f.ref && f.name !== 'tenantId')
    .filter((f) => tenantOwned.has(`${f.ref!.kind}/${f.ref!.resource}`))
    .filter((f) => isEditable(f, 'add') || isEditable(f, 'update'))
    .map((f) => [`${def.kind}/${def.name}.${f.name}`, def, f] as const),
);

describe('references across tenants', () => {
  it.each(refFields)(
    "%s: B naming A's row is refused exactly as naming a row that exists nowhere",
    async (_key, def, f) => {
      const aId = aRows.get(`${f.ref!.kind}/${f.ref!.resource}`)![0]!.id;
      const value = (id: number) => (f.type === 'refs' ? [id] : id);
      const own = async (kind: string, name: string) =>
        (await list(t.app, name, { size: 1 }, b.token, kind)).rows[0]?.id;
      // An update of B's own row where the form edits the reference, else an add.
      const action = can(def, 'update') && isEditable(f, 'update') ? 'update' : 'add';
      expect(can(def, action) && isEditable(f, action)).toBe(true);
      const body: Record<string, unknown> =
        action === 'update' ? { id: await own(def.kind, def.name) } : sampleBody(def, 11);
      expect(action === 'add' || typeof body.id === 'number', `${def.name}: B has a row to change`).toBe(true);
      // The other references an add needs are B's own.
      for (const g of def.fields)
        if (action === 'add' && g.required && g.ref && g !== f && g.name !== 'tenantId')
          body[g.name] = await own(g.ref.kind, g.ref.resource);
      const answer = async (id: number) => {
        const res = await post(t.app, url(def, action), { ...body, [f.name]: value(id) }, { token: b.token });
        return { code: res.code, key: res.key, msg: res.msg, data: res.data };
      };
      const foreign = await answer(aId);
      expect(foreign).toEqual(await answer(NOWHERE));
      expect(foreign).toMatchObject({ code: 400, key: 'refInvalid' });
    },
  );
});
