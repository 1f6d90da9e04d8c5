import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../shared/api';
import { ORDER_STATUS, PAY_METHOD, PAY_STATUS, type PayMethodName } from '../../shared/payments';
import { isPlatformScope, type Scope } from '../../server/db/scope';
import { fail } from '../../server/lib/api-error';
import type { Payment } from '../../server/payments';
import { applyPackage, priceFenOf, simCards } from '../sim-card';
import { PACKAGE_TYPE, simPackages } from '../sim-package';
import { BILL_KIND, BILL_PURPOSE } from './resource';
import { bills } from './table';

export type Bill = typeof bills.$inferSelect;
type Card = typeof simCards.$inferSelect;
type Package = typeof simPackages.$inferSelect;

/** How the buyer names the card: its ICCID, its access number (MSISDN), or the device it is bound to. */
interface CardRef {
  iccid?: string;
  msisdn?: string;
  imei?: string;
}

interface BuyRequest extends CardRef {
  packageId: number;
  method: PayMethodName;
  /** Validity periods bought at once (renewals). */
  periods?: number;
  /** Renew the card's current package (Recharge2) instead of refusing it as 'alreadyCurrentPackage'. */
  renew?: boolean;
}

interface BuyAnswer {
  bill: Bill;
  payUrl: string | null;
  /** An open unpaid bill for the same card and package was answered instead of a new one. */
  reused: boolean;
}
const cardScope = (scope: Scope) => (isPlatformScope(scope) ? undefined : eq(simCards.tenantId, scope.tenantId));

/** The card the buyer named, in their company; by device: the card bound to it, else 'noBoundCard'. */
async function findCard(app: FastifyInstance, scope: Scope, ref: CardRef): Promise<Card> {
  const iccid = ref.iccid?.trim();
  const msisdn = ref.msisdn?.trim();
  const imei = ref.imei?.trim();
  if (!iccid && !msisdn && !imei) fail(Code.BAD_REQUEST, 'topupNumberRequired');
  const where = iccid ? eq(simCards.iccid, iccid) : msisdn ? eq(simCards.msisdn, msisdn) : eq(simCards.imei, imei!);
  const [card] = await app.db
    .select()
    .from(simCards)
    .where(and(where, cardScope(scope)))
    .orderBy(desc(simCards.id))
    .limit(1);
  if (!card)
    fail(
      imei && !iccid && !msisdn ? Code.BAD_REQUEST : Code.NOT_FOUND,
      imei && !iccid && !msisdn ? 'noBoundCard' : 'notFound',
    );
  return card!;
}

async function findPackageOf(app: FastifyInstance, card: Card, packageId: number): Promise<Package> {
  const [pkg] = await app.db
    .select()
    .from(simPackages)
    .where(and(eq(simPackages.id, packageId), eq(simPackages.tenantId, card.tenantId)));
  if (!pkg) fail(Code.NOT_FOUND, 'notFound');
  if (pkg!.status !== 1) fail(Code.BAD_REQUEST, 'packageDisabled');
  return pkg!;
}

const billKindOf = (pkg: Package): number => (pkg.type === PACKAGE_TYPE.data ? BILL_KIND.package : BILL_KIND.data);

/**
 * Buys `packageId` for the card: refuses the card's current package ('alreadyCurrentPackage',
 * unless renewing) and a package bought and paid for it that is still valid ('packageAlreadyBought');
 * answers an open unpaid bill of the same card, package and method again instead of a second
 * order (one of another method is closed and replaced). Otherwise a bill and its payment
 * (purpose simPackage / dataTopup, ref = the bill's id) are made: the payer opens `payUrl`.
 */
