import { useRouterState } from '@tanstack/react-router';
import type { RouteScreenProps } from '../screens/types';
import { PayerPage } from './PayerPage';
import { PaymentsScreen } from './PaymentsScreen';
import type { PaymentView } from './payments.api';

/** What /map/paypal shows: the payer's page of one order, or the operators' payments list. */
export type PaymentPage = { kind: 'payer'; orderNo: string } | { kind: 'list' };

/** `?orderNo=` (the providers bring the payer back with it) picks the payer's page; else the list. */
export function paymentPageOf(orderNo: unknown): PaymentPage {
  return typeof orderNo === 'string' && orderNo ? { kind: 'payer', orderNo } : { kind: 'list' };
}

/**
 * /map/paypal: with `?orderNo=` the payer's page of one payment (PayerPage.tsx), without it the
 * payments list for the operators (PaymentsScreen.tsx).
 */
export function PaymentScreen(props: RouteScreenProps) {
  const page = paymentPageOf(useRouterState({ select: (s) => (s.location.search as Record<string, unknown>).orderNo }));
  return page.kind === 'payer' ? <PayerPage orderNo={page.orderNo} /> : <PaymentsScreen {...props} />;
}

export type { PaymentView };
