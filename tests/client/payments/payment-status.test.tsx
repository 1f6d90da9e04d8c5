import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { PaymentScreen } from '../../../src/client/features/payments/PaymentScreen';
import type { PaymentView } from '../../../src/client/features/payments/payments.api';
import { PAY_STATUS } from '../../../src/shared/payments';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser, envelope } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

const opened: (string | null | undefined)[] = [];
vi.mock('../../../src/client/features/payments/payments.api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/client/features/payments/payments.api')>()),
  openPayPage: (url: string | null | undefined) => void opened.push(url),
}));

const view = (extra: Partial<PaymentView> = {}): PaymentView => ({
  orderNo: 'P20261125000000000001',
  tenantId: 1,
  purpose: { kind: 'utility', ref: '3' },
  subject: '电费充值 101',
  amountFen: 5000,
  method: 'sandbox',
  status: PAY_STATUS.unpaid,
  refundedFen: 0,
  paidAt: null,
  createdAt: '2026-11-25T08:00:00.000Z',
  currency: 'CNY',
  providerRef: null,
  expiresAt: '2026-11-25T08:30:00.000Z',
  closedAt: null,
  fulfilledAt: null,
  returnPath: '/elecCard',
  ...extra,
});

let payment: PaymentView;
let calls: Call[];
const toasts: string[] = [];
beforeEach(() => {
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  payment = view();
  opened.length = 0;
  toasts.length = 0;
  calls = mockApi(
    {
      '/api/pay/payment/status': () => payment,
      '/api/pay/payment/methods': ['sandbox', 'wechat', 'alipay'],
      '/api/pay/payment/changeMethod': (body: unknown) => {
        const { method } = body as { method: PaymentView['method'] };
        if (method === payment.method)
          return envelope(
            { code: 400, msg: 'Payment method not changed', key: 'payMethodNotChanged', data: null } as never,
            { status: 400 },
          );
        payment = { ...payment, method };
        return { payment, checkout: { payUrl: `https://pay.example/${method}/${payment.orderNo}` } };
      },
    },
    [],
    toasts,
  );
});
afterEach(() => resetRequestDeps());

function renderAt(href: string) {
  const root = createRootRoute({ component: () => <PaymentScreen search={{}} onSearchChange={() => undefined} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: [href] }) });
  renderWithProviders(<RouterProvider router={router} />);
}

describe('/map/paypal?orderNo=', () => {
  it('an unpaid order can be paid another way: the new checkout opens; the same method again is refused with its message', async () => {
    renderAt(`/map/paypal?orderNo=${payment.orderNo}`);
    expect(await screen.findByTestId('payment-amount')).toHaveTextContent('¥50.00');
    expect(screen.getByTestId('payment-subject')).toHaveTextContent('电费充值 101');
    // The same method: the service's "payment method not changed", nothing opened.
    fireEvent.click(screen.getByTestId('payment-change-ok'));
    await waitFor(() => expect(toasts.join(' ')).toMatch(/支付方式未改变|Payment method not changed/));
    expect(opened).toEqual([]);
    // Another method: the order's new checkout opens.
    fireEvent.click(screen.getByTestId('payment-change-method'));
    fireEvent.click(await screen.findByRole('option', { name: /微信/ }));
    fireEvent.click(screen.getByTestId('payment-change-ok'));
    await waitFor(() => expect(opened).toEqual([`https://pay.example/wechat/${payment.orderNo}`]));
    expect(calls.filter((c) => c.url === '/api/pay/payment/changeMethod').map((c) => c.body)).toEqual([
      { orderNo: payment.orderNo, method: 'sandbox' },
      { orderNo: payment.orderNo, method: 'wechat' },
    ]);
  });

  it('a paid order offers no other method', async () => {
    payment = view({
      status: PAY_STATUS.success,
      paidAt: '2026-11-25T08:05:00.000Z',
      fulfilledAt: '2026-11-25T08:05:01.000Z',
    });
    renderAt(`/map/paypal?orderNo=${payment.orderNo}`);
    expect(await screen.findByTestId('payment-state')).toHaveAttribute('data-state', String(PAY_STATUS.success));
    expect(screen.queryByTestId('payment-change')).toBeNull();
  });
});
