import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_SERVERS } from '../../../src/entities/server.gen';
import { RESOURCES } from '../../../src/entities/registry';
import { BATCH_STATE } from '../../../src/entities/production-batch';
import { productionRecords, protocolUnknownDevices } from '../../../src/server/db/schema';
import type { ResourceDef } from '../../../src/shared/resources';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { tenantWithAdmin, type Row } from '../org-helper';
import { sampleBody } from './isolation-fixture';

/**
 * Platform-wide resources (rows without a tenant: the device catalogue, production, the cell
 * table, the menu catalogue ...) are written by super administrators only. A tenant
 * administrator holding every mark is refused add, update, delete (and restore, import) of each
 * with 403 noPermission and changes nothing, while the super administrator's same calls succeed.
 */

let t: TestApp;
let su: string;
let admin: Awaited<ReturnType<typeof tenantWithAdmin>>;

beforeAll(async () => {
  t = await buildTestApp();
  su = (await login(t.app, 'admin', 'admin123')).token;
  admin = await tenantWithAdmin(t.app, 'Tenant P', 'padmin');
});
afterAll(() => t?.close());

const platformWide = RESOURCES.filter((d) => !d.tenantScoped);
const url = (def: ResourceDef, action: string) => `/api/${def.kind}/${def.name}/${action}`;
const can = (def: ResourceDef, action: 'add' | 'update' | 'delete' | 'import') =>
  (def.actions ?? ['add', 'update', 'delete', 'export', 'import']).includes(action);

/**
 * What a tenant administrator may still do to a platform-wide resource, and why: a company's
 * own row of the tenant list (its name, contact) is edited by its administrator; another
 * company's row is not found (isolation.test.ts).
 */
const TENANT_MAY: Record<string, readonly string[]> = { 'user/tenant': ['update'] };

let serial = 0;
/** A row for the super administrator to add: the registry's sample plus a first row of each required reference. */
async function addBody(def: ResourceDef): Promise<Record<string, unknown>> {
  const n = ++serial;
  const body = sampleBody(def, n);
  for (const f of def.fields) {
    if (f.type !== 'ref' || !f.required || !f.ref) continue;
    const rows = await post<{ rows: Row[] }>(t.app, `/api/${f.ref.kind}/${f.ref.resource}/list`, {}, { token: su });
    body[f.name] = rows.data.rows[0]!.id;
  }
  // Text fields that must be unique per resource get this call's own value.
  if (def.name === 'cellTower') Object.assign(body, { mcc: 460, net: n % 999, area: 1000 + n, cell: 2000 + n });
  if (def.name === 'tenant') body.name = `Platform-test ${n}`;
  // A forwarding target's URL names a broker of its kind; its events are a list (src/entities/forward-target).
  if (def.name === 'forwardTarget')
    Object.assign(body, { kind: 'amqp', url: 'amqp://broker.invalid', events: ['alarm.raised'] });
  return body;
}

/** A row the tenant administrator attacks, made by the super administrator (or the device ports). */
async function someRow(def: ResourceDef): Promise<number> {
  if (can(def, 'add')) {
    const res = await post<Row>(t.app, url(def, 'add'), await addBody(def), { token: su });
    if (res.code !== 0) throw new Error(`${def.name} add by the super administrator: ${res.msg}`);
    return res.data.id;
  }
  if (def.name === 'unknownDevice') {
    const [row] = await t.app.db
      .insert(protocolUnknownDevices)
      .values({
        protocol: 'gt06',
        identifier: `86${++serial}`.padEnd(15, '0'),
        remote: '10.0.0.1',
        lastFrame: Buffer.from([0x78, 0x78]),
      })
      .returning({ id: protocolUnknownDevices.id });
    return row!.id;
  }
  throw new Error(`${def.name}: no way to make a row for the test`);
}