export async function buy(
  app: FastifyInstance,
  scope: Scope,
  user: { id: number; name: string },
  req: BuyRequest,
): Promise<BuyAnswer> {
  const card = await findCard(app, scope, req);
  const pkg = await findPackageOf(app, card, req.packageId);
  const kind = billKindOf(pkg);
  const periods = req.periods ?? 1;
  const now = app.clock.now();
  if (kind === BILL_KIND.package) {
    if (card.packageId === pkg.id && !req.renew) fail(Code.BAD_REQUEST, 'alreadyCurrentPackage');
    if (!req.renew) {
      // Paid for this card and still within its validity (e.g. bought, not yet changed by the carrier).
      const [valid] = await app.db
        .select({ id: bills.id })
        .from(bills)
        .where(
          and(
            eq(bills.simCardId, card.id),
            eq(bills.packageId, pkg.id),
            eq(bills.status, ORDER_STATUS.paid),
            eq(bills.refundedFen, 0),
            // A Date bound beside an expression has no column to type it: postgres-js needs the text and a cast.
            sql`${bills.paidAt} + make_interval(days => ${pkg.validityDays} * ${bills.periods}) > ${new Date(now).toISOString()}::timestamptz`,
          ),
        )
        .limit(1);
      if (valid) fail(Code.BAD_REQUEST, 'packageAlreadyBought');
    }
  }
  const [open] = await app.db
    .select()
    .from(bills)
    .where(
      and(
        eq(bills.simCardId, card.id),
        eq(bills.packageId, pkg.id),
        eq(bills.status, ORDER_STATUS.unpaid),
        eq(bills.periods, periods),
      ),
    )
    .orderBy(desc(bills.id))
    .limit(1);
  if (open) {
    // Only its payer can pay an order (the sandbox page takes the payer's session): another user's open order is replaced.
    if (open.method === PAY_METHOD[req.method] && open.userId === user.id)
      return { bill: open, payUrl: open.payUrl, reused: true };
    await cancelBill(app, open);
  }
  const amountFen = priceFenOf(pkg) * periods;
  const [row] = await app.db
    .insert(bills)
    .values({
      tenantId: card.tenantId,
      // Replaced by the payment's order number below; unique meanwhile.
      orderNo: `pending-${now}-${Math.random().toString(36).slice(2)}`,
      simCardId: card.id,
      iccid: card.iccid,
      msisdn: card.msisdn,
      carrier: card.carrier,
      packageId: pkg.id,
      packageName: pkg.name,
      kind,
      periods,
      amountFen,
      method: PAY_METHOD[req.method],
      userId: user.id,
      userName: user.name,
      createdAt: new Date(now),
    })
    .returning();
  const billRow = row!;
  try {
    const purposeKind = kind === BILL_KIND.package ? BILL_PURPOSE.package : BILL_PURPOSE.data;
    const subject = `${pkg.name} · ${card.msisdn || card.iccid}${periods > 1 ? ` × ${periods}` : ''}`;
    const { payment, checkout } = await app.payments.create(
      { ...scope, tenantId: card.tenantId },
      {
        purpose: { kind: purposeKind, ref: String(billRow.id) },
        subject: subject.slice(0, 120),
        amountFen,
        method: req.method,
        returnPath: '/bilList',
        userId: user.id,
      },
    );
    const [updated] = await app.db
      .update(bills)
      .set({ orderNo: payment.orderNo, payUrl: checkout.payUrl ?? null, payStatus: payment.status })
      .where(eq(bills.id, billRow.id))
      .returning();
    return { bill: updated!, payUrl: checkout.payUrl ?? null, reused: false };
  } catch (err) {
    await app.db.delete(bills).where(eq(bills.id, billRow.id));
    throw err;
  }
}

/** Cancels an unpaid bill and closes its payment (if it has an open one); a bill already paid is 'noSuchTransition'. */
export async function cancelBill(app: FastifyInstance, bill: Bill): Promise<Bill> {
  if (bill.status !== ORDER_STATUS.unpaid) fail(Code.BAD_REQUEST, 'noSuchTransition');
  const before = await app.payments.get(bill.orderNo);
  const payment =
    before && (before.status === PAY_STATUS.unpaid || before.status === PAY_STATUS.paying)
      ? await app.payments.close(bill.orderNo)
      : before;
  // The provider may say it was paid meanwhile: then fulfilment has run (or will), keep it.
  if (payment?.status === PAY_STATUS.success) {
    const [now] = await app.db.select().from(bills).where(eq(bills.id, bill.id));
    return now!;
  }
  const [cancelled] = await app.db
    .update(bills)
    .set({ status: ORDER_STATUS.cancelled, payStatus: payment?.status ?? PAY_STATUS.closed })
    .where(and(eq(bills.id, bill.id), eq(bills.status, ORDER_STATUS.unpaid)))
    .returning();
  if (!cancelled) fail(Code.BAD_REQUEST, 'noSuchTransition');
  return cancelled!;
}

/**
 * 去支付 on an unpaid bill: its payment page while the payment is open; one that expired or was
 * closed (or a bill without a payment) is replaced by a fresh order for the same card and package.
 */
