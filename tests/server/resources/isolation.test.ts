import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { audioPushes, deviceVoices, devices } from '../../../src/server/db/schema';
import type { FieldDef, ResourceDef } from '../../../src/shared/resources';
import { RESOURCES } from '../../../src/entities/registry';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { list, parseCsv, tenantWithAdmin, upload, type Row } from '../org-helper';
import { createAccessRows } from '../access-fixture';
import { createFaceRows } from '../face-fixture';
import { createAdRows } from '../ad-fixture';
import { createCommunityRows } from '../community-fixture';
import { createShopRows } from '../shop-fixture';
import { createAttendanceRows } from '../attendance-fixture';
import { createApprovalRows } from '../approval-fixture';

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

/** A valid add body from the registry alone, so a new entity is covered without edits here. */
function sampleValue(f: FieldDef, n: number): unknown {
  switch (f.type) {
    case 'phone':
      return `1390000${String(n).padStart(4, '0')}`;
    case 'email':
      return `iso${n}@a.test`;
    case 'integer':
    case 'decimal':
      return f.min ?? 1;
    case 'code':
      return f.codes?.[0]?.value;
    case 'boolean':
      return true;
    case 'date':
    case 'datetime':
      return '2026-01-01T00:00:00.000Z';
    case 'ref':
    case 'refs':
      return undefined;
    default:
      return `isoA${f.name}${n}`.slice(0, f.max ?? 64);
  }
}

function sampleBody(def: ResourceDef, n: number): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of def.fields) {
    const form = f.form ?? true;
    if (form === false || f.name === 'tenantId') continue;
    // A device's sku is a JSON string (it carries the product image address).
    // A camera's url must be a stream address (its pattern).
    // A time of day (a staff member's duty hours) is HH:MM; a SIM card's ICCID is 19 or 20 digits.
    const v =
      f.name === 'sku'
        ? `{"imgSrc":"isoA${n}"}`
        : f.pattern && f.name === 'url'
          ? `rtsp://10.0.0.${n % 250}/iso`
          : f.pattern?.re.test('08:00')
            ? '08:00'
            : f.pattern?.re.test('89860012345678900000')
              ? `8986001234567890${String(n).padStart(4, '0')}`
              : sampleValue(f, n);
    // An optional field with a pattern the sample cannot meet (dates and times as text) is left out.
    if (typeof v === 'string' && f.pattern && !f.required && !f.pattern.re.test(v)) continue;
    if (v !== undefined) body[f.name] = v;
  }
  return body;
}

