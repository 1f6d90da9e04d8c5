import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../src/shared/resources/list';
import { codeLabel, GENDER_TABLE, STATUS_TABLE, USER_KIND_TABLE } from '../../../src/shared/codes';
import { userResource } from '../../../src/entities/user';
import { tenantId } from '../fixtures';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { list, parseCsv, upload, type Row } from '../org-helper';

let t: TestApp;
let demo: string;
let demoTenant: number;
let deptId: number;
let roleId: number;

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await login(t.app, 'demo', 'demo123')).token;
  demoTenant = await tenantId(t.app, 'Demo Site');
  deptId = (await post<Row>(t.app, '/api/user/department/add', { name: 'Control room' }, { token: demo })).data.id;
  roleId = (await list(t.app, 'role', { filters: { name: 'Administrator' } }, demo)).rows[0]!.id;
  const people = [
    { username: 'exp1', name: 'Zhang, "San"', phone: '13911110001', gender: 1 },
    { username: 'exp2', name: '李四', phone: '13911110002', gender: 2, departmentId: deptId, roleIds: [roleId] },
    { username: 'exp3', name: 'Wang\nWu', gender: 0, status: 0 },
  ];
  for (const p of people)
    expect(
      (await post(t.app, '/api/user/user/add', { status: 1, password: 'secret1', ...p }, { token: demo })).code,
    ).toBe(0);
});
afterAll(() => t?.close());

const fields = userResource.fields.filter((f) => f.list !== false && !f.writeOnly);

/** What the export should show for a list row: codes and refs as their labels. */
function expected(
  row: Row,
  names: { dept: Map<number, string>; role: Map<number, string>; tenant: string },
): (string | number | null)[] {
  return fields.map((f) => {
    const v = row[f.name];
    if (v === null || v === undefined) return null;
    if (f.name === 'status') return codeLabel(STATUS_TABLE, v as number);
    if (f.name === 'gender') return codeLabel(GENDER_TABLE, v as number);
    if (f.name === 'kind') return codeLabel(USER_KIND_TABLE, v as 'user');
    if (f.name === 'departmentId') return names.dept.get(v as number) ?? null;
    if (f.name === 'roleIds') return (v as number[]).map((id) => names.role.get(id)).join(',') || null;
    if (f.name === 'tenantId') return names.tenant;
    return v as string | number;
  });
}

async function exportFile(format: 'csv' | 'xlsx', body: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/user/export',
    payload: { format, ...body },
    headers: { authorization: demo },
  });
}

