import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/entities/audit-log';
import { RESOURCES } from '../../../src/entities/registry';
import { bindingFor } from '../../../src/server/engine/registry';
import { codeLabel } from '../../../src/shared/codes';
import { personalKind } from '../../../src/shared/mask';
import type { FieldDef, ResourceDef } from '../../../src/shared/resources/types';
import { addRole, addUser, tenantId } from '../fixtures';
import { buildTestApp, login, post, type TestApp } from '../helper';

/**
 * Special-category data (an offence and its restatement, an ethnic group, a leave's reason) and
 * ID numbers, walked over every field of the registry that holds them (docs/permissions.md
 * "Masking"): the visitor and a user with one unrelated screen never see a value in full, in a
 * list, a get or an export (CSV and XLSX); a user holding the resource's screen sees it, and one
 * holding only its export button exports it masked.
 */

type Rows = { rows: Record<string, unknown>[] };

/** The fields to protect: `personal: 'special'` (shown to nobody without the screen) and ID numbers. */
const guarded = (def: ResourceDef) => def.fields.filter((f) => ['special', 'id'].includes(personalKind(f) ?? ''));
const GUARDED = RESOURCES.filter((def) => guarded(def).length > 0);

/** A value to plant where the demo has none, distinct enough to be searched for in a file. */
function planted(f: FieldDef): unknown {
  if (f.type === 'code') return f.codes!.find((c) => c.value !== 0)!.value;
  return personalKind(f) === 'id' ? '110101199001011234' : `特殊-${f.name}-机密`;
}

/** How a stored value shows in full: in JSON as stored, in a file a code as its label. */
const inFile = (f: FieldDef, v: unknown) => (f.type === 'code' ? codeLabel(f.codes ?? [], v as number) : String(v));

async function xlsxText(body: Buffer): Promise<string> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const out: string[] = [];
  wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((c) => out.push(String(c.value ?? '')))));
  return out.join('\n');
}

