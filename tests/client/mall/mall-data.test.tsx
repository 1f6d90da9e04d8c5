import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MallDataScreen } from '../../../src/client/features/mall-orders/MallDataScreen';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

const stats = {
  byDay: [
    { day: '2026-11-24', paidFen: 12_000, orders: 3 },
    { day: '2026-11-25', paidFen: 5_990, orders: 1 },
  ],
  byStatus: [
    { status: 1, n: 3 },
    { status: 3, n: 1 },
  ],
  top: [
    { productId: 7, name: '智能安全帽', qty: 3, fen: 11_970 },
    { productId: 8, name: '定位手环', qty: 1, fen: 6_020 },
  ],
  totals: { placed: 5, paid: 4, paidFen: 17_990, refundedFen: 5_990, views: 80 },
  conversion: 0.05,
};

let calls: Call[];
beforeEach(() => {
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  calls = mockApi({ '/api/mall/order/stats': stats });
});
afterEach(() => resetRequestDeps());

const statsCalls = () => calls.filter((c) => c.url === '/api/mall/order/stats');

describe('/MallData', () => {
  it('shows orders, paid orders, sales, refunds and conversion of the last 30 days, and the top products', async () => {
    renderWithProviders(<MallDataScreen />);
    await waitFor(() => expect(screen.getAllByTestId('mall-data-figure')).toHaveLength(5));
    expect(screen.getAllByTestId('mall-data-figure').map((f) => f.lastChild?.textContent)).toEqual([
      '5',
      '4',
      '¥179.90',
      '¥59.90',
      '5.00%',
    ]);
    expect(screen.getByText('智能安全帽').closest('tr')).toHaveTextContent('¥119.70');
    const body = statsCalls()[0]!.body as { from: string; to: string };
    expect(body.from < body.to).toBe(true);
    expect((Date.parse(body.to) - Date.parse(body.from)) / 86_400_000).toBe(29);
  });

  it('asks again for the range chosen; an end before the start says so and asks nothing', async () => {
    renderWithProviders(<MallDataScreen />);
    await waitFor(() => expect(statsCalls()).toHaveLength(1));
    fireEvent.change(screen.getByTestId('mall-data-from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByTestId('mall-data-to'), { target: { value: '2026-11-10' } });
    await waitFor(() => expect(statsCalls().at(-1)!.body).toEqual({ from: '2026-11-01', to: '2026-11-10' }));
    const asked = statsCalls().length;
    fireEvent.change(screen.getByTestId('mall-data-to'), { target: { value: '2026-10-01' } });
    expect(await screen.findByText('结束日期不能早于开始日期')).toBeInTheDocument();
    expect(statsCalls()).toHaveLength(asked);
  });
});
