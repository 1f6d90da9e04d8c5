import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, PAY_STATUS } from '../../../src/shared/payments';
import { JOB_STATE } from '../../../src/shared/jobs';
import { finishedJob, post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';
import type { BillReport } from '../../../src/shared/bill-report';
import { bills } from '../../../src/entities/bill/table';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: string;

const report = async (token = demo) => (await post<BillReport>(t.app, '/api/iot/bill/report', {}, { token })).data;

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Billing Co', 'otherbilladmin')).token;
}, 90_000);
afterAll(async () => {
  await t?.close();
});

describe('the demo site', () => {
  it('starts with bills over the last months (paid, refunded, cancelled, unpaid) that the report counts; another company sees none', async () => {
    const seeded = await list(t.app, 'bill', { size: 100 }, demo, 'iot');
    expect(seeded.total).toBeGreaterThanOrEqual(20);
    const states = new Set(seeded.rows.map((r) => `${String(r.status)}/${String(r.payStatus)}`));
    expect(states).toEqual(
      new Set([
        `${ORDER_STATUS.paid}/${PAY_STATUS.success}`,
        `${ORDER_STATUS.cancelled}/${PAY_STATUS.refunded}`,
        `${ORDER_STATUS.cancelled}/${PAY_STATUS.closed}`,
        `${ORDER_STATUS.unpaid}/${PAY_STATUS.unpaid}`,
      ]),
    );
    const r = await report();
    expect(r.totals.revenueFen).toBeGreaterThan(0);
    expect(r.byMonth.filter((m) => m.paidFen > 0).length).toBeGreaterThanOrEqual(3);
    expect(r.totals.adFen).toBeGreaterThan(0);
    expect((await list(t.app, 'bill', {}, other, 'iot')).total).toBe(0);
    // A seeded paid bill refunds through its sandbox payment like a new one.
    const paid = seeded.rows.find((x) => x.status === ORDER_STATUS.paid)!;
    const refund = await post<Row>(t.app, '/api/iot/bill/refund', { id: paid.id }, { token: demo });
    expect(refund.code, refund.msg).toBe(0);
    expect(refund.data.payStatus).toBe(PAY_STATUS.refunded);
    // A seeded unpaid bill (no payment yet): 去支付 opens a fresh order.
    const unpaid = seeded.rows.find((x) => x.status === ORDER_STATUS.unpaid)!;
    const pay = await post<{ payUrl: string }>(t.app, '/api/iot/bill/pay', { id: unpaid.id }, { token: demo });
    expect(pay.code, pay.msg).toBe(0);
    expect(pay.data.payUrl).toMatch(/^\/api\/pay\/sandbox\/P\d+$/);
  });
});

describe('report', () => {
  it('exports as a job whose XLSX lands in the download tasks', async () => {
    const queued = await post<{ id: number }>(t.app, '/api/iot/bill/reportJob', {}, { token: demo });
    expect(queued.code, queued.msg).toBe(0);
    const job = await finishedJob(t.app, queued.data.id, demo);
    expect(job.state).toBe(JOB_STATE.done);
    expect(job.downloadable).toBe(true);
    const rows = await t.app.db
      .select()
      .from(bills)
      .where(and(eq(bills.tenantId, demoTenant), eq(bills.status, ORDER_STATUS.paid)));
    expect(rows.length).toBeGreaterThan(0);
  });
});
