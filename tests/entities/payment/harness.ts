import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Scope } from '../../../src/server/db/scope';
import type { Payment } from '../../../src/server/payments';
import { post, type TestApp } from '../../server/helper';
import { users } from '../../../src/server/db/schema';
import { demoApp } from '../../server/org-helper';
import { paymentEvents, payments } from '../../../src/entities/payment/table';

// What the payment tests share (payment.test.ts, payment-refunds.test.ts): the demo app with a
// module 'unitTest' told of payments and refunds, and the calls a payer and the tests make.

export let t: TestApp;
export let demoTenant: number;
/** The demo administrator's scope and session: the payer of the payments `create` makes. */
export let demoScope: Scope;
let demoToken: string;
/** What the 'unitTest' module was told, since the test began. */
export const paid: Payment[] = [];
export const refunded: Payment[] = [];
let failNext = 0;
/** The module's next `n` paid notices fail, as a module that is down would. */
export const failNextPaid = (n: number) => void (failNext = n);

/** Builds the app before the file's tests and closes it after; each test starts with nothing told. */
export function paymentHarness(): void {
  beforeAll(async () => {
    ({ t, demoTenant, demo: demoToken } = await demoApp());
    const [demoUser] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
    demoScope = { userId: demoUser!.id, tenantId: demoTenant, kind: 'admin' };
    t.app.payments.onPaid('unitTest', async (p) => {
      if (failNext > 0) {
        failNext--;
        throw new Error('the module is down');
      }
      paid.push(p);
    });
    t.app.payments.onRefunded('unitTest', async (p) => void refunded.push(p));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    paid.length = 0;
    refunded.length = 0;
    failNext = 0;
    t.app.sandboxPay.forgetCallbacks = false;
  });
}

export const create = (amountFen = 1234, scope = demoScope) =>
  t.app.payments.create(scope, {
    purpose: { kind: 'unitTest', ref: `R${Math.random()}` },
    subject: '测试商品 Test item',
    amountFen,
    method: 'sandbox',
    returnPath: '/bilList',
  });

export const row = async (orderNo: string) =>
  (await t.app.db.select().from(payments).where(eq(payments.orderNo, orderNo)))[0]!;
export const events = (orderNo: string) =>
  t.app.db.select().from(paymentEvents).where(eq(paymentEvents.orderNo, orderNo)).orderBy(paymentEvents.id);

/**
 * Presses a button of the sandbox's pay page, as its script does in the payer's browser: the
 * session (the payer's unless told; '' for none) in Authorization; answers where the browser goes next.
 */
export const press = (orderNo: string, action: 'pay' | 'fail' | 'cancel', token: string = demoToken) =>
  post<{ back: string }>(t.app, `/api/pay/sandbox/${orderNo}/${action}`, undefined, { token });
