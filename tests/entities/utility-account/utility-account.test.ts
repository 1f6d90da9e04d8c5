import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '../../../src/shared/payments';
import { alarmRecords } from '../../../src/server/db/schema';
import { login, post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { addRole, addUser } from '../../server/fixtures';
import { rooms } from '../../../src/entities/room';
import { units } from '../../../src/entities/unit';
import { LOW_BALANCE_ALARM } from '../../../src/entities/utility-account/charging';
import { LEDGER_TYPE, UTILITY_KIND, UTILITY_STATE } from '../../../src/entities/utility-account/resource';
import { fulfilTopup, refundTopup, topupFen } from '../../../src/entities/utility-account/routes';
import { accountRow, paidTopup as paidTopupOf } from './test-helpers';
import { utilityAccounts, utilityLedger, utilityTopups } from '../../../src/entities/utility-account/table';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: string;
let reader: string;

const api = (action: string, body: object, token = demo) =>
  post<Row & Record<string, unknown>>(t.app, `/api/user/utilityAccount/${action}`, body, { token });
const account = (id: number) => accountRow(t.app, id);
const paidTopup = (accountId: number, fen: number) => paidTopupOf(t.app, accountId, fen);
const alarmsOf = async (accountId: number) =>
  t.app.db
    .select({ type: alarmRecords.type, title: alarmRecords.title })
    .from(alarmRecords)
    .where(sql`${alarmRecords.data}->>'accountId' = ${String(accountId)}`)
    .orderBy(alarmRecords.id);

/** A room of the demo community without accounts, and a fresh electricity account for it. */
async function freshAccount(kind: number = UTILITY_KIND.electricity, threshold = 20): Promise<number> {
  const [unit] = await t.app.db.select().from(units).where(eq(units.tenantId, demoTenant)).orderBy(units.id).limit(1);
  const [last] = await t.app.db
    .select({ n: sql<number>`coalesce(max(${rooms.number}), 0)::int` })
    .from(rooms)
    .where(and(eq(rooms.unitId, unit!.id), eq(rooms.floor, 30)));
  const room = await post<Row>(
    t.app,
    '/api/user/room/add',
    { unitId: unit!.id, floor: 30, number: (last?.n ?? 0) + 1, name: `test ${Math.random()}` },
    { token: demo },
  );
  expect(room.code, room.msg).toBe(0);
  const roomId =
    (room.data as Row).id ??
    (
      await t.app.db
        .select({ id: rooms.id })
        .from(rooms)
        .orderBy(sql`${rooms.id} desc`)
        .limit(1)
    )[0]!.id;
  const res = await api('add', {
    roomId,
    kind,
    meterNo: `T${Date.now()}${Math.floor(Math.random() * 1000)}`,
    threshold,
  });
  expect(res.code, res.msg).toBe(0);
  const [a] = await t.app.db
    .select()
    .from(utilityAccounts)
    .where(and(eq(utilityAccounts.roomId, roomId), eq(utilityAccounts.kind, kind)));
  return a!.id;
}

beforeAll(async () => {
  const d = await demoApp();
  t = d.t;
  demo = d.demo;
  demoTenant = d.demoTenant;
  other = (await tenantWithAdmin(t.app, 'Other Utility Co', 'otherutility')).token;
  const role = await addRole(t.app, demoTenant, 'Utility reader', ['elecCard', 'waterCard']);
  await addUser(t.app, { tenant: demoTenant, username: 'utilreader', password: 'secret1', roleIds: [role] });
  reader = (await login(t.app, 'utilreader', 'secret1')).token;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('utility accounts', () => {
  it('seeds an electricity and a water account for every demo room, some low, with a rate from the community or the unit override', async () => {
    const elec = await list(
      t.app,
      'utilityAccount',
      { page: 1, size: 100, filters: { kind: UTILITY_KIND.electricity } },
      demo,
    );
    const water = await list(
      t.app,
      'utilityAccount',
      { page: 1, size: 100, filters: { kind: UTILITY_KIND.water } },
      demo,
    );
    expect(elec.total).toBe(48);
    expect(water.total).toBe(48);
    const rates = new Set(elec.rows.map((r) => r.rate));
    expect(rates).toEqual(new Set([0.62, 0.85]));
    expect(new Set(water.rows.map((r) => r.rate))).toEqual(new Set([3.5]));
    expect(elec.rows.some((r) => r.state === UTILITY_STATE.low)).toBe(true);
    expect(water.rows.some((r) => r.state === UTILITY_STATE.cutOff)).toBe(true);
    // Sorted by balance (yuan, generated from the fen balance).
    const sorted = await list(
      t.app,
      'utilityAccount',
      { page: 1, size: 5, filters: { kind: 1 }, sort: [{ field: 'balance', order: 'asc' }] },
      demo,
    );
    expect(Number(sorted.rows[0]!.balance)).toBeLessThanOrEqual(Number(sorted.rows[1]!.balance));
    const low = elec.rows.find((r) => r.state === UTILITY_STATE.low)!;
    expect((await alarmsOf(low.id)).map((a) => a.type)).toEqual([LOW_BALANCE_ALARM]);
  });

  it('charges delta x the unit override rate, else the community rate, in fen, with a ledger row', async () => {
    const elec = await list(t.app, 'utilityAccount', { page: 1, size: 100, filters: { kind: 1 } }, demo);
    for (const rate of [0.62, 0.85]) {
      const row = elec.rows.find((r) => r.rate === rate && r.state === UTILITY_STATE.normal)!;
      const before = await account(row.id);
      const res = await api('reading', { accountId: row.id, reading: before.lastReading! + 10 });
      expect(res.code, res.msg).toBe(0);
      const after = await account(row.id);
      expect(before.balanceFen - after.balanceFen).toBe(Math.round(10 * rate * 100));
      const [entry] = await t.app.db
        .select()
        .from(utilityLedger)
        .where(eq(utilityLedger.accountId, row.id))
        .orderBy(sql`${utilityLedger.id} desc`)
        .limit(1);
      expect(entry).toMatchObject({
        type: LEDGER_TYPE.reading,
        delta: 10,
        rate,
        amountFen: -Math.round(10 * rate * 100),
        balanceFen: after.balanceFen,
        source: 1,
      });
      const ledger = await api('ledger', { accountId: row.id }, reader);
      expect((ledger.data as unknown as { rows: { id: number }[] }).rows[0]!.id).toBe(entry!.id);
    }
  });

  it('refuses a reading lower than the last (logged, not charged) and holds an implausible jump', async () => {
    const id = await freshAccount();
    expect((await api('reading', { accountId: id, reading: 100 })).code).toBe(0);
    const lower = await api('reading', { accountId: id, reading: 99.5 });
    expect([lower.code, lower.key]).toEqual([400, 'meterReadingLower']);
    const jump = await api('reading', { accountId: id, reading: 100 + 5000 });
    expect([jump.code, jump.key]).toEqual([400, 'meterJumpSuspect']);
    const a = await account(id);
    expect([a.lastReading, a.balanceFen]).toEqual([100, 0]);
    const types = (
      await t.app.db
        .select({ type: utilityLedger.type })
        .from(utilityLedger)
        .where(eq(utilityLedger.accountId, id))
        .orderBy(utilityLedger.id)
    ).map((r) => r.type);
    expect(types).toEqual([LEDGER_TYPE.reading, LEDGER_TYPE.refused, LEDGER_TYPE.suspect]);
    expect((await api('reading', { accountId: id, reading: -1 })).code).toBe(400);
  });

  it('raises one low-balance alarm per crossing, clears it on a top-up, and cuts off in arrears', async () => {
    const id = await freshAccount(UTILITY_KIND.electricity, 20);
    await api('reading', { accountId: id, reading: 0 });
    // Created at 0 yuan with a 20 yuan threshold: low, one alarm from the first reading.
    expect((await alarmsOf(id)).map((a) => a.type)).toEqual([LOW_BALANCE_ALARM]);
    await paidTopup(id, 5000);
    expect((await account(id)).state).toBe(UTILITY_STATE.normal);
    expect((await alarmsOf(id)).map((a) => a.type)).toEqual([LOW_BALANCE_ALARM, 19]);
    // 50 yuan; 30 kWh at 0.62 = 18.60 -> 31.40 normal; 20 kWh more = 12.40 -> 19.00 low; 10 more -> 12.80 still low (no new alarm).
    await api('reading', { accountId: id, reading: 30 });
    expect((await account(id)).state).toBe(UTILITY_STATE.normal);
    await api('reading', { accountId: id, reading: 50 });
    await api('reading', { accountId: id, reading: 60 });
    expect((await account(id)).state).toBe(UTILITY_STATE.low);
    expect((await alarmsOf(id)).map((a) => a.type)).toEqual([LOW_BALANCE_ALARM, 19, LOW_BALANCE_ALARM]);
    await api('reading', { accountId: id, reading: 90 });
    const cut = await account(id);
    expect(cut.balanceFen).toBe(5000 - Math.round(90 * 0.62 * 100));
    expect(cut.state).toBe(UTILITY_STATE.cutOff);
    expect((await alarmsOf(id)).length).toBe(3);
  });

  it('credits a paid top-up once even when the paid callback is handled twice', async () => {
    const id = await freshAccount(UTILITY_KIND.water, 10);
    const { payment, topupId } = await paidTopup(id, 12_345);
    await fulfilTopup(t.app, payment);
    const a = await account(id);
    expect(a.balanceFen).toBe(12_345);
    const topups = await t.app.db
      .select()
      .from(utilityLedger)
      .where(and(eq(utilityLedger.accountId, id), eq(utilityLedger.type, LEDGER_TYPE.topup)));
    expect(topups.length).toBe(1);
    const [row] = await t.app.db.select().from(utilityTopups).where(eq(utilityTopups.id, topupId));
    expect([row!.status, row!.credited]).toEqual([ORDER_STATUS.paid, true]);
    // Another tenant's payment naming this top-up credits nothing.
    await fulfilTopup(t.app, { ...payment, tenantId: a.tenantId + 1000 });
    expect((await account(id)).balanceFen).toBe(12_345);
  });

  it('a refunded top-up leaves its account: through the payment interface, part then the rest, each fen once', async () => {
    const id = await freshAccount(UTILITY_KIND.electricity, 20);
    const top = await api('topup', { accountId: id, amount: 50, method: 'sandbox' });
    expect(top.code, top.msg).toBe(0);
    const { orderNo, topupId } = top.data as unknown as { orderNo: string; topupId: number };
    // The payer's own session presses 支付 (the pay page's script sends it).
    const paid = await post(t.app, `/api/pay/sandbox/${orderNo}/pay`, undefined, { token: demo });
    expect(paid.code, paid.msg).toBe(0);
    await t.app.payments.sync(orderNo);
    expect((await account(id)).balanceFen).toBe(5000);
    expect((await alarmsOf(id)).map((a) => a.type)).toEqual([]);

    // 40 yuan back: 10 left, below the 20 yuan threshold: low, one alarm.
    await t.app.payments.refund(orderNo, { amountFen: 4000, reason: 'test' });
    expect((await account(id)).balanceFen).toBe(1000);
    expect((await account(id)).state).toBe(UTILITY_STATE.low);
    expect((await alarmsOf(id)).map((a) => a.type)).toEqual([LOW_BALANCE_ALARM]);
    // The handler called again (the payment core retries after a failure) debits nothing more.
    const payment = (await t.app.payments.get(orderNo))!;
    await refundTopup(t.app, payment);
    expect((await account(id)).balanceFen).toBe(1000);
    // The rest: 0 left.
    await t.app.payments.refund(orderNo, {});
    expect((await account(id)).balanceFen).toBe(0);
    const refunds = await t.app.db
      .select()
      .from(utilityLedger)
      .where(and(eq(utilityLedger.accountId, id), eq(utilityLedger.type, LEDGER_TYPE.refund)))
      .orderBy(utilityLedger.id);
    expect(refunds.map((r) => [r.amountFen, r.balanceFen, r.topupId])).toEqual([
      [-4000, 1000, topupId],
      [-1000, 0, topupId],
    ]);
    // Another tenant's payment naming this top-up debits nothing.
    await refundTopup(t.app, { ...payment, tenantId: payment.tenantId + 1000, refundedFen: 5000 });
    expect((await account(id)).balanceFen).toBe(0);
  });

  it('a changed threshold raises the low-balance alarm, or its recovery, at once', async () => {
    const id = await freshAccount(UTILITY_KIND.water, 10);
    await paidTopup(id, 1500);
    expect((await account(id)).state).toBe(UTILITY_STATE.normal);
    expect((await alarmsOf(id)).map((a) => a.type)).toEqual([]);
    expect((await api('update', { id, threshold: 20 })).code).toBe(0);
    await expect.poll(async () => (await alarmsOf(id)).map((a) => a.type)).toEqual([LOW_BALANCE_ALARM]);
    expect((await account(id)).state).toBe(UTILITY_STATE.low);
    // Another edit that leaves it low raises nothing more; lowering the threshold again recovers it.
    expect((await api('update', { id, threshold: 18 })).code).toBe(0);
    expect((await api('update', { id, threshold: 5 })).code).toBe(0);
    await expect.poll(async () => (await alarmsOf(id)).map((a) => a.type)).toEqual([LOW_BALANCE_ALARM, 19]);
    expect((await account(id)).state).toBe(UTILITY_STATE.normal);
  });

  it('validates top-up amounts', async () => {
    expect([topupFen(0), topupFen(-5), topupFen(5000.01), topupFen(0.001), topupFen(Number.NaN)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect([topupFen(0.01), topupFen(100), topupFen(19.99), topupFen(5000)]).toEqual([1, 10_000, 1999, 500_000]);
    const id = await freshAccount();
    for (const amount of [0, -1, 6000, 1.234]) {
      const res = await api('topup', { accountId: id, amount, method: 'sandbox' });
      expect([res.code, res.key]).toEqual([400, 'topupAmountInvalid']);
    }
  });

  it('keeps tenants apart and checks marks and input', async () => {
    const elec = await list(t.app, 'utilityAccount', { page: 1, size: 1, filters: { kind: 1 } }, demo);
    const id = elec.rows[0]!.id;
    expect((await list(t.app, 'utilityAccount', { page: 1, size: 10 }, other)).total).toBe(0);
    expect((await api('ledger', { accountId: id }, other)).key).toBe('notFound');
    expect((await api('reading', { accountId: id, reading: 1e6 }, other)).key).toBe('notFound');
    expect((await api('topup', { accountId: id, amount: 10 }, other)).key).toBe('notFound');
    // A user with the menus but without the marks reads but does not write.
    expect((await api('ledger', { accountId: id }, reader)).code).toBe(0);
    expect((await api('reading', { accountId: id, reading: 1e6 }, reader)).key).toBe('noPermission');
    expect((await api('topup', { accountId: id, amount: 10 }, reader)).key).toBe('noPermission');
    expect((await api('openAll', { communityId: elec.rows[0]!.communityId, kind: 1 }, reader)).key).toBe(
      'noPermission',
    );
    // One account per room and kind; meter numbers unique per kind; the room must be the tenant's.
    const a = await account(id);
    expect((await api('add', { roomId: a.roomId, kind: 1, meterNo: 'NEW0001' })).key).toBe('utilityAccountExists');
    expect((await api('add', { roomId: a.roomId, kind: 1, meterNo: 'NEW0001' }, other)).key).toBe('refInvalid');
    expect((await api('add', { roomId: a.roomId, kind: 1, meterNo: 'x' })).code).toBe(400);
    const fresh = await freshAccount();
    expect((await api('update', { id: fresh, meterNo: a.meterNo })).key).toBe('meterNoTaken');
  });

  it('opens accounts for every room of a community without one, once', async () => {
    const elec = await list(t.app, 'utilityAccount', { page: 1, size: 1 }, demo);
    const communityId = elec.rows[0]!.communityId as number;
    await freshAccount(UTILITY_KIND.water);
    const first = await api('openAll', { communityId, kind: UTILITY_KIND.electricity });
    expect(first.code, first.msg).toBe(0);
    expect((first.data as unknown as { opened: number }).opened).toBeGreaterThan(0);
    const again = await api('openAll', { communityId, kind: UTILITY_KIND.electricity });
    expect((again.data as unknown as { opened: number }).opened).toBe(0);
    expect((await api('openAll', { communityId, kind: UTILITY_KIND.electricity }, other)).key).toBe('refInvalid');
  });
});