/** Entities created through their own actions instead of `add`. */
const CREATE_OTHERWISE: Record<string, (token: string) => Promise<void>> = {
  // Residents live in rooms; rights name door units; cards and access events come from door units (access-fixture.ts).
  ...Object.fromEntries(
    Object.entries(createAccessRows).map(([key, make]) => [key, (token: string) => make(t.app, token)]),
  ),
  ...Object.fromEntries(
    Object.entries(createFaceRows).map(([key, make]) => [key, (token: string) => make(t.app, token)]),
  ),
  // Ads need an uploaded video; deliveries and plays come from distributing one to a door unit (ad-fixture.ts).
  ...Object.fromEntries(
    Object.entries(createAdRows).map(([key, make]) => [key, (token: string) => make(t.app, token)]),
  ),
  // Communities need a valid naming rule and region; buildings, units and rooms hang under one (community-fixture.ts).
  ...Object.fromEntries(
    Object.entries(createCommunityRows).map(([key, make]) => [key, (token: string) => make(t.app, token)]),
  ),
  // SIM cards need a valid ICCID, bills and payments come from buying a package, products need a picture, orders from the shop (shop-fixture.ts).
  ...Object.fromEntries(
    Object.entries(createShopRows((token) => (token === a.token ? a.tenant : b.tenant))).map(([key, make]) => [
      key,
      (token: string) => make(t.app, token),
    ]),
  ),
  // Attendance: a rule, a worker's punch and the record computed from it (attendance-fixture.ts).
  ...Object.fromEntries(
    Object.entries(createAttendanceRows((token) => (token === a.token ? a.tenant : b.tenant))).map(([key, make]) => [
      key,
      (token: string) => make(t.app, token),
    ]),
  ),
  // Approvals: a node of two approvers of the company, a leave request submitted on it (approval-fixture.ts).
  ...Object.fromEntries(
    Object.entries(createApprovalRows((token) => (token === a.token ? a.tenant : b.tenant))).map(([key, make]) => [
      key,
      (token: string) => make(t.app, token),
    ]),
  ),
  // A monitored person needs a supervisor of the company and a period whose end follows its start.
  'user/monitoredPerson': async (token) => {
    const mine = token === a.token;
    const res = await post(
      t.app,
      '/api/user/monitoredPerson/add',
      {
        name: `isoAperson${mine ? 1 : 9}`,
        level: 1,
        crimeType: 1,
        startDate: '2026-01-01',
        endDate: '2027-01-01',
        supervisorId: mine ? a.userId : b.userId,
      },
      { token },
    );
    expect(res.code).toBe(0);
  },
  'user/tenantApplication': async (token) => {
    const res = await post(
      t.app,
      '/api/user/tenant/applyEnterprise',
      { contact: 'isoAcontact', phone: '13900001111', note: 'isoA' },
      { token },
    );
    expect(res.code).toBe(0);
  },
  // Allocation log rows come from the stock flow: a super administrator allocates a stock device.
  'device/allocation': async (token) => {
    const mine = token === a.token;
    const added = await post<Row>(
      t.app,
      '/api/device/device/add',
      { imei: `isoAalloc${mine ? 1 : 9}`, kind: 'watch' },
      { token: su },
    );
    const res = await post(
      t.app,
      '/api/device/device/allocate',
      { ids: [added.data.id], tenantId: mine ? a.tenant : b.tenant },
      { token: su },
    );
    expect(res.code).toBe(0);
  },
  // Command log rows come from sending a command to an online device.
  'device/command': async (token) => {
    const imei = `isoAcmd${token === a.token ? 1 : 9}${Math.floor(Math.random() * 1e6)}`;
    const added = await post<Row>(t.app, '/api/device/device/add', { imei, kind: 'watch' }, { token });
    await t.app.db.update(devices).set({ state: 1 }).where(eq(devices.id, added.data.id));
    const res = await post(t.app, '/api/device/command/send', { imei, cmd: 'locate' }, { token });
    expect(res.code).toBe(0);
  },
  // Alarm records come from the alarm engine: a device the tenant already has calls for help.
  'device/alarm': async (token) => {
    const [d] = await t.app.db
      .select()
      .from(devices)
      .where(eq(devices.tenantId, token === a.token ? a.tenant : b.tenant))
      .limit(1);
    const known = {
      id: d!.id,
      imei: d!.imei,
      tenantId: d!.tenantId,
      kind: d!.kind,
      state: 1,
      stockState: d!.stockState,
      messageType: 'json' as const,
      secretVersion: 1,
    };
    t.app.deviceHub.emit('uplink', known, { kind: 'alarm', alarm: 'sos' }, new Date());
    await t.app.alarmEngine.drain();
  },
  // Audio pushes and voice clips are written by the send route and the devices' uploads, not by add.
  'device/audioPush': async (token) => {
    const tenantId = token === a.token ? a.tenant : b.tenant;
    await t.app.db
      .insert(audioPushes)
      .values({ tenantId, imei: `86010099000000${tenantId % 10}`, source: 'tts', title: `isoApush${tenantId}` });
  },
  // Recordings are listed by addVcrInfo (or by the service when it records).
  'device/vcr': async (token) => {
    const res = await post(
      t.app,
      '/api/device/vcr/addVcrInfo',
      { bucketName: 'iso', fileName: `isoArec${token === a.token ? 1 : 9}_0000`, imeis: '' },
      { token },
    );
    expect(res.code).toBe(0);
  },
  'device/deviceVoice': async (token) => {
    const tenantId = token === a.token ? a.tenant : b.tenant;
    await t.app.db
      .insert(deviceVoices)
      .values({ tenantId, imei: `86010099000001${tenantId % 10}`, size: 44, file: `isoAvoice${tenantId}.wav` });
  },
  // An installation names a device the company already has.
  'device/installation': async (token) => {
    const [d] = await t.app.db
      .select()
      .from(devices)
      .where(eq(devices.tenantId, token === a.token ? a.tenant : b.tenant))
      .limit(1);
    const res = await post(
      t.app,
      '/api/device/installation/add',
      { deviceId: d!.id, installer: 'isoAinstaller', installedAt: '2026-03-01T08:00:00.000Z', lat: 22.5, lon: 114.1 },
      { token },
    );
    expect(res.code, res.msg).toBe(0);
  },
  // A duty names a person of the company and ends after it starts; an inspection's next time is after its time.
  'user/dutyRecord': async (token) => {
    const mine = token === a.token;
    const res = await post(
      t.app,
      '/api/user/dutyRecord/add',
      {
        dutyDate: '2026-03-01',
        area: 'isoAarea',
        startTime: '08:00',
        endTime: '12:00',
        userId: mine ? a.userId : b.userId,
      },
      { token },
    );
    expect(res.code, res.msg).toBe(0);
  },
  'user/annualInspection': async (token) => {
    const res = await post(
      t.app,
      '/api/user/annualInspection/add',
      { name: 'isoAinspection', inspector: 'isoAinspector', inspectedAt: '2026-01-01', nextAt: '2027-01-01' },
      { token },
    );
    expect(res.code, res.msg).toBe(0);
  },
  // Website settings are one row per company (a unique tenant index).
  'user/website': async (token) => {
    const res = await post(
      t.app,
      '/api/user/website/add',
      { siteName: `isoAsite${token === a.token ? 1 : 9}`, theme: 'blue' },
      { token },
    );
    expect(res.code).toBe(0);
  },
  // A camera's URL must be one ffmpeg opens as a stream.
  'device/camera': async (token) => {
    const res = await post(
      t.app,
      '/api/device/camera/add',
      { name: `isoAcam${token === a.token ? 1 : 9}`, url: 'rtsp://10.0.0.1/live', enabled: true },
      { token },
    );
    expect(res.code, res.msg).toBe(0);
  },
  // A photo's picture must be the company's own upload.
  'device/photo': async (token) => {
    const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#456' } })
      .jpeg()
      .toBuffer();
    const image = (await upload(t.app, '/api/user/ossUser/addOssHederImg', jpeg, token, 'iso.jpg')).data;
    const res = await post(
      t.app,
      '/api/device/photo/add',
      { title: `isoAphoto${token === a.token ? 1 : 9}`, image, reviewState: 0 },
      { token },
    );
    expect(res.code, res.msg).toBe(0);
  },
  // Fences take geometry and assignments on routes of their own (src/entities/fence/routes.ts).
  'device/fence': async (token) => {
    const res = await post(
      t.app,
      '/api/device/fence/add',
      {
        name: `isoAfence${token === a.token ? 1 : 9}`,
        type: 1,
        shape: 0,
        radius: 100,
        longitude: 114.06,
        latitude: 22.54,
      },
      { token },
    );
    expect(res.code).toBe(0);
  },
};

const scoped = RESOURCES.filter((d) => d.tenantScoped);

beforeAll(async () => {
  t = await buildTestApp();
  su = (await login(t.app, 'admin', 'admin123')).token;
  a = await tenantWithAdmin(t.app, 'Tenant A', 'alice');
  b = await tenantWithAdmin(t.app, 'Tenant B', 'bob');
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
  const noneOfA = (rows: Row[]) => {
    expect(rows.filter((r) => idsOfA().has(r.id) || r.tenantId === a.tenant)).toEqual([]);
  };

  it("list shows B only B's rows, whatever filter or keyword names A's", async () => {
    const own = await list(t.app, def.name, { size: 500 }, b.token, def.kind);
    noneOfA(own.rows);
    expect(own.rows.every((r) => r.tenantId === b.tenant)).toBe(true);
    noneOfA((await list(t.app, def.name, { filters: { tenantId: a.tenant }, size: 500 }, b.token, def.kind)).rows);
    for (const row of rowsOfA()) {
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
    for (const row of rowsOfA()) {
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
    for (const row of rowsOfA()) {
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