describe('special-category fields of every resource', () => {
  let t: TestApp;
  let admin: string;
  let visitor: string;
  let oneMenu: string;
  let demo: number;

  beforeAll(async () => {
    t = await buildTestApp();
    demo = await tenantId(t.app, 'Demo Site');
    admin = (await login(t.app, 'demo', 'demo123')).token;
    visitor = String((await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization);
    await addUser(t.app, {
      tenant: demo,
      username: 'onemenu',
      roleIds: [await addRole(t.app, demo, 'One menu', ['DeviceList'])],
    });
    oneMenu = (await login(t.app, 'onemenu', 'secret1')).token;
  });
  afterAll(() => t?.close());

  const exported = async (def: ResourceDef, token: string, format: 'csv' | 'xlsx') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${def.kind}/${def.name}/export`,
      headers: { authorization: token, 'content-type': 'application/json' },
      payload: { format },
    });
    if (res.statusCode !== 200 || res.headers['content-type']?.toString().startsWith('application/json'))
      return { refused: true, text: res.body };
    return { refused: false, text: format === 'csv' ? res.body : await xlsxText(res.rawPayload) };
  };

  it('covers the offence, its restatement and the leave reason', () => {
    const names = GUARDED.flatMap((def) => guarded(def).map((f) => `${def.name}.${f.name}`));
    expect(names).toEqual(
      expect.arrayContaining([
        'monitoredPerson.crimeType',
        'monitoredPerson.reason',
        'monitoredPerson.idNumber',
        'leaveRequest.reason',
      ]),
    );
    for (const def of GUARDED)
      for (const f of def.fields.filter((x) => /crime|offen[cs]e|health|disease|diagnos|medical/i.test(x.name)))
        expect(personalKind(f), `${def.name}.${f.name}`).toBe('special');
  });

  it.each(GUARDED.map((def) => [`${def.kind}/${def.name}`, def] as const))(
    '%s: masked for the visitor and a one-menu user in list, get and export; in full for its screen',
    async (_key, def) => {
      const b = bindingFor(def.kind, def.name)!;
      const fields = guarded(def);
      // A row of the demo site on the administrator's first page holding every guarded value.
      const page = (await post<Rows>(t.app, `/api/${def.kind}/${def.name}/list`, { size: 20 }, { token: admin })).data;
      expect(page.rows.length, 'the demo has rows').toBeGreaterThan(0);
      const id = page.rows[0]!.id as number;
      for (const f of fields)
        if (page.rows[0]![f.name] === null || page.rows[0]![f.name] === undefined || page.rows[0]![f.name] === '')
          await t.app.db.execute(
            sql`update ${b.table} set ${sql.identifier(b.columns[f.name]!.name)} = ${planted(f)} where ${b.id} = ${id}`,
          );
      const full = (
        await post<Record<string, unknown>>(t.app, `/api/${def.kind}/${def.name}/get`, { id }, { token: admin })
      ).data;

      // Who holds the screen sees it, and a role with the export button but not the screen exports it masked.
      const screen = def.routes[0]!;
      const exportMark = `${def.mark}:export`;
      await addUser(t.app, {
        tenant: demo,
        username: `sup_${def.name}`,
        roleIds: [await addRole(t.app, demo, `Screen ${def.name}`, [screen, exportMark])],
      });
      await addUser(t.app, {
        tenant: demo,
        username: `exp_${def.name}`,
        roleIds: [await addRole(t.app, demo, `Export ${def.name}`, ['DeviceList', exportMark])],
      });
      const holder = (await login(t.app, `sup_${def.name}`, 'secret1')).token;
      const exporter = (await login(t.app, `exp_${def.name}`, 'secret1')).token;

      const leaks: string[] = [];
      for (const [who, token] of [
        ['visitor', visitor],
        ['one menu', oneMenu],
        ['export button only', exporter],
      ] as const) {
        const listed = await post<Rows>(t.app, `/api/${def.kind}/${def.name}/list`, { size: 20 }, { token });
        const row = listed.data?.rows.find((r) => r.id === id);
        const got = (await post<Record<string, unknown>>(t.app, `/api/${def.kind}/${def.name}/get`, { id }, { token }))
          .data;
        const files = def.actions && !def.actions.includes('export') ? [] : ['csv', 'xlsx'];
        for (const f of fields) {
          const value = full[f.name];
          expect(value, `${f.name} has a value to protect`).toBeTruthy();
          if (row && row[f.name] === value) leaks.push(`${who} list ${f.name}`);
          if (got && got[f.name] === value) leaks.push(`${who} get ${f.name}`);
          if (personalKind(f) === 'special' && (row?.[f.name] ?? null) !== null)
            leaks.push(`${who} list ${f.name} partly`);
          if (personalKind(f) === 'special' && (got?.[f.name] ?? null) !== null)
            leaks.push(`${who} get ${f.name} partly`);
          for (const format of files) {
            const file = await exported(def, token, format as 'csv' | 'xlsx');
            if (!file.refused && file.text.includes(inFile(f, value))) leaks.push(`${who} ${format} ${f.name}`);
          }
        }
        // Nor is a hidden field searched, filtered or sorted by: each would tell its values row by row.
        for (const f of fields.filter((x) => personalKind(x) === 'special' && x.keyword)) {
          const res = await post<Rows>(
            t.app,
            `/api/${def.kind}/${def.name}/list`,
            { keyword: String(full[f.name]) },
            { token },
          );
          if (res.data?.rows.some((r) => r.id === id)) leaks.push(`${who} keyword ${f.name}`);
        }
        for (const f of fields.filter((x) => personalKind(x) === 'special' && x.list && x.list.sortable)) {
          const res = await post(
            t.app,
            `/api/${def.kind}/${def.name}/list`,
            { sort: [{ field: f.name, order: 'asc' }] },
            { token },
          );
          if (res.code === 0) leaks.push(`${who} sort ${f.name}`);
        }
        for (const f of fields.filter((x) => personalKind(x) === 'special' && x.filter)) {
          const res = await post(
            t.app,
            `/api/${def.kind}/${def.name}/list`,
            { filters: { [f.name]: full[f.name] } },
            { token },
          );
          if (res.code === 0) leaks.push(`${who} filter ${f.name}`);
        }
      }
      expect(leaks).toEqual([]);

      const shown = (
        await post<Record<string, unknown>>(t.app, `/api/${def.kind}/${def.name}/get`, { id }, { token: holder })
      ).data;
      const exports = !def.actions || def.actions.includes('export');
      const csv = exports ? await exported(def, holder, 'csv') : { refused: false, text: '' };
      expect(csv.refused).toBe(false);
      for (const f of fields) expect(shown[f.name], `${f.name} for the screen's holder`).toEqual(full[f.name]);
      const inCsv = fields.filter((f) => exports && f.list !== false).map((f) => inFile(f, full[f.name]));
      for (const text of inCsv) expect(csv.text).toContain(text);
    },
    60_000,
  );

  it("masks a monitored person's offence in the audit log for an auditor without the supervision screen", async () => {
    const secret = '贩毒罪，审计测试';
    const [row] = await t.app.db
      .insert(auditLog)
      .values({
        tenantId: demo,
        userId: null,
        action: 'update',
        resource: 'user/monitoredPerson',
        rowId: 1,
        before: { id: 1, reason: '旧原因', crimeType: 5 },
        after: { id: 1, reason: secret, crimeType: 6 },
      })
      .returning({ id: auditLog.id });
    await addUser(t.app, {
      tenant: demo,
      username: 'auditor',
      roleIds: [await addRole(t.app, demo, 'Auditor', ['table', 'audit:export'])],
    });
    const auditor = (await login(t.app, 'auditor', 'secret1')).token;
    const seen = async (token: string) => {
      const got = await post<Record<string, unknown>>(t.app, '/api/user/auditLog/get', { id: row!.id }, { token });
      const listed = await post<Rows>(
        t.app,
        '/api/user/auditLog/list',
        { filters: { resource: 'user/monitoredPerson' }, size: 50 },
        { token },
      );
      const file = await exported(
        RESOURCES.find((d) => d.name === 'auditLog')!,
        token,
        'csv',
      );
      return {
        after: JSON.parse(String(got.data.after)) as Record<string, unknown>,
        text: `${JSON.stringify(got.data)}${JSON.stringify(listed.data)}${file.text}`,
      };
    };
    const byAuditor = await seen(auditor);
    expect(byAuditor.after).toMatchObject({ id: 1, reason: null, crimeType: null });
    expect(byAuditor.text).not.toContain(secret);
    expect((await seen(admin)).after).toMatchObject({ reason: secret, crimeType: 6 });
  });

  it("masks a monitored person's offence and reason in the supervision detail", async () => {
    const page = (await post<Rows>(t.app, '/api/user/monitoredPerson/list', { size: 5 }, { token: admin })).data;
    const id = page.rows[0]!.id as number;
    const full = (
      await post<{ person: Record<string, unknown> }>(
        t.app,
        '/api/user/monitoredPerson/detail',
        { id },
        { token: admin },
      )
    ).data.person;
    expect(full.reason).toMatch(/罪/);
    for (const token of [visitor, oneMenu]) {
      const seen = (
        await post<{ person: Record<string, unknown> }>(t.app, '/api/user/monitoredPerson/detail', { id }, { token })
      ).data.person;
      expect([seen.crimeType, seen.reason, seen.nationality]).toEqual([null, null, null]);
    }
  });
});