export async function payAgain(
  app: FastifyInstance,
  scope: Scope,
  user: { id: number; name: string },
  bill: Bill,
): Promise<BuyAnswer> {
  if (bill.status !== ORDER_STATUS.unpaid) fail(Code.BAD_REQUEST, 'noSuchTransition');
  const payment = await app.payments.get(bill.orderNo);
  const open =
    payment &&
    (payment.status === PAY_STATUS.unpaid || payment.status === PAY_STATUS.paying) &&
    bill.payUrl &&
    bill.userId === user.id;
  if (open) return { bill, payUrl: bill.payUrl, reused: true };
  const cancelled = await cancelBill(app, bill);
  if (cancelled.status === ORDER_STATUS.paid) fail(Code.BAD_REQUEST, 'noSuchTransition');
  if (bill.simCardId == null || bill.packageId == null) fail(Code.BAD_REQUEST, 'noSuchTransition');
  const methodName = (Object.entries(PAY_METHOD).find(([, v]) => v === bill.method)?.[0] ?? 'sandbox') as PayMethodName;
  const [card] = await app.db.select().from(simCards).where(eq(simCards.id, bill.simCardId!));
  if (!card) fail(Code.NOT_FOUND, 'notFound');
  return buy(app, scope, user, {
    iccid: card!.iccid,
    packageId: bill.packageId!,
    method: methodName,
    periods: bill.periods,
    renew: card!.packageId === bill.packageId,
  });
}

async function billOf(app: FastifyInstance, payment: Payment): Promise<Bill | undefined> {
  const id = Number(payment.purpose.ref);
  const [row] = await app.db
    .select()
    .from(bills)
    .where(
      and(
        eq(bills.tenantId, payment.tenantId),
        Number.isInteger(id) && id > 0 ? eq(bills.id, id) : eq(bills.orderNo, payment.orderNo),
      ),
    );
  return row;
}

/**
 * Fulfilment of a paid bill: the bill is paid (once), then the package goes to the card once
 * (`applied` is claimed in one statement, so a second callback or a retry changes nothing). If
 * the carrier fails, the claim is released and the error thrown: the payments' reconcile job
 * calls again later.
 */
export async function fulfil(app: FastifyInstance, payment: Payment): Promise<void> {
  const bill = await billOf(app, payment);
  if (!bill) throw new Error(`no bill for payment ${payment.orderNo}`);
  if (bill.status !== ORDER_STATUS.paid) {
    await app.db
      .update(bills)
      .set({
        status: ORDER_STATUS.paid,
        payStatus: PAY_STATUS.success,
        paidAt: payment.paidAt ?? new Date(app.clock.now()),
        orderNo: payment.orderNo,
      })
      .where(and(eq(bills.id, bill.id), sql`${bills.status} <> ${ORDER_STATUS.paid}`));
  }
  const [claimed] = await app.db
    .update(bills)
    .set({ applied: true })
    .where(and(eq(bills.id, bill.id), eq(bills.applied, false)))
    .returning({ id: bills.id });
  if (!claimed || bill.simCardId == null || bill.packageId == null) return;
  try {
    // Paid is paid: a package that became the card's meanwhile is extended (renew), never refused.
    await applyPackage(app, {
      tenantId: bill.tenantId,
      simCardId: bill.simCardId,
      packageId: bill.packageId,
      periods: bill.periods,
      renew: true,
    });
  } catch (err) {
    await app.db.update(bills).set({ applied: false }).where(eq(bills.id, bill.id));
    throw err;
  }
}

/** Money given back: the bill mirrors the payment's refund (refunding / refunded, the amount). */
export async function refunded(app: FastifyInstance, payment: Payment): Promise<void> {
  const bill = await billOf(app, payment);
  if (!bill) return;
  const full = payment.refundedFen >= bill.amountFen;
  await app.db
    .update(bills)
    .set({
      payStatus: payment.status,
      refundedFen: payment.refundedFen,
      refundedAt: new Date(app.clock.now()),
      status: full && payment.status === PAY_STATUS.refunded ? ORDER_STATUS.cancelled : bill.status,
    })
    .where(eq(bills.id, bill.id));
}

/** The card a device is bound to, with its current package (Recharge, Recharge2, topup). */
export async function cardInfo(app: FastifyInstance, scope: Scope, ref: CardRef) {
  const card = await findCard(app, scope, ref);
  const [pkg] = card.packageId ? await app.db.select().from(simPackages).where(eq(simPackages.id, card.packageId)) : [];
  return {
    id: card.id,
    iccid: card.iccid,
    msisdn: card.msisdn,
    imei: card.imei,
    carrier: card.carrier,
    state: card.state,
    packageId: card.packageId,
    packageName: pkg?.name ?? null,
    packagePrice: pkg ? Number(pkg.price) : null,
    packageValidityDays: pkg?.validityDays ?? null,
    packageExpiresAt: card.packageExpiresAt,
    dataUsedMb: card.dataUsedMb,
    packageDataMb: pkg?.dataMb ?? null,
  };
}
