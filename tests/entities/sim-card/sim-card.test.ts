import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { carrierOf, CarrierError, SimulatedCarrier, setCarrier, withRetry } from '../../../src/server/carrier';
import { carrierLines } from '../../../src/server/db/tables';
import { devices } from '../../../src/server/db/schema';
import { canMove } from '../../../src/shared/state-machine';
import { buildTestApp, login, post, type TestApp } from '../../server/helper';
import { addRole, addUser, tenantId } from '../../server/fixtures';
import { list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { PACKAGE_TYPE } from '../../../src/entities/sim-package';
import { applyPackage, carrierRetry, discoverCards, syncUsage } from '../../../src/entities/sim-card/actions';
import { SIM_MACHINE, SIM_SOURCE, SIM_STATE } from '../../../src/entities/sim-card/resource';
import { simCards, simUsageMonths } from '../../../src/entities/sim-card/table';
import { simSyncJob } from '../../../src/entities/sim-card/sync-job';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: string;
let clerk: string;
let carrier: SimulatedCarrier;

const api = <T = Row>(path: string, body: unknown, token = demo) => post<T>(t.app, `/api/iot/${path}`, body, { token });
const cards = async (body: object = {}, token = demo) => list(t.app, 'simCard', { size: 100, ...body }, token, 'iot');
const card = async (id: number) => (await api('simCard/get', { id })).data;
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
  const role = await addRole(t.app, demoTenant, 'sim viewer', ['SIMCard', 'DeviceSim', 'Package']);
  await addUser(t.app, { tenant: demoTenant, username: 'simclerk', roleIds: [role] });
  clerk = (await login(t.app, 'simclerk', 'secret1')).token;
  carrier = new SimulatedCarrier(t.app.db, { now: () => t.clock.now(), timeZone: t.app.config.timeZone });
  setCarrier(t.app, carrier);
  carrierRetry.backoffMs = 0;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('SIM cards', () => {
  it('the demo has six packages and 30 cards in every state, 24 bound to demo devices, with usage this month', async () => {
    const all = await cards();
    expect(all.total).toBe(30);
    const states = new Set(all.rows.map((r) => r.state));
    for (const s of [
      SIM_STATE.liveActive,
      SIM_STATE.testActive,
      SIM_STATE.stopped,
      SIM_STATE.activatable,
      SIM_STATE.exception,
      SIM_STATE.disassembled,
    ])
      expect(states).toContain(s);
    expect(all.rows.filter((r) => r.imei).length).toBe(24);
    const live = all.rows.find((r) => r.state === SIM_STATE.liveActive && r.packageId)!;
    expect(Number(live.dataUsedMb)).toBeGreaterThanOrEqual(0);
    expect(Number(live.packageDataMb)).toBeGreaterThan(0);
    expect((await list(t.app, 'package', {}, demo, 'iot')).total).toBe(6);
    expect((await cards({}, other)).total).toBe(0);
    expect((await list(t.app, 'package', {}, other, 'iot')).total).toBe(0);
  });

  it('add validates the ICCID (19-20 digits), refuses a duplicate in the company, and another company cannot read or change it', async () => {
    expect((await api('simCard/add', { iccid: '12345', carrier: 1 })).key).toBe('iccidInvalid');
    expect((await api('simCard/add', { iccid: '8986ABCDEFGHIJKLMNOP', carrier: 1 })).key).toBe('iccidInvalid');
    expect((await api('simCard/add', { iccid: iccid(900) })).key).toBe('required');
    const id = await addCard();
    const row = await card(id);
    expect(row).toMatchObject({ state: SIM_STATE.activatable, source: SIM_SOURCE.added });
    expect((await api('simCard/add', { iccid: row.iccid, carrier: 2 })).key).toBe('iccidTaken');
    // The same ICCID in another company is its own card; neither sees the other's.
    expect((await api('simCard/add', { iccid: row.iccid, carrier: 2 }, other)).code).toBe(0);
    expect((await api('simCard/get', { id }, other)).key).toBe('notFound');
    expect((await api('simCard/update', { id, msisdn: '1440000000001' }, other)).key).toBe('notFound');
    expect((await api('simCard/suspend', { id }, other)).key).toBe('notFound');
    const upd = await api('simCard/update', { id, msisdn: '1440000000001', supplyCode: 'X-1' });
    expect(upd.code, upd.msg).toBe(0);
    expect((await card(id)).msisdn).toBe('1440000000001');
  });

  it('a user without the marks reads the cards but cannot add, suspend, bind or change packages', async () => {
    const id = await addCard({ activatedAt: new Date(t.clock.now()).toISOString() });
    expect((await cards({}, clerk)).total).toBeGreaterThan(0);
    for (const [path, body] of [
      ['simCard/add', { iccid: iccid(901), carrier: 1 }],
      ['simCard/suspend', { id }],
      ['simCard/resume', { id }],
      ['simCard/bind', { id, imei: '1' }],
      ['simCard/changePackage', { id, packageId: 1 }],
      ['package/add', { name: 'x', price: 1, type: 0, validityDays: 30, dataMb: 1 }],
    ] as const) {
      expect((await api(path, body, clerk)).key, path).toBe('noPermission');
    }
  });

  it('suspend: live active -> shutdown in progress -> stopped; resume: stopped -> resuming -> live active; illegal moves are noSuchTransition', async () => {
    const id = await addCard({ activatedAt: new Date(t.clock.now()).toISOString() });
    expect((await card(id)).state).toBe(SIM_STATE.liveActive);
    expect((await api('simCard/resume', { id })).key).toBe('noSuchTransition');
    // While the carrier works the card shows shutdown in progress.
    let seen: number | undefined;
    const slow = carrier.suspend.bind(carrier);
    carrier.suspend = async (i) => {
      seen = (await t.app.db.select({ state: simCards.state }).from(simCards).where(eq(simCards.id, id)))[0]!.state;
      return slow(i);
    };
    const res = await api('simCard/suspend', { id });
    carrier.suspend = slow;
    expect(res.code, res.msg).toBe(0);
    expect(seen).toBe(SIM_STATE.shuttingDown);
    expect((await card(id)).state).toBe(SIM_STATE.stopped);
    expect((await carrierOf(t.app).status((await card(id)).iccid as string)).state).toBe('suspended');
    expect((await api('simCard/suspend', { id })).key).toBe('noSuchTransition');
    const back = await api('simCard/resume', { id });
    expect(back.code, back.msg).toBe(0);
    expect((await card(id)).state).toBe(SIM_STATE.liveActive);
    expect((await carrierOf(t.app).status((await card(id)).iccid as string)).state).toBe('active');
    // An activatable or disassembled card cannot be suspended.
    expect((await api('simCard/suspend', { id: await addCard() })).key).toBe('noSuchTransition');
    expect(canMove(SIM_MACHINE, SIM_STATE.disassembled, SIM_STATE.resuming)).toBe(false);
    expect(canMove(SIM_MACHINE, SIM_STATE.stopped, SIM_STATE.liveActive)).toBe(false);
  });

  it('transient carrier failures are retried; a carrier that keeps failing leaves the card where it was with carrierFailed', async () => {
    const id = await addCard({ activatedAt: new Date(t.clock.now()).toISOString() });
    carrier.failNext(2);
    const before = carrier.calls;
    const ok = await api('simCard/suspend', { id });
    expect(ok.code, ok.msg).toBe(0);
    expect(carrier.calls - before).toBe(3);
    expect((await card(id)).state).toBe(SIM_STATE.stopped);
    carrier.failNext(10);
    const failed = await api('simCard/resume', { id });
    expect(failed.key).toBe('carrierFailed');
    expect((await card(id)).state).toBe(SIM_STATE.stopped);
    carrier.failNext(0);
    // A seeded failure rate: the same seed fails on the same calls.
    const runs = [1, 2].map(() => new SimulatedCarrier(t.app.db, { failRate: 0.5, seed: 5 }));
    const outcome = async (c: SimulatedCarrier) => {
      const out: boolean[] = [];
      for (let i = 0; i < 8; i++)
        out.push(
          await c.status(iccid(1)).then(
            () => true,
            (e: unknown) => !(e instanceof CarrierError && e.transient),
          ),
        );
      return out;
    };
    const [a, b] = [await outcome(runs[0]!), await outcome(runs[1]!)];
    expect(a).toEqual(b);
    expect(a).toContain(false);
    expect(a).toContain(true);
    // A final error is not retried.
    let tries = 0;
    await expect(
      withRetry(async () => {
        tries++;
        throw new CarrierError('no such card', false);
      }),
    ).rejects.toThrow('no such card');
    expect(tries).toBe(1);
  });

  it("usage this month grows with time on the carrier and syncs onto the card; a stopped card's does not grow", async () => {
    // 72 hours from today may cross into the next month, where usage starts again at 0: start on
    // the 2nd of next month (noon UTC is the 2nd in every tenant zone) so the 72 hours stay in one month.
    // The clock goes back afterwards, so the sessions of the tests after this one stay live.
    const now = new Date(t.clock.now());
    const jump = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 2, 12) - now.getTime();
    t.clock.advance(jump);
    onTestFinished(() => t.clock.advance(-jump));
    const id = await addCard({ activatedAt: new Date(t.clock.now()).toISOString() });
    const first = await api('simCard/syncUsage', { id });
    expect(first.code, first.msg).toBe(0);
    const a = Number((await card(id)).dataUsedMb);
    t.clock.advance(48 * 3_600_000);
    await api('simCard/syncUsage', { id });
    const row = await card(id);
    expect(Number(row.dataUsedMb)).toBeGreaterThan(a);
    expect(row.usageMonth).toMatch(/^\d{4}-\d{2}$/);
    expect(row.usageSyncedAt).toBeTruthy();
    await api('simCard/suspend', { id });
    const stopped = Number((await card(id)).dataUsedMb);
    const line = (
      await t.app.db
        .select()
        .from(carrierLines)
        .where(eq(carrierLines.iccid, row.iccid as string))
    )[0]!;
    t.clock.advance(24 * 3_600_000);
    const usage = await carrier.queryUsage(row.iccid as string);
    expect(usage.dataMb).toBeCloseTo(line.dataMb, 1);
    expect(stopped).toBeGreaterThan(0);
  });

  it('the sync-all job syncs every card of the company with progress and settles cards left in between', async () => {
    const stuck = await addCard({ activatedAt: new Date(t.clock.now()).toISOString() });
    await t.app.db.update(simCards).set({ state: SIM_STATE.shuttingDown }).where(eq(simCards.id, stuck));
    await carrier.suspend((await card(stuck)).iccid as string);
    const progress: number[] = [];
    const scope = { userId: 1, tenantId: demoTenant, kind: 'admin' } as never;
    const out = await simSyncJob({ params: {} } as never, {
      app: t.app,
      scope,
      signal: new AbortController().signal,
      files: undefined as never,
      progress: (n) => progress.push(n),
    });
    const total = (await cards()).total;
    expect(out.result).toMatchObject({ total, failed: 0 });
    expect(Number(out.result!.settled)).toBeGreaterThanOrEqual(1);
    expect(progress.at(-1)).toBe(total);
    expect((await card(stuck)).state).toBe(SIM_STATE.stopped);
    // Without an id the route queues the job.
    const queued = await api<{ job: { id: number; kind?: string } }>('simCard/syncUsage', {});
    expect(queued.code, queued.msg).toBe(0);
    expect(queued.data.job.id).toBeGreaterThan(0);
  });

  it('bind/unbind: one card per device, one device per card; a device with no card is noBoundCard', async () => {
    const [d1, d2] = await t.app.db
      .select()
      .from(devices)
      .where(eq(devices.tenantId, demoTenant))
      .orderBy(devices.id)
      .offset(30)
      .limit(2);
    const a = await addCard();
    const b = await addCard();
    expect((await api('simCard/byDevice', { deviceId: d1!.id })).key).toBe('noBoundCard');
    const bound = await api('simCard/bind', { id: a, deviceId: d1!.id });
    expect(bound.code, bound.msg).toBe(0);
    expect(bound.data).toMatchObject({ deviceId: d1!.id, imei: d1!.imei });
    expect((await api('simCard/bind', { id: b, deviceId: d1!.id })).key).toBe('deviceHasSim');
    expect((await api('simCard/bind', { id: a, imei: d2!.imei })).key).toBe('simCardBound');
    expect((await api<Row>('simCard/byDevice', { deviceId: d1!.id })).data.id).toBe(a);
    // Another company's device is not found; the form's IMEI binds too.
    const otherDevice = await t.app.db.select().from(devices).where(eq(devices.imei, '__none__'));
    expect(otherDevice).toEqual([]);
    expect((await api('simCard/update', { id: b, imei: d1!.imei })).key).toBe('deviceHasSim');
    expect((await api('simCard/update', { id: b, imei: 'nope' })).key).toBe('refInvalid');
    expect((await api('simCard/update', { id: b, imei: d2!.imei })).code).toBe(0);
    expect((await card(b)).deviceId).toBe(d2!.id);
    expect((await api('simCard/unbind', { id: a })).code).toBe(0);
    expect((await api('simCard/unbind', { id: a })).key).toBe('noBoundCard');
    expect((await api('simCard/byDevice', { deviceId: d1!.id })).key).toBe('noBoundCard');
    expect((await api('simCard/bind', { id: a, deviceId: d1!.id }, other)).key).toBe('notFound');
  });

  it("cards are found from devices' reported ICCIDs, bound to them, once", async () => {
    // The demo seeds two devices whose ICCID no card has yet.
    const found = await api<{ created: number }>('simCard/discover', {});
    expect(found.code, found.msg).toBe(0);
    expect(found.data.created).toBe(2);
    expect((await api<{ created: number }>('simCard/discover', {})).data.created).toBe(0);
    const [device] = await t.app.db
      .select()
      .from(devices)
      .where(eq(devices.tenantId, demoTenant))
      .orderBy(devices.id)
      .offset(34)
      .limit(1);
    await t.app.db
      .update(devices)
      .set({ iccid: iccid(4242) })
      .where(eq(devices.id, device!.id));
    expect(await discoverCards(t.app)).toBe(1);
    const [row] = (await cards({ filters: { iccid: iccid(4242) } })).rows;
    expect(row).toMatchObject({
      deviceId: device!.id,
      imei: device!.imei,
      source: SIM_SOURCE.device,
      state: SIM_STATE.liveActive,
    });
    expect((await cards({ filters: { iccid: iccid(4242) } }, other)).total).toBe(0);
    // A malformed ICCID is ignored.
    await t.app.db.update(devices).set({ iccid: '12AB' }).where(eq(devices.id, device!.id));
    expect(await discoverCards(t.app)).toBe(0);
  });

  it('applyPackage: the carrier changes the package (with retries), the card records it; its current package again is alreadyCurrentPackage unless renewing', async () => {
    const id = await addCard({ activatedAt: new Date(t.clock.now()).toISOString() });
    const pkgs = (await list(t.app, 'package', { sort: [{ field: 'id', order: 'asc' }] }, demo, 'iot')).rows;
    const main = pkgs.find((p) => p.type === PACKAGE_TYPE.data)!;
    const addOn = pkgs.find((p) => p.type === PACKAGE_TYPE.addOn)!;
    carrier.failNext(1);
    await applyPackage(t.app, { tenantId: demoTenant, simCardId: id, packageId: main.id });
    const row = await card(id);
    expect(row.packageId).toBe(main.id);
    const days = (Date.parse(row.packageExpiresAt as string) - t.clock.now()) / 86_400_000;
    expect(days).toBeCloseTo(Number(main.validityDays), 3);
    expect((await carrier.status(row.iccid as string)).packageCode).toBe(main.code);
    await expect(
      applyPackage(t.app, { tenantId: demoTenant, simCardId: id, packageId: main.id }),
    ).rejects.toMatchObject({ key: 'alreadyCurrentPackage' });
    await applyPackage(t.app, { tenantId: demoTenant, simCardId: id, packageId: main.id, renew: true, periods: 2 });
    expect(Date.parse((await card(id)).packageExpiresAt as string)).toBeCloseTo(
      Date.parse(row.packageExpiresAt as string) + 2 * Number(main.validityDays) * 86_400_000,
      -3,
    );
    // An add-on goes to the carrier and leaves the main package.
    await applyPackage(t.app, { tenantId: demoTenant, simCardId: id, packageId: addOn.id });
    expect((await card(id)).packageId).toBe(main.id);
    // Another company's package or card is not found.
    await expect(
      applyPackage(t.app, { tenantId: demoTenant + 999, simCardId: id, packageId: main.id }),
    ).rejects.toMatchObject({ key: 'notFound' });
    // The administrator's route: marks, and the same refusal.
    expect((await api('simCard/changePackage', { id, packageId: main.id })).key).toBe('alreadyCurrentPackage');
    const other2 = pkgs.find((p) => p.type === PACKAGE_TYPE.data && p.id !== main.id)!;
    const changed = await api('simCard/changePackage', { id, packageId: other2.id });
    expect(changed.code, changed.msg).toBe(0);
    expect((changed.data as Row).packageId).toBe(other2.id);
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
