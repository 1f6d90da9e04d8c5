import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Payment } from '../../../src/server/payments';
import { fulfilTopup } from '../../../src/entities/utility-account/routes';
import { utilityAccounts, utilityTopups } from '../../../src/entities/utility-account/table';

// What the utility-account tests share (utility-account.test.ts, utility-account-meters.test.ts).

/** The account row as stored. */
export const accountRow = async (app: FastifyInstance, id: number) =>
  (await app.db.select().from(utilityAccounts).where(eq(utilityAccounts.id, id)))[0]!;

/** A paid top-up credited through the fulfilment handler (what app.payments.onPaid('utility') calls). */
export async function paidTopup(
  app: FastifyInstance,
  accountId: number,
  fen: number,
): Promise<{ payment: Payment; topupId: number }> {
  const a = await accountRow(app, accountId);
  const [row] = await app.db
    .insert(utilityTopups)
    .values({
      tenantId: a.tenantId,
      accountId,
      amountFen: fen,
      method: 'sandbox',
      orderNo: `TEST${Date.now()}${Math.random()}`,
    })
    .returning();
  const payment: Payment = {
    orderNo: row!.orderNo!,
    tenantId: a.tenantId,
    purpose: { kind: 'utility', ref: String(row!.id) },
    subject: 'test',
    amountFen: fen,
    method: 'sandbox',
    status: 1,
    refundedFen: 0,
    paidAt: new Date(),
    createdAt: new Date(),
  };
  await fulfilTopup(app, payment);
  return { payment, topupId: row!.id };
}
