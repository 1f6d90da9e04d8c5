import { queryOptions } from '@tanstack/react-query';
import { PAY_STATUS, type PayMethodName } from '../../../shared/payments';
import { request } from '../../lib/request';
import { formatDateCell } from '../../lib/dates';

/** What `pay/payment/status` answers (src/entities/payment/routes.ts). */
export interface PaymentView {
  orderNo: string;
  tenantId: number;
  purpose: { kind: string; ref: string };
  subject: string;
  amountFen: number;
  method: PayMethodName;
  status: number;
  refundedFen: number;
  paidAt: string | null;
  createdAt: string;
  currency: string;
  providerRef: string | null;
  expiresAt: string;
  closedAt: string | null;
  fulfilledAt: string | null;
  returnPath: string | null;
}

export interface PaymentEvent {
  id: number;
  orderNo: string;
  kind: string;
  method: string | null;
  verified: boolean;
  payload: unknown;
  result: string;
  at: string;
}

/** States the provider may still move: the payer's page keeps asking while the order is in one. */
export const PENDING_STATES: readonly number[] = [PAY_STATUS.unpaid, PAY_STATUS.paying, PAY_STATUS.refunding];

export const paymentStatusQuery = (orderNo: string) =>
  queryOptions({
    queryKey: ['payment', 'status', orderNo],
    queryFn: () => request<PaymentView>('pay', 'payment/status', { orderNo }, { quiet: true }),
    refetchInterval: (query) => (query.state.data && !PENDING_STATES.includes(query.state.data.status) ? false : 3000),
  });

export const paymentEventsQuery = (orderNo: string) =>
  queryOptions({
    queryKey: ['payment', 'events', orderNo],
    queryFn: () => request<PaymentEvent[]>('pay', 'payment/events', { orderNo }),
  });

export const syncPayment = (orderNo: string) => request<PaymentView>('pay', 'payment/sync', { orderNo });
export const refundPayment = (orderNo: string, amount?: number, reason?: string) =>
  request<PaymentView>('pay', 'payment/refund', { orderNo, amount, reason }, { showMessage: true });
export const closePayment = (orderNo: string) =>
  request<PaymentView>('pay', 'payment/close', { orderNo }, { showMessage: true });
/** The methods this service can take (sandbox always; the others once their keys are set). */
export const paymentMethodsQuery = () =>
  queryOptions({
    queryKey: ['payment', 'methods'],
    queryFn: () => request<PayMethodName[]>('pay', 'payment/methods', {}, { quiet: true }),
    staleTime: 60_000,
  });
/**
 * The method a purchase form sends: the one picked while the service offers it, else the first it
 * offers (the sandbox is off in production, so it cannot be everyone's default).
 */
export const offeredMethod = (picked: PayMethodName, offered: readonly PayMethodName[] | undefined): PayMethodName =>
  offered?.length && !offered.includes(picked) ? offered[0]! : picked;
/** Pays an unpaid order another way: the same order, a new checkout ('payMethodNotChanged' for the same method). */
export const changePaymentMethod = (orderNo: string, method: PayMethodName) =>
  request<{ payment: PaymentView; checkout: { payUrl?: string; qrCode?: string } }>(
    'pay',
    'payment/changeMethod',
    { orderNo, method },
    { showMessage: true },
  );
export const testPayment = (amount: number) =>
  request<{ payment: PaymentView; checkout: { payUrl?: string } }>('pay', 'payment/testPay', { amount });

/** Goes to the payment page (the sandbox's, or the provider's); it brings the payer back to the console. */
export function openPayPage(payUrl: string | null | undefined): void {
  if (payUrl) window.location.assign(payUrl);
}

export const fenText = (fen: number): string => `¥${(fen / 100).toFixed(2)}`;

/** A date of a payment or its log as the tables show it; '-' when there is none. */
export const dateText = (value: string | null | undefined) => (value ? formatDateCell(value) : '-');
