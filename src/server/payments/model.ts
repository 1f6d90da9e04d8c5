import { randomInt } from 'node:crypto';
import { PAY_METHOD, PAY_METHOD_NAMES, PAY_STATUS, type PayMethodName, type PayStatus } from '../../shared/payments';
import { wallClockOf } from '../../shared/wall-clock';
import type { payments } from '../../entities/payment/table';
import type { Payment } from './types';

// The payments table's rows and the small pure helpers the service's modules share.

export type PaymentRow = typeof payments.$inferSelect;

/** The largest single payment: 1,000,000 yuan. */
export const MAX_PAYMENT_FEN = 100_000_000;

export const OPEN: number[] = [PAY_STATUS.unpaid, PAY_STATUS.paying];
/** States in which the money was received (onPaid is owed). */
export const RECEIVED: number[] = [PAY_STATUS.success, PAY_STATUS.refunding, PAY_STATUS.refunded];

export const asMethodName = (code: number): PayMethodName =>
  PAY_METHOD_NAMES.find((n) => PAY_METHOD[n] === code) ?? 'sandbox';

export function toPayment(row: PaymentRow): Payment {
  return {
    orderNo: row.orderNo,
    tenantId: row.tenantId,
    purpose: { kind: row.purposeKind, ref: row.purposeRef },
    subject: row.subject,
    amountFen: row.amountFen,
    method: asMethodName(row.method),
    status: row.status as PayStatus,
    refundedFen: row.refundedFen,
    paidAt: row.paidAt,
    createdAt: row.createdAt,
  };
}

/** P + yyyymmddHHMMss in the operators' time zone + 6 random digits. */
export function newOrderNo(now: number, timeZone = 'Asia/Shanghai'): string {
  const c = wallClockOf(new Date(now), timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `P${c.year}${two(c.month)}${two(c.day)}${two(c.hour)}${two(c.minute)}${two(c.second)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/** The order number a callback names, read without trusting it (for the log of a refused one). */
export function guessOrderNo(body: string): string | undefined {
  const m = /"?(?:orderNo|out_trade_no|invoice_id|custom_id)"?\s*[:=]\s*"?([A-Za-z0-9_-]{4,64})/.exec(body);
  return m?.[1];
}
