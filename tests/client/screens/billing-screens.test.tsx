import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { BuyScreen } from '../../../src/client/features/billing/BuyScreen';
import { configureRequest, resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser, envelope } from '../fixtures';
import { renderWithProviders } from '../render';

const fetchMock = vi.fn<typeof fetch>();
const assign = vi.fn();
const bodies: Record<string, unknown[]> = {};

const card = {
  id: 7,
  iccid: '89860000000000000017',
  msisdn: '1064800000017',
  imei: '860100000000026',
  carrier: 1,
  state: 3,
  packageId: 3,
  packageName: '1 GB',
  packagePrice: 9.9,
  packageValidityDays: 30,
  packageExpiresAt: null,
  dataUsedMb: 12,
  packageDataMb: 1024,
};
const packages = [
  { id: 3, name: '1 GB', price: 9.9, type: 0, status: 1, validityDays: 30, dataMb: 1024 },
  { id: 4, name: 'Add 500 MB', price: 5, type: 1, status: 1, validityDays: 30, dataMb: 500 },
];

beforeEach(() => {
  fetchMock.mockReset();
  for (const k of Object.keys(bodies)) delete bodies[k];
  saveLogin('tok', demoUser);
  vi.stubGlobal('location', { ...window.location, assign, search: '' });
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url).replace('/api/', '');
    (bodies[path] ??= []).push(init?.body ? JSON.parse(String(init.body)) : undefined);
    if (path === 'iot/bill/methods') return envelope({ code: 0, msg: 'ok', data: ['sandbox'] });
    if (path === 'iot/package/list') return envelope({ code: 0, msg: 'ok', data: { rows: packages, total: 2 } });
    if (path === 'device/device/list')
      return envelope({ code: 0, msg: 'ok', data: { rows: [{ id: 1, imei: card.imei, name: 'Door' }], total: 1 } });
    if (path === 'iot/bill/card') return envelope({ code: 0, msg: 'ok', data: card });
    if (path === 'iot/bill/buy')
      return envelope({ code: 0, msg: 'ok', data: { bill: { id: 1 }, payUrl: '/api/pay/sandbox/P1', reused: false } });
    return envelope({ code: 0, msg: 'ok', data: { rows: [], total: 0 } });
  });
  configureRequest({ fetch: fetchMock, notify: () => undefined, navigate: () => undefined });
});
afterEach(() => {
  resetRequestDeps();
  vi.unstubAllGlobals();
});

describe("Recharge2 (renew a device card's package)", () => {
  it("refuses to pay without a device, then renews the bound card's package for N periods at N times the price and opens the pay page", async () => {
    renderWithProviders(<BuyScreen mode="renew" search={{}} onSearchChange={() => undefined} />);
    fireEvent.click(await screen.findByTestId('buy-pay'));
    await waitFor(() => expect(screen.getByTestId('buy-number')).toHaveAttribute('aria-invalid', 'true'));
    expect(bodies['iot/bill/buy']).toBeUndefined();

    fireEvent.change(screen.getByTestId('buy-number-input'), { target: { value: card.imei } });
    fireEvent.click(screen.getByTestId('buy-lookup'));
    expect(await screen.findByTestId('buy-card-info')).toHaveTextContent(card.iccid);
    expect(bodies['iot/bill/card']!.at(-1)).toEqual({ imei: card.imei });
    fireEvent.change(screen.getByTestId('buy-periods'), { target: { value: '3' } });
    await waitFor(() => expect(screen.getByTestId('buy-price')).toHaveTextContent('29.70'));
    fireEvent.click(screen.getByTestId('buy-pay'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/pay/sandbox/P1'));
    expect(bodies['iot/bill/buy']![0]).toEqual({
      iccid: card.iccid,
      packageId: 3,
      method: 'sandbox',
      periods: 3,
      renew: true,
    });
  });
});

describe('topup1 (data top-up)', () => {
  it('offers only add-ons and top-ups', async () => {
    renderWithProviders(<BuyScreen mode="data" search={{}} onSearchChange={() => undefined} />);
    fireEvent.click(await screen.findByTestId('buy-package'));
    expect(await screen.findByText(/Add 500 MB/)).toBeInTheDocument();
    expect(screen.queryByText(/^1 GB ·/)).toBeNull();
  });
});
