import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { AfterSalesScreen } from '../../../src/client/features/mall-orders/AfterSalesScreen';
import type { ResourceSearch } from '../../../src/client/features/resources/search';
import { AFTER_SALE, AFTER_SALE_TYPE } from '../../../src/entities/after-sale/resource';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

const request = (id: number, type: number, status: number, extra: object = {}) => ({
  id,
  serviceNo: `AS2026112500${id}`,
  orderNo: `M2026112500${id}`,
  type,
  skuId: 3,
  qty: 1,
  amount: 59.9,
  reason: `reason ${id}`,
  image: null,
  status,
  tenantId: 1,
  createdAt: '2026-11-25T08:00:00.000Z',
  ...extra,
});

const rows = [
  request(1, AFTER_SALE_TYPE.refund, AFTER_SALE.pending),
  request(2, AFTER_SALE_TYPE.returnRefund, AFTER_SALE.approved),
  request(3, AFTER_SALE_TYPE.exchange, AFTER_SALE.received),
  request(4, AFTER_SALE_TYPE.refund, AFTER_SALE.refunded),
];

let calls: Call[];
beforeEach(() => {
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  calls = mockApi({ '/api/mall/afterSale/list': { rows, total: rows.length } });
});
afterEach(() => resetRequestDeps());

function Screen() {
  const [search, setSearch] = useState<ResourceSearch>({});
  return <AfterSalesScreen search={search} onSearchChange={setSearch} />;
}

const rowOf = async (serviceNo: string) => (await screen.findByText(serviceNo)).closest('tr') as HTMLElement;
const actions = (row: HTMLElement) =>
  within(row)
    .queryAllByTestId(/^row-/)
    .map((b) => b.getAttribute('data-testid'));

describe('/AfterSalesOrders', () => {
  it('offers each request the moves its state allows', async () => {
    renderWithProviders(<Screen />);
    expect(actions(await rowOf('AS20261125001'))).toEqual(expect.arrayContaining(['row-approve', 'row-reject']));
    expect(actions(await rowOf('AS20261125001'))).not.toContain('row-receive');
    expect(actions(await rowOf('AS20261125002'))).toContain('row-receive');
    expect(actions(await rowOf('AS20261125002'))).not.toContain('row-approve');
    expect(actions(await rowOf('AS20261125003'))).toContain('row-complete');
    expect(actions(await rowOf('AS20261125004'))).not.toEqual(
      expect.arrayContaining(['row-approve', 'row-receive', 'row-complete', 'row-refund']),
    );
  });

  it('a rejection needs a comment; approving a refund says the money goes back, then sends the review', async () => {
    renderWithProviders(<Screen />);
    const pending = await rowOf('AS20261125001');
    fireEvent.click(within(pending).getByTestId('row-reject'));
    const dialog = await screen.findByTestId('after-sale-review');
    expect(within(dialog).getByTestId('after-sale-submit')).toBeDisabled();
    fireEvent.change(within(dialog).getByTestId('after-sale-comment'), { target: { value: '  ' } });
    expect(within(dialog).getByTestId('after-sale-submit')).toBeDisabled();
    fireEvent.change(within(dialog).getByTestId('after-sale-comment'), { target: { value: '商品已使用' } });
    fireEvent.click(within(dialog).getByTestId('after-sale-submit'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/mall/afterSale/review')?.body).toEqual({
        id: 1,
        pass: false,
        comment: '商品已使用',
      }),
    );

    fireEvent.click(within(await rowOf('AS20261125001')).getByTestId('row-approve'));
    const approve = await screen.findByTestId('after-sale-review');
    await waitFor(() => expect(approve).toHaveTextContent('¥59.90'));
    fireEvent.click(within(approve).getByTestId('after-sale-submit'));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/mall/afterSale/review').map((c) => c.body)).toEqual([
        { id: 1, pass: false, comment: '商品已使用' },
        { id: 1, pass: true },
      ]),
    );
    // The list is asked again after each review.
    expect(calls.filter((c) => c.url === '/api/mall/afterSale/list').length).toBeGreaterThanOrEqual(3);
  });

  it('marks returned goods received', async () => {
    renderWithProviders(<Screen />);
    fireEvent.click(within(await rowOf('AS20261125002')).getByTestId('row-receive'));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/mall/afterSale/receive')?.body).toEqual({ id: 2 }));
  });
});