describe('platform-wide resources', () => {
  it('are exactly the bindings without a tenant column', () => {
    const untenanted = ENTITY_SERVERS.filter((s) => !s.binding.tenantId).map(
      (s) => `${s.binding.def.kind}/${s.binding.def.name}`,
    );
    expect(untenanted.sort()).toEqual(platformWide.map((d) => `${d.kind}/${d.name}`).sort());
    expect(platformWide.map((d) => d.name)).toContain('productionBatch');
  });
});

describe.each(platformWide.map((d) => [`${d.kind}/${d.name}`, d] as const))('%s', (key, def) => {
  const writes = (['add', 'update', 'delete', 'import'] as const).filter((a) => can(def, a));
  it.runIf(writes.length)('a tenant administrator is refused every write; the super administrator is not', async () => {
    const allowed = TENANT_MAY[key] ?? [];
    const id = await someRow(def);
    const before = await post<Row>(t.app, url(def, 'get'), { id }, { token: su });
    const answers: Record<string, unknown> = {};
    if (can(def, 'add') && !allowed.includes('add'))
      answers.add = (await post(t.app, url(def, 'add'), await addBody(def), { token: admin.token })).key;
    if (can(def, 'update') && !allowed.includes('update')) {
      const changes = await addBody(def);
      for (const f of def.fields) if (f.form === 'add') delete changes[f.name];
      answers.update = (await post(t.app, url(def, 'update'), { ...changes, id }, { token: admin.token })).key;
    }
    if (can(def, 'delete') && !allowed.includes('delete'))
      answers.delete = (await post(t.app, url(def, 'delete'), { ids: [id] }, { token: admin.token })).key;
    if (can(def, 'import') && !allowed.includes('import')) {
      const res = await t.app.inject({
        method: 'POST',
        url: url(def, 'import'),
        payload: 'x',
        headers: { authorization: admin.token, 'content-type': 'text/plain' },
      });
      answers.import = (res.json() as { key: string }).key;
    }
    const refused = Object.keys(answers);
    expect(answers).toEqual(Object.fromEntries(refused.map((a) => [a, 'noPermission'])));
    // Nothing changed: the row reads as before.
    expect((await post<Row>(t.app, url(def, 'get'), { id }, { token: su })).data).toEqual(before.data);
    // The super administrator's own writes go through.
    const bySuper: Record<string, string | undefined> = {};
    if (can(def, 'update')) bySuper.update = (await post(t.app, url(def, 'update'), { id }, { token: su })).key;
    if (can(def, 'delete')) bySuper.delete = (await post(t.app, url(def, 'delete'), { ids: [id] }, { token: su })).key;
    expect(bySuper).toEqual(Object.fromEntries(Object.keys(bySuper).map((a) => [a, 'ok'])));
  });
});

describe('device/productionBatch actions of its own', () => {
  it('link, unlink, qa and move are refused to a tenant administrator', async () => {
    const def = platformWide.find((d) => d.name === 'productionBatch')!;
    const id = await someRow(def);
    const [record] = await t.app.db
      .insert(productionRecords)
      .values({ imei: '869901900000001', kind: 'helmet' })
      .returning({ id: productionRecords.id });
    const api = (action: string, body: object, token: string) =>
      post(t.app, `/api/device/productionBatch/${action}`, body, { token });
    const tries: [string, object][] = [
      ['link', { id, recordIds: [record!.id] }],
      ['unlink', { id, recordIds: [record!.id] }],
      ['qa', { id, results: [{ recordId: record!.id, result: 1 }] }],
      ['move', { id, to: 1 }],
    ];
    for (const [action, body] of tries) expect((await api(action, body, admin.token)).key, action).toBe('noPermission');
    expect((await api('link', { id, recordIds: [record!.id] }, su)).code).toBe(0);
    const batch = await post<Row>(t.app, '/api/device/productionBatch/get', { id }, { token: su });
    expect(batch.data).toMatchObject({ produced: 1, state: BATCH_STATE.planned });
  });
});
