import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../src/server/db/schema';
import { MAX_IMPORT_ROWS } from '../../../src/shared/resources/list';
import { post, type TestApp } from '../helper';
import { demoApp, multipart } from '../org-helper';

// The transport (docs/security.md, "Uploads and imports"): every refusal of it (too large, too many
// rows, a malformed upload, bad JSON, an unknown route) answers the envelope with its own key and a
// message saying what to do.

let t: TestApp;
let demo: string;
let base: string;
beforeAll(async () => {
  ({ t, demo } = await demoApp());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => t.close());

/** A device list workbook of `rows` rows, written as a stream like an export of a big list. */
async function deviceSheet(rows: number, wide: boolean): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('设备');
  const header = [
    'IMEI',
    '名称',
    '设备类型',
    '设备编号',
    'IMSI',
    'ICCID',
    '责任人',
    '安装位置',
    '描述',
    '供应商',
    '款式',
  ];
  ws.addRow(wide ? header : header.slice(0, 3)).commit();
  for (let i = 0; i < rows; i++) {
    const row = [
      `86${String(i).padStart(13, '0')}`,
      `Device number ${i}`,
      '手表',
      `N${i}`,
      `4600${i}`,
      `8986${i}0000000`,
      `Person ${i}`,
      `Building ${i % 50} floor ${i % 20}`,
      `A longer description of device ${i}, with a note about where it was installed and by whom`,
      `Supplier ${i}`,
      `Style ${i} x`,
    ];
    ws.addRow(wide ? row : row.slice(0, 3)).commit();
  }
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

/** POSTs the file as a browser's FormData does, over a real socket. */
async function send(url: string, file: Buffer, name = 'devices.xlsx') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const res = await fetch(`${base}${url}`, { method: 'POST', body: form, headers: { authorization: demo } });
  return { status: res.status, body: (await res.json()) as { code: number; key: string; msg: string; data: unknown } };
}

/** Raw bytes to the socket; the whole answer once the service closes the connection. */
function raw(request: string): Promise<string> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

const jobCount = async () => (await t.app.db.select({ id: jobs.id }).from(jobs)).length;

describe('import refusals', () => {
  it('a 70,000-row workbook over 5 MB posted over a socket: importTooLarge naming the limit, not Fastify\'s "Client Error"', async () => {
    const file = await deviceSheet(70_000, true);
    expect(file.length).toBeGreaterThan(5 * 1024 * 1024);
    for (const url of ['/api/device/device/import', '/api/device/device/importJob']) {
      const res = await send(url, file);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 400, key: 'importTooLarge', data: null });
      expect(res.body.msg).toContain('5 MB');
      expect(res.body.msg).toContain('split');
    }
  });

  it('more than 5,000 rows: importTooManyRows naming the cap, up front for the background import too', async () => {
    const file = await deviceSheet(70_000, false);
    expect(file.length).toBeLessThan(5 * 1024 * 1024);
    const before = await jobCount();
    for (const url of ['/api/device/device/import', '/api/device/device/importJob']) {
      const res = await send(url, file);
      expect(res.body).toMatchObject({ code: 400, key: 'importTooManyRows' });
      expect(res.body.msg).toContain(MAX_IMPORT_ROWS.toLocaleString('en'));
      expect(res.body.msg).toContain('split');
    }
    expect(await jobCount()).toBe(before);
  });

  it('a picture, a broken workbook, an empty file and a workbook without data rows: their own keys', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const headingsOnly = await deviceSheet(0, false);
    const before = await jobCount();
    for (const url of ['/api/device/device/import', '/api/device/device/importJob']) {
      expect((await send(url, png, 'picture.png')).body).toMatchObject({ code: 400, key: 'importFormat' });
      expect((await send(url, Buffer.from('PK\u0003\u0004 but not a workbook'))).body).toMatchObject({
        code: 400,
        key: 'importFormat',
      });
      expect((await send(url, Buffer.alloc(0), 'empty.xlsx')).body).toMatchObject({ code: 400, key: 'importNoRows' });
      const none = (await send(url, headingsOnly)).body;
      expect(none).toMatchObject({ code: 400, key: 'importNoRows' });
      expect(none.msg).toContain('at least one row');
    }
    expect(await jobCount()).toBe(before);
  });

  it('a malformed or missing multipart upload: uploadMalformed, saying how to send the file', async () => {
    const good = multipart(Buffer.from('x'), 'rows.xlsx');
    const cut = good.payload.subarray(0, good.payload.length - 20); // the closing boundary is missing
    const cases = [
      { payload: cut, headers: good.headers },
      { payload: good.payload, headers: { 'content-type': 'multipart/form-data' } }, // no boundary
      {
        payload: Buffer.from('--x\r\nno headers at all'),
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      },
      multipart(Buffer.from('x'), 'rows.xlsx', 'other'), // not the field "file"
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/device/device/importJob',
        payload: c.payload,
        headers: { ...c.headers, authorization: demo },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ code: 400, key: 'uploadMalformed' });
      expect(res.json<{ msg: string }>().msg).toContain('multipart/form-data');
    }
    expect(await post(t.app, '/api/device/device/import', { rows: [] }, { token: demo })).toMatchObject({
      code: 400,
      key: 'uploadMalformed',
    });
  });
});

