import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedCarrier, setCarrier } from '../../server/carrier';
import { buildTestApp, login, post, type TestApp } from '../../../tests/server/helper';
import { tenantId } from '../../../tests/server/fixtures';
import { tenantWithAdmin, type Row } from '../../../tests/server/org-helper';
import { PACKAGE_TYPE } from '../sim-package/resource';
import { carrierRetry, resumeCard, settleCard, suspendCard, syncUsage } from './actions';
import { SIM_STATE } from './resource';
import { simCards, simUsageMonths } from './server';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: string;
let carrier: SimulatedCarrier;

const api = <T = Row>(path: string, body: unknown, token = demo) => post<T>(t.app, `/api/iot/${path}`, body, { token });
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

// Last in the file: it moves the clock 40 days on (sessions expire), so it calls the action itself.
describe('usage by month', () => {
  it("keeps each month's usage: the card's counters move on to the new month, last month's row stays", async () => {
    // Start mid-month in the service's zone: the steps below of a day and an hour must stay in one
    // month, whatever the time of the run and the clock's moves in the tests before.
    const dayOfMonth = () =>
      Number(
        new Intl.DateTimeFormat('en-US', { timeZone: t.app.config.timeZone, day: 'numeric' }).format(t.clock.now()),
      );
    while (dayOfMonth() < 5 || dayOfMonth() > 20) t.clock.advance(24 * 3_600_000);
    const id = await addCard({ activatedAt: new Date(t.clock.now()).toISOString() });
    const stored = async () => (await t.app.db.select().from(simCards).where(eq(simCards.id, id)))[0]!;
    const months = () =>
      t.app.db.select().from(simUsageMonths).where(eq(simUsageMonths.simCardId, id)).orderBy(simUsageMonths.month);
    t.clock.advance(24 * 3_600_000);
    await syncUsage(t.app, await stored());
    const first = await stored();
    const [one, ...none] = await months();
    expect(none).toEqual([]);
    expect(one).toMatchObject({
      tenantId: demoTenant,
      month: first.usageMonth,
      dataMb: first.dataUsedMb,
      sms: first.smsUsed,
      voiceMin: first.voiceUsedMin,
      carrier: first.carrier,
    });
    expect(first.dataUsedMb).toBeGreaterThan(0);
    // Synced again in the same month: the same row, updated.
    t.clock.advance(3_600_000);
    await syncUsage(t.app, first);
    expect((await months()).length).toBe(1);
    // 40 days on: another month on the card and a row of its own; the last one's stays.
    t.clock.advance(40 * 24 * 3_600_000);
    await syncUsage(t.app, first);
    const later = await stored();
    expect(later.usageMonth).not.toBe(first.usageMonth);
    const rows = await months();
    expect(rows.map((r) => r.month)).toEqual([first.usageMonth, later.usageMonth]);
    expect(rows[0]!.dataMb).toBeGreaterThanOrEqual(first.dataUsedMb);
    expect(rows[1]!.dataMb).toBe(later.dataUsedMb);
  });
});