describe('export', () => {
  const query = { keyword: 'exp', sort: [{ field: 'username', order: 'desc' as const }] };
  const names = () => ({
    dept: new Map([[deptId, 'Control room']]),
    role: new Map([[roleId, 'Administrator']]),
    tenant: 'Demo Site',
  });

  it('CSV: BOM, Chinese headers, quoting, same rows and order as the list', async () => {
    const res = await exportFile('csv', query);
    expect(res.headers['content-type']).toContain('text/csv');
    const day = new Date(t.clock.now()).toISOString().slice(0, 10).replaceAll('-', '');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="user-${day}.csv"`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual(fields.map((f) => f.label.message));
    const rows = (await list(t.app, 'user', query, demo)).rows;
    expect(rows.map((r) => r.username)).toEqual(['exp3', 'exp2', 'exp1']);
    expect(lines).toEqual(rows.map((r) => expected(r, names()).map((c) => (c === null ? '' : String(c)))));
  });

  it('XLSX read back with exceljs equals the list', async () => {
    const res = await exportFile('xlsx', { ...query, filters: { status: 1 } });
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/filename="user-\d{8}\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0]!;
    const values: (string | number | null)[][] = [];
    ws.eachRow((row) =>
      values.push(fields.map((_, i) => (row.getCell(i + 1).value as string | number | null) ?? null)),
    );
    expect(values[0]).toEqual(fields.map((f) => f.label.message));
    const rows = (await list(t.app, 'user', { ...query, filters: { status: 1 } }, demo)).rows;
    expect(rows.map((r) => r.username)).toEqual(['exp2', 'exp1']);
    expect(values.slice(1)).toEqual(rows.map((r) => expected(r, names())));
  });
});

async function sheet(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('users');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('import', () => {
  it('imports the good rows and reports each bad one with its sheet row number', async () => {
    const file = await sheet([
      ['用户名', '密码', '姓名', '手机号', '性别', '部门', '角色', 'status'],
      ['imp1', 'secret1', 'Imp One', '13922220001', '男', 'Control room', 'Administrator', '启用'],
      ['imp2', 'short', 'Imp Two', '13922220002', '女', null, null, '启用'],
      ['imp3', 'secret1', 'Imp Three', null, null, null, null, 1],
      ['imp4', 'secret1', 'Imp Four', '12345', '未知', 'No such dept', null, '启用'],
      ['imp5', 'secret1', 'Imp Five', null, null, null, null, '禁用'],
    ]);
    const res = await upload(t.app, '/api/user/user/import', file, demo);
    expect(res.code).toBe(0);
    expect(res.key).toBe('importDone');
    const report = res.data as ImportReport;
    expect(report.total).toBe(5);
    expect(report.imported).toBe(3);
    expect(report.errors.map((e) => e.row)).toEqual([3, 5]);
    expect(report.errors[0]!.messages).toEqual(['密码: Too short']);
    expect(report.errors[1]!.messages).toEqual(
      expect.arrayContaining([
        '部门: The referenced record does not exist in this company',
        expect.stringMatching(/^手机号: Phone number/),
      ]),
    );
    const imported = (await list(t.app, 'user', { keyword: 'imp', sort: [{ field: 'username', order: 'asc' }] }, demo))
      .rows;
    expect(imported.map((r) => r.username)).toEqual(['imp1', 'imp3', 'imp5']);
    expect(imported[0]).toMatchObject({
      gender: 1,
      departmentId: deptId,
      roleIds: [roleId],
      tenantId: demoTenant,
      status: 1,
      kind: 'user',
    });
    expect(imported[2]!.status).toBe(0);
    expect((await login(t.app, 'imp1', 'secret1')).user.username).toBe('imp1');
  });

  it('reports duplicates per row instead of failing the upload', async () => {
    const file = await sheet([
      ['username', 'password', 'name', 'status'],
      ['imp1', 'secret1', 'Again', 1],
      ['dup-new', 'secret1', 'New', 1],
    ]);
    const res = await upload(t.app, '/api/user/user/import', file, demo);
    // The whole answer on a refusal (it once came back without data in a full run, reason unknown).
    expect(res, JSON.stringify({ code: res.code, key: res.key, msg: res.msg })).toMatchObject({
      code: 0,
      key: 'importDone',
    });
    expect(res.data).toEqual({ total: 2, imported: 1, errors: [{ row: 2, messages: ['This name is already used'] }] });
  });

  it('stops reading a workbook at the row cap: 70,000 rows refused as importTooManyRows without loading them all', async () => {
    // Written as a stream, like a real export of a big list (about 1.5 MB zipped).
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
    const ws = wb.addWorksheet('users');
    ws.addRow(['用户名', '密码', '姓名']).commit();
    for (let i = 0; i < 70_000; i++) ws.addRow([`big${i}`, 'secret1', `Person number ${i}`]).commit();
    ws.commit();
    await wb.commit();
    const file = Buffer.concat(chunks);
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
    const res = await upload(t.app, '/api/user/user/import', file, demo);
    clearInterval(sampler);
    expect(res).toMatchObject({ code: 400, key: 'importTooManyRows' });
    // Loading the whole workbook grew the heap by about 90 MB here (250 MB resident); the stream
    // stops after the first 5,000 rows, about 13 MB.
    expect((peak - before) / 1024 / 1024).toBeLessThan(45);
    expect((await list(t.app, 'user', { keyword: 'big1' }, demo)).total).toBe(0);
  });

  it('refuses a non-spreadsheet upload with importFormat, more than 5 MB with importTooLarge and a JSON body with uploadMalformed', async () => {
    const png = await upload(
      t.app,
      '/api/user/user/import',
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      demo,
      'picture.png',
    );
    expect(png.code).toBe(400);
    expect(png.key).toBe('importFormat');
    const fake = await upload(t.app, '/api/user/user/import', Buffer.from('PK\u0003\u0004 but not a workbook'), demo);
    expect(fake.key).toBe('importFormat');
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    big.write('PK\u0003\u0004');
    const tooLarge = await upload(t.app, '/api/user/user/import', big, demo);
    expect(tooLarge.code).toBe(400);
    expect(tooLarge.key).toBe('importTooLarge');
    const json = await post(t.app, '/api/user/user/import', { rows: [] }, { token: demo });
    expect(json.key).toBe('uploadMalformed');
  });
});
