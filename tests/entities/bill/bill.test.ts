import { desc, eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, PAY_STATUS } from '../../../src/shared/payments';
import { devices } from '../../../src/server/db/schema';
import { addRole, addUser } from '../../server/fixtures';
import { login, post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { sandboxNotify } from '../../server/pay-helper';
import { payments, paySandboxOrders } from '../../../src/entities/payment';
import { simCards } from '../../../src/entities/sim-card';
import { fulfil } from '../../../src/entities/bill/purchase';
import { BILL_KIND } from '../../../src/entities/bill/resource';
import type { BillReport } from '../../../src/shared/bill-report';
import { bills } from '../../../src/entities/bill/table';

let t: TestApp;
let su: string;
let demo: string;
let demoTenant: number;
let other: string;
/** A user of the demo company whose role opens the billing screens but grants no buttons. */
let clerk: string;
const pkg: Record<'a' | 'b' | 'addOn' | 'off', number> = { a: 0, b: 0, addOn: 0, off: 0 };
const card: Record<'one' | 'two' | 'three' | 'bound', { id: number; iccid: string; msisdn: string }> = {} as never;
/** A demo device without a card (the SIM seed binds the first few): the tests bind one of theirs to it. */
let BOUND_IMEI = '';

const buy = (body: object, token = demo) =>
  post<{ bill: Row; payUrl: string | null; reused: boolean }>(t.app, '/api/iot/bill/buy', body, { token });
const billRow = async (id: number) => (await t.app.db.select().from(bills).where(eq(bills.id, id)))[0]!;
const cardRow = async (id: number) => (await t.app.db.select().from(simCards).where(eq(simCards.id, id)))[0]!;
const report = async (token = demo) => (await post<BillReport>(t.app, '/api/iot/bill/report', {}, { token })).data;
const thisMonth = (r: BillReport) => r.byMonth.at(-1)!;

/** Presses 支付 on the sandbox's pay page, as the payer's browser does (the sandbox then posts its signed callback). */
const pressPay = (payUrl: string, token = demo) => post<{ back: string }>(t.app, `${payUrl}/pay`, undefined, { token });

/** The sandbox's signed notification of an order as it stands in its ledger: what a provider repeating itself sends. */
async function resendCallback(orderNo: string) {
  const [row] = await t.app.db.select().from(paySandboxOrders).where(eq(paySandboxOrders.orderNo, orderNo));
  return sandboxNotify(t.app, {
    orderNo,
    tradeNo: row!.tradeNo,
    state: row!.state,
    amountFen: row!.amountFen,
    paidAt: row!.paidAt?.toISOString(),
    sentAt: new Date().toISOString(),
  });
}

async function addPackage(body: object): Promise<number> {
  const res = await post<Row>(
    t.app,
    '/api/iot/package/add',
    { price: 10, type: 0, validityDays: 30, dataMb: 1024, status: 1, ...body },
    { token: demo },
  );
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
}

async function addCard(n: number) {
  const iccid = `89860000000000${String(90_000 + n)}`;
  const msisdn = `10648000${String(10_000 + n)}`;
  const res = await post<Row>(t.app, '/api/iot/simCard/add', { iccid, msisdn, carrier: 1 + (n % 3) }, { token: demo });
  expect(res.code, res.msg).toBe(0);
  return { id: res.data.id, iccid, msisdn };
}

beforeAll(async () => {
  ({ t, su, demo, demoTenant } = await demoApp());
  // The report's span ends at the clock's month; the demo cards' usage is of the month the run's
  // template was seeded in. This file's clock stands at that instant, so a run crossing the
  // tenant's month end (seeded on the 31st, tested on the 1st) reports the month it has usage for.
  const [seeded] = await t.app.db
    .select({ at: max(simCards.usageSyncedAt) })
    .from(simCards)
    .where(eq(simCards.tenantId, demoTenant));
  t.clock.advance(seeded!.at!.getTime() - t.clock.now());
  other = (await tenantWithAdmin(t.app, 'Other Billing Co', 'otherbilladmin')).token;
  const role = await addRole(t.app, demoTenant, 'Billing clerk', ['Bill', 'bilList', 'topup', 'Report']);
  await addUser(t.app, { tenant: demoTenant, username: 'billclerk', kind: 'admin', roleIds: [role] });
  clerk = (await login(t.app, 'billclerk', 'secret1')).token;
  pkg.a = await addPackage({ name: 'Test 1 GB', price: 19.9 });
  pkg.b = await addPackage({ name: 'Test 5 GB', price: 49.9, dataMb: 5120 });
  pkg.addOn = await addPackage({ name: 'Test add-on 500 MB', price: 5, type: 1, dataMb: 500 });
  pkg.off = await addPackage({ name: 'Test withdrawn', price: 1, status: 0 });
  card.one = await addCard(1);
  card.two = await addCard(2);
  card.three = await addCard(3);
  card.bound = await addCard(4);
  const taken = new Set((await t.app.db.select({ deviceId: simCards.deviceId }).from(simCards)).map((c) => c.deviceId));
  const free = (
    await t.app.db.select().from(devices).where(eq(devices.tenantId, demoTenant)).orderBy(desc(devices.id))
  ).find((d) => !taken.has(d.id));
  BOUND_IMEI = free!.imei;
  const bound = await post(t.app, '/api/iot/simCard/bind', { id: card.bound.id, imei: BOUND_IMEI }, { token: demo });
  expect(bound.code, bound.msg).toBe(0);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

describe('buying a package', () => {
  it('refuses a purchase without a number (the required-field message), an unknown card, a device without a card, a disabled package and bad input', async () => {
    const none = await buy({ packageId: pkg.a, method: 'sandbox' });
    expect([none.code, none.key]).toEqual([400, 'topupNumberRequired']);
    const blank = await buy({ msisdn: '  ', packageId: pkg.a, method: 'sandbox' });
    expect(blank.key).toBe('topupNumberRequired');
    expect((await buy({ iccid: '89860000000000000000', packageId: pkg.a, method: 'sandbox' })).key).toBe('notFound');
    const noCard = await buy({ imei: '869999999999999', packageId: pkg.a, method: 'sandbox' });
    expect([noCard.code, noCard.key]).toEqual([400, 'noBoundCard']);
    expect((await buy({ iccid: card.one.iccid, packageId: pkg.off, method: 'sandbox' })).key).toBe('packageDisabled');
    expect((await buy({ iccid: card.one.iccid, method: 'sandbox' })).code).toBe(400);
    expect((await buy({ iccid: card.one.iccid, packageId: pkg.a, method: 'bitcoin' })).code).toBe(400);
    expect((await buy({ iccid: card.one.iccid, packageId: pkg.a, method: 'sandbox', periods: 0 })).code).toBe(400);
    expect((await t.app.db.select().from(bills).where(eq(bills.simCardId, card.one.id))).length).toBe(0);
  });

  it('order, pay page, callback: the bill is paid, the card has the package, the report counts it; the same callback again pays once', async () => {
    const before = thisMonth(await report());
    const answer = await buy({ msisdn: card.one.msisdn, packageId: pkg.a, method: 'sandbox' });
    expect(answer.code, answer.msg).toBe(0);
    const { bill, payUrl } = answer.data;
    expect(bill).toMatchObject({
      status: ORDER_STATUS.unpaid,
      payStatus: PAY_STATUS.unpaid,
      amountFen: 1990,
      amount: 19.9,
      iccid: card.one.iccid,
      msisdn: card.one.msisdn,
      packageName: 'Test 1 GB',
      kind: BILL_KIND.package,
    });
    expect(bill.orderNo).toMatch(/^P\d{20}$/);
    expect(payUrl).toBe(`/api/pay/sandbox/${String(bill.orderNo)}`);
    const [payment] = await t.app.db
      .select()
      .from(payments)
      .where(eq(payments.orderNo, String(bill.orderNo)));
    expect(payment).toMatchObject({
      purposeKind: 'simPackage',
      purposeRef: String(bill.id),
      amountFen: 1990,
      returnPath: '/bilList',
    });

    // Asking again while it is open answers the same order.
    const again = await buy({ iccid: card.one.iccid, packageId: pkg.a, method: 'sandbox' });
    expect(again.data).toMatchObject({ reused: true, payUrl });
    expect(again.data.bill.id).toBe(bill.id);

    const page = await t.app.inject({ method: 'GET', url: payUrl! });
    expect(page.body).toContain('19.90');
    const paid = await pressPay(payUrl!);
    expect(paid.code, paid.msg).toBe(0);
    expect(paid.data.back).toContain(`/paypal?orderNo=${String(bill.orderNo)}`);

    const after = await billRow(bill.id);
    expect(after).toMatchObject({ status: ORDER_STATUS.paid, payStatus: PAY_STATUS.success, applied: true });
    expect(after.paidAt).toBeInstanceOf(Date);
    const c = await cardRow(card.one.id);
    expect(c.packageId).toBe(pkg.a);
    const expires = c.packageExpiresAt!.getTime();
    const month = thisMonth(await report());
    expect(month.paidFen - before.paidFen).toBe(1990);
    expect(month.bills - before.bills).toBe(1);

    // The provider sends the same notification again: accepted, nothing changes.
    const twice = await resendCallback(String(bill.orderNo));
    expect(twice.statusCode).toBe(200);
    const resent = await resendCallback(String(bill.orderNo));
    expect(resent.statusCode).toBe(200);
    expect(await billRow(bill.id)).toMatchObject({ status: ORDER_STATUS.paid, amountFen: 1990, paidAt: after.paidAt });
    expect((await cardRow(card.one.id)).packageExpiresAt!.getTime()).toBe(expires);
    expect(thisMonth(await report())).toEqual(month);
    expect((await t.app.db.select().from(bills).where(eq(bills.simCardId, card.one.id))).length).toBe(1);

    // Fulfilment called again (the reconcile job retrying) applies nothing twice.
    const p = (await t.app.payments.get(String(bill.orderNo)))!;
    await fulfil(t.app, p);
    await fulfil(t.app, p);
    expect((await cardRow(card.one.id)).packageExpiresAt!.getTime()).toBe(expires);

    // The card's own package is refused; another one is bought and then the first is "already bought".
    const current = await buy({ iccid: card.one.iccid, packageId: pkg.a, method: 'sandbox' });
    expect([current.code, current.key]).toEqual([400, 'alreadyCurrentPackage']);
    const other5 = await buy({ iccid: card.one.iccid, packageId: pkg.b, method: 'sandbox' });
    await pressPay(other5.data.payUrl!);
    expect((await cardRow(card.one.id)).packageId).toBe(pkg.b);
    const bought = await buy({ iccid: card.one.iccid, packageId: pkg.a, method: 'sandbox' });
    expect([bought.code, bought.key]).toEqual([400, 'packageAlreadyBought']);
  });

  it('by device IMEI: the bound card; renewing the current package for 3 periods costs 3 times and extends it by 3 validities', async () => {
    const first = await buy({ imei: BOUND_IMEI, packageId: pkg.a, method: 'sandbox' });
    expect(first.data.bill.iccid).toBe(card.bound.iccid);
    await pressPay(first.data.payUrl!);
    const start = (await cardRow(card.bound.id)).packageExpiresAt!.getTime();
    const renew = await buy({ imei: BOUND_IMEI, packageId: pkg.a, method: 'sandbox', periods: 3, renew: true });
    expect(renew.code, renew.msg).toBe(0);
    expect(renew.data.bill).toMatchObject({ amountFen: 3 * 1990, periods: 3 });
    await pressPay(renew.data.payUrl!);
    expect((await cardRow(card.bound.id)).packageExpiresAt!.getTime()).toBe(start + 90 * 86_400_000);
  });

  it('data add-ons are bought as often as wanted and leave the base package in place', async () => {
    const base = await buy({ iccid: card.two.iccid, packageId: pkg.a, method: 'sandbox' });
    await pressPay(base.data.payUrl!);
    for (let i = 0; i < 2; i++) {
      const add = await buy({ msisdn: card.two.msisdn, packageId: pkg.addOn, method: 'sandbox' });
      expect(add.code, add.msg).toBe(0);
      expect(add.data.bill).toMatchObject({ kind: BILL_KIND.data, amountFen: 500 });
      await pressPay(add.data.payUrl!);
      expect(await billRow(add.data.bill.id)).toMatchObject({ status: ORDER_STATUS.paid, applied: true });
    }
    expect((await cardRow(card.two.id)).packageId).toBe(pkg.a);
    const [p] = await t.app.db
      .select()
      .from(payments)
      .where(
        eq(
          payments.purposeRef,
          String((await buy({ iccid: card.two.iccid, packageId: pkg.addOn, method: 'sandbox' })).data.bill.id),
        ),
      );
    expect(p!.purposeKind).toBe('dataTopup');
  });

  it('a batch makes one order per card and says why for a number it cannot serve', async () => {
    const res = await post<{ number: string; key?: string; payUrl?: string }[]>(
      t.app,
      '/api/iot/bill/buyBatch',
      { numbers: [card.three.msisdn, card.three.iccid, '10649999999'], packageId: pkg.b, method: 'sandbox' },
      { token: demo },
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data.map((r) => r.key ?? 'ok')).toEqual(['ok', 'ok', 'notFound']);
    // The ICCID names the same card: the open order is answered, not a second one.
    expect(res.data[1]!.payUrl).toBe(res.data[0]!.payUrl);
    expect(
      (
        await post(
          t.app,
          '/api/iot/bill/buyBatch',
          { numbers: [], packageId: pkg.b, method: 'sandbox' },
          { token: demo },
        )
      ).key,
    ).toBe('topupNumberRequired');
  });
});

describe('bills', () => {
  it('cancel an unpaid bill (its pay page no longer takes money); pay now on a closed one opens a fresh order', async () => {
    const open = await buy({ iccid: card.three.iccid, packageId: pkg.a, method: 'sandbox' });
    const id = open.data.bill.id;
    const cancelled = await post<Row>(t.app, '/api/iot/bill/cancel', { id }, { token: demo });
    expect(cancelled.data).toMatchObject({ status: ORDER_STATUS.cancelled, payStatus: PAY_STATUS.closed });
    await pressPay(open.data.payUrl!);
    expect((await billRow(id)).status).toBe(ORDER_STATUS.cancelled);
    expect((await post(t.app, '/api/iot/bill/cancel', { id }, { token: demo })).key).toBe('noSuchTransition');
    expect((await post(t.app, '/api/iot/bill/pay', { id }, { token: demo })).key).toBe('noSuchTransition');

    // An unpaid bill without an open payment (an expired one): 去支付 replaces it.
    const stale = await buy({ iccid: card.three.iccid, packageId: pkg.a, method: 'sandbox' });
    await t.app.payments.close(String(stale.data.bill.orderNo));
    const fresh = await post<{ bill: Row; payUrl: string }>(
      t.app,
      '/api/iot/bill/pay',
      { id: stale.data.bill.id },
      { token: demo },
    );
    expect(fresh.code, fresh.msg).toBe(0);
    expect(fresh.data.bill.id).not.toBe(stale.data.bill.id);
    expect((await billRow(stale.data.bill.id)).status).toBe(ORDER_STATUS.cancelled);
    await pressPay(fresh.data.payUrl);
    expect((await billRow(fresh.data.bill.id)).status).toBe(ORDER_STATUS.paid);
  });

  it("a colleague's open order for the same card and package is not handed to another user, who could not pay it: a fresh one is", async () => {
    const mine = await buy({ iccid: card.three.iccid, packageId: pkg.addOn, method: 'sandbox' });
    expect(mine.code, mine.msg).toBe(0);
    // The colleague may not press 支付 on it.
    expect((await pressPay(mine.data.payUrl!, clerk)).key).toBe('noPermission');
    const theirs = await buy({ iccid: card.three.iccid, packageId: pkg.addOn, method: 'sandbox' }, clerk);
    expect(theirs.code, theirs.msg).toBe(0);
    expect(theirs.data.reused).toBe(false);
    expect(theirs.data.bill.id).not.toBe(mine.data.bill.id);
    expect((await billRow(mine.data.bill.id)).status).toBe(ORDER_STATUS.cancelled);
    const paid = await pressPay(theirs.data.payUrl!, clerk);
    expect(paid.code, paid.msg).toBe(0);
    expect((await billRow(theirs.data.bill.id)).status).toBe(ORDER_STATUS.paid);
  });

  it('refund: asks the mark, refunds through the payment once, and the report takes it off the revenue', async () => {
    const b = await buy({ iccid: card.two.iccid, packageId: pkg.b, method: 'sandbox' });
    await pressPay(b.data.payUrl!);
    const before = thisMonth(await report());
    const refused = await post(t.app, '/api/iot/bill/refund', { id: b.data.bill.id }, { token: clerk });
    expect([refused.code, refused.key]).toEqual([403, 'noPermission']);
    const done = await post<Row>(
      t.app,
      '/api/iot/bill/refund',
      { id: b.data.bill.id, reason: 'customer asked' },
      { token: demo },
    );
    expect(done.code, done.msg).toBe(0);
    expect(done.data).toMatchObject({
      payStatus: PAY_STATUS.refunded,
      refundedFen: 4990,
      status: ORDER_STATUS.cancelled,
    });
    expect((await t.app.payments.get(String(b.data.bill.orderNo)))!.status).toBe(PAY_STATUS.refunded);
    const month = thisMonth(await report());
    expect(month.refundFen - before.refundFen).toBe(4990);
    expect(month.revenueFen - before.revenueFen).toBe(-4990);
    expect((await post(t.app, '/api/iot/bill/refund', { id: b.data.bill.id }, { token: demo })).key).toBe(
      'billNotRefundable',
    );
    const unpaid = await buy({ iccid: card.three.iccid, packageId: pkg.b, method: 'sandbox' });
    expect((await post(t.app, '/api/iot/bill/refund', { id: unpaid.data.bill.id }, { token: demo })).key).toBe(
      'billNotRefundable',
    );
  });

  it('bills are read-only through the list, scoped to the company; another company can neither see, pay, cancel nor buy for its cards', async () => {
    const mine = await list(t.app, 'bill', { filters: { iccid: card.one.iccid } }, demo, 'iot');
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.rows[0]).toMatchObject({ iccid: card.one.iccid, amount: expect.any(Number) });
    expect((await list(t.app, 'bill', {}, other, 'iot')).total).toBe(0);
    expect((await list(t.app, 'bill', { filters: { status: ORDER_STATUS.paid } }, su, 'iot')).total).toBeGreaterThan(0);
    const id = mine.rows[0]!.id;
    expect((await post(t.app, '/api/iot/bill/pay', { id }, { token: other })).code).toBe(404);
    expect((await post(t.app, '/api/iot/bill/cancel', { id }, { token: other })).code).toBe(404);
    expect((await post(t.app, '/api/iot/bill/refund', { id }, { token: other })).code).toBe(404);
    expect((await buy({ iccid: card.one.iccid, packageId: pkg.a, method: 'sandbox' }, other)).code).toBe(404);
    expect((await post(t.app, '/api/iot/bill/card', { iccid: card.one.iccid }, { token: other })).code).toBe(404);
    // No add, update or delete: bills come from purchases.
    expect((await post(t.app, '/api/iot/bill/add', { orderNo: 'x' }, { token: demo })).status).toBe(404);
    expect((await post(t.app, '/api/iot/bill/delete', { ids: [id] }, { token: demo })).status).toBe(404);
    // The visitor buys nothing.
    const visitor = String(
      (await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization,
    );
    expect((await buy({ iccid: card.one.iccid, packageId: pkg.b, method: 'sandbox' }, visitor)).key).toBe(
      'readOnlyVisitor',
    );
  });

  it('the card lookup names the bound card of a device with its package', async () => {
    const info = await post<Row>(t.app, '/api/iot/bill/card', { imei: BOUND_IMEI }, { token: demo });
    expect(info.data).toMatchObject({ iccid: card.bound.iccid, packageId: pkg.a, packageName: 'Test 1 GB' });
    expect((await post(t.app, '/api/iot/bill/card', {}, { token: demo })).key).toBe('topupNumberRequired');
    expect((await post(t.app, '/api/iot/bill/methods', {}, { token: demo })).data).toContain('sandbox');
  });
});

describe('report', () => {
  it('groups by month, carrier and package; the tenant grouping is the platform administrator’s only; usage comes from the cards', async () => {
    const r = await report();
    expect(r.byMonth.length).toBe(6);
    expect(r.platform).toBe(false);
    expect(r.byTenant).toBeUndefined();
    const total = r.byMonth.reduce((s, m) => s + m.revenueFen, 0);
    expect(r.totals.revenueFen).toBe(total);
    expect(r.byPackage.find((p) => p.key === 'Test 1 GB')!.paidFen).toBeGreaterThanOrEqual(1990 * 4);
    expect(r.byCarrier.reduce((s, c) => s + c.revenueFen, 0)).toBe(total);
    expect(r.usageByCarrier.reduce((s, u) => s + u.cards, 0)).toBeGreaterThanOrEqual(4);
    // Usage by month: every month of the span, the seeded cards counted in each; the whole months
    // have data usage (this month's may still be 0 in its first seconds: it is the cards' counters).
    expect(r.usageByMonth.map((u) => u.key)).toEqual(r.byMonth.map((m) => m.key));
    expect(r.usageByMonth.every((u) => u.cards > 0)).toBe(true);
    expect(r.usageByMonth.slice(0, -1).every((u) => u.dataMb > 0)).toBe(true);
    expect(r.usageByMonth.at(-1)!.dataMb).toBeCloseTo(
      r.usageByCarrier.reduce((s, u) => s + u.dataMb, 0),
      0,
    );
    const platform = await report(su);
    expect(platform.platform).toBe(true);
    expect(platform.byTenant!.find((x) => x.label === 'Demo Site')!.revenueFen).toBe(total);
    const theirs = await report(other);
    expect(theirs.totals).toMatchObject({ revenueFen: 0, bills: 0 });
    expect(theirs.usageByMonth.every((u) => u.cards === 0 && u.dataMb === 0)).toBe(true);
    const span = await post<BillReport>(
      t.app,
      '/api/iot/bill/report',
      { from: '2020-01', to: '2020-03' },
      { token: demo },
    );
    expect(span.data.byMonth.map((m) => m.key)).toEqual(['2020-01', '2020-02', '2020-03']);
    expect((await post(t.app, '/api/iot/bill/report', { from: '2020-1' }, { token: demo })).code).toBe(400);
  });
});
