import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedCarrier, setCarrier } from '../../../src/server/carrier';
import { devices } from '../../../src/server/db/schema';
import { buildTestApp, login, post, type TestApp } from '../../server/helper';
import { tenantId } from '../../server/fixtures';
import { list, tenantWithAdmin, upload, type Row } from '../../server/org-helper';
import { PACKAGE_TYPE } from '../../../src/entities/sim-package';
import { carrierRetry, resumeCard, settleCard, suspendCard } from '../../../src/entities/sim-card/actions';
import { SIM_STATE } from '../../../src/entities/sim-card/resource';
import { simCards } from '../../../src/entities/sim-card/table';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: string;
let carrier: SimulatedCarrier;

const api = <T = Row>(path: string, body: unknown, token = demo) => post<T>(t.app, `/api/iot/${path}`, body, { token });
const cards = async (body: object = {}, token = demo) => list(t.app, 'simCard', { size: 100, ...body }, token, 'iot');
const iccid = (n: number) => `898600${String(77_000_000_000_000 + n).slice(-14)}`;
let serial = 0;
const addCard = async (extra: object = {}, token = demo) => {
  const res = await api('simCard/add', { iccid: iccid(++serial), carrier: 1, ...extra }, token);
  expect(res.code, res.msg).toBe(0);
  return (res.data as Row).id;
};

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await login(t.app, 'demo', 'demo123')).token;
  demoTenant = await tenantId(t.app, 'Demo Site');
  other = (await tenantWithAdmin(t.app, 'Other SIM Co', 'othersimadmin')).token;
  carrier = new SimulatedCarrier(t.app.db, { now: () => t.clock.now(), timeZone: t.app.config.timeZone });
  setCarrier(t.app, carrier);
  carrierRetry.backoffMs = 0;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('SIM cards', () => {
  it('bulk import by XLSX: the template imports cleanly; bad rows are reported with their reason', async () => {
    const tpl = await t.app.inject({
      method: 'GET',
      url: '/api/iot/simCard/template',
      headers: { authorization: demo },
    });
    expect(tpl.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).filter(Boolean);
    expect(headers).toContain('ICCID');
    expect(headers).toContain('运营商');
    // Fill in three rows: two good ones (one bound by IMEI), one with a bad ICCID.
    const [device] = await t.app.db
      .select()
      .from(devices)
      .where(eq(devices.tenantId, demoTenant))
      .orderBy(devices.id)
      .offset(36)
      .limit(1);
    const col = (name: string) => headers.indexOf(name) + 1;
    sheet.spliceRows(2, 1);
    const rows = [
      [iccid(5001), '中国联通', device!.imei],
      [iccid(5002), 'China Telecom', ''],
      ['12345', '中国移动', ''],
    ];
    rows.forEach((r, i) => {
      const row = sheet.getRow(2 + i);
      row.getCell(col('ICCID')).value = r[0];
      row.getCell(col('运营商')).value = r[1];
      if (r[2]) row.getCell(col('绑定设备IMEI')).value = r[2];
      row.commit();
    });
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload(t.app, '/api/iot/simCard/import', buf, demo);
    expect(res.code, res.msg).toBe(0);
    const report = res.data as {
      added?: number;
      failed?: number;
      errors?: { row: number; message?: string; messages?: string[] }[];
    };
    expect(JSON.stringify(report)).toMatch(/ICCID/);
    const imported = (await cards({ keyword: '8986007700000000500' })).rows;
    expect(imported.map((r) => r.iccid).sort()).toEqual([iccid(5001), iccid(5002)]);
    expect(imported.find((r) => r.iccid === iccid(5001))).toMatchObject({ carrier: 2, deviceId: device!.id });
    expect(imported.find((r) => r.iccid === iccid(5002))).toMatchObject({ carrier: 3, deviceId: null });
  });
});

describe('packages', () => {
  it('CRUD with validation (price >= 0, two decimals, validity, type and language codes), scoped to the company', async () => {
    const good = {
      name: '测试包 2GB',
      price: 19.9,
      type: PACKAGE_TYPE.data,
      validityDays: 30,
      dataMb: 2048,
      smsCount: 10,
      voiceMinutes: 0,
      language: 6,
      status: 1,
    };
    expect((await api('package/add', { ...good, price: -1 })).key).toBe('tooSmall');
    expect((await api('package/add', { ...good, price: 1.234 })).key).toBe('decimalInvalid');
    expect((await api('package/add', { ...good, validityDays: 0 })).key).toBe('tooSmall');
    expect((await api('package/add', { ...good, language: 9 })).key).toBe('mustChooseOne');
    expect((await api('package/add', { ...good, name: '' })).key).toBe('required');
    const added = await api('package/add', good);
    expect(added.code, added.msg).toBe(0);
    const id = (added.data as Row).id;
    expect((await api('package/get', { id })).data).toMatchObject({ price: 19.9, language: 6, dataMb: 2048 });
    expect((await api('package/get', { id }, other)).key).toBe('notFound');
    expect((await api('package/update', { id, price: 0 })).code).toBe(0);
    expect((await api('package/delete', { ids: [id] }, other)).code).not.toBe(0);
    expect((await api('package/get', { id })).code).toBe(0);
    expect((await api('package/delete', { ids: [id] })).code).toBe(0);
    expect((await api('package/get', { id })).key).toBe('notFound');
  });
});

describe('settling cards left in between', () => {
  it("leaves a card whose resume is still waiting on the carrier: the resume's own move ends it live", async () => {
    const id = await addCard({ activatedAt: new Date(t.clock.now()).toISOString() });
    await suspendCard(t.app, undefined, id);
    setCarrier(
      t.app,
      new SimulatedCarrier(t.app.db, { now: () => t.clock.now(), timeZone: t.app.config.timeZone, delayMs: 400 }),
    );
    try {
      const resuming = resumeCard(t.app, undefined, id);
      const stored = async () => (await t.app.db.select().from(simCards).where(eq(simCards.id, id)))[0]!;
      await expect.poll(async () => (await stored()).state).toBe(SIM_STATE.resuming);
      // The sweep's settle, meanwhile: the carrier still says suspended, but the call is under way.
      expect(await settleCard(t.app, await stored())).toBe(false);
      expect((await stored()).state).toBe(SIM_STATE.resuming);
      await resuming;
      expect((await stored()).state).toBe(SIM_STATE.liveActive);
    } finally {
      setCarrier(t.app, carrier);
    }
  });
});