describe("Fastify's own refusals", () => {
  it('a JSON body over 1 MB: HTTP 413 with bodyTooLarge naming the limit', async () => {
    const res = await fetch(`${base}/api/device/device/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: demo },
      body: JSON.stringify({ keyword: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    const body = (await res.json()) as { code: number; key: string; msg: string };
    expect(body).toMatchObject({ code: 400, key: 'bodyTooLarge' });
    expect(body.msg).toContain('1 MB');
  });

  it('bad JSON, an empty JSON body and an unsupported content type: their own keys, no Fastify wording', async () => {
    const send = (payload: string, type: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/auth/login', headers: { 'content-type': type }, payload });
    const bad = await send('{bad', 'application/json');
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toMatchObject({ code: 400, key: 'jsonMalformed' });
    expect(bad.body).not.toContain('content-type is set');
    expect((await send('', 'application/json')).json()).toMatchObject({ code: 400, key: 'jsonMalformed' });
    const xml = await send('<login/>', 'application/xml');
    expect(xml.json()).toMatchObject({ code: 400, key: 'contentTypeUnsupported' });
    expect(xml.body).not.toContain('Unsupported Media Type');
  });

  it('an unknown route: HTTP 404 routeNotFound; a wrong method: HTTP 405 methodNotAllowed with Allow', async () => {
    const unknown = await fetch(`${base}/api/device/device/nowhere`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 404, key: 'routeNotFound' });
    const wrong = await fetch(`${base}/api/device/device/list`, { headers: { authorization: demo } });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    const body = (await wrong.json()) as { code: number; key: string; msg: string };
    expect(body).toMatchObject({ code: 404, key: 'methodNotAllowed' });
    expect(body.msg).toContain('POST');
  });

  it('a request Node cannot parse: the envelope with requestMalformed, not {"message":"Client Error"}', async () => {
    const answers = [
      await raw('NOT HTTP AT ALL\r\n\r\n'),
      await raw('POST /api/device/device/import HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'),
      // A client that counts characters instead of bytes: the rest of the body becomes a "request".
      await raw(
        'POST /api/auth/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}trailing bytes of the upload\r\n\r\n',
      ),
    ];
    for (const answer of answers) {
      expect(answer).toMatch(/HTTP\/1\.1 400 Bad Request\r\n/);
      expect(answer).not.toContain('Client Error');
      expect(JSON.parse(answer.slice(answer.lastIndexOf('\r\n\r\n') + 4))).toMatchObject({
        code: 400,
        key: 'requestMalformed',
        data: null,
      });
    }
  });
});
