import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { groupPackages, PackageListScreen, yuanText } from '../../../src/client/features/sim/PackageListScreen';
import { UsageBar, usagePercent } from '../../../src/client/features/sim/simCells';
import { configureRequest, resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin, saveMenu } from '../../../src/client/lib/session';
import { demoUser, envelope, menu } from '../fixtures';
import { renderWithProviders } from '../render';

const navigate = vi.fn();
vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useNavigate: () => navigate,
}));

const fetchMock = vi.fn<typeof fetch>();
const packages = [
  { id: 5, name: 'Top-up 50', price: 50, type: 2, status: 1, validityDays: 365, dataMb: 0, language: 0 },
  { id: 3, name: '1 GB', price: 9.9, type: 0, status: 1, validityDays: 30, dataMb: 1024, smsCount: 100, language: 1 },
  { id: 4, name: 'Add 500 MB', price: 5, type: 1, status: 1, validityDays: 30, dataMb: 500, language: 0 },
  { id: 6, name: '10 GB', price: 49.5, type: 0, status: 1, validityDays: 30, dataMb: 10240, language: 0 },
];
const bodies: unknown[] = [];

beforeEach(() => {
  fetchMock.mockReset();
  navigate.mockReset();
  bodies.length = 0;
  saveLogin('tok', demoUser);
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url).endsWith('iot/package/list')) {
      bodies.push(JSON.parse(String(init?.body)));
      return envelope({ code: 0, msg: 'ok', data: { rows: packages, total: packages.length } });
    }
    return envelope({ code: 0, msg: 'ok', data: { rows: [], total: 0 } });
  });
  configureRequest({ fetch: fetchMock, notify: () => undefined, navigate: () => undefined });
});
afterEach(() => resetRequestDeps());

describe('SIM usage bars', () => {
  it('measures usage against the allowance, capped at 100 and 0 without an allowance', () => {
    expect(usagePercent(256, 1024)).toBe(25);
    expect(usagePercent(2048, 1024)).toBe(100);
    expect(usagePercent(10, 0)).toBe(0);
    expect(usagePercent(null, null)).toBe(0);
  });

  it('shows used / allowed with a bar, and only the used figure when the card has no package', () => {
    renderWithProviders(
      <>
        <UsageBar used={256} allowed={1024} unit="MB" testId="bar" />
        <UsageBar used={12} allowed={null} unit="MB" testId="none" />
      </>,
    );
    expect(screen.getByTestId('bar')).toHaveTextContent('256 / 1024 MB');
    expect(screen.getByTestId('bar').querySelector('[role="progressbar"]')).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByTestId('none')).toHaveTextContent('12 MB');
    expect(screen.getByTestId('none').querySelector('[role="progressbar"]')).toBeNull();
  });
});

describe('packageList', () => {
  it('groups packages by type in the order data package, add-on, top-up', () => {
    const groups = groupPackages(packages);
    expect(groups.map((g) => g.type)).toEqual([0, 1, 2]);
    expect(groups[0]!.rows.map((r) => r.id)).toEqual([3, 6]);
    expect(yuanText(9.9)).toBe('9.90');
  });

  it('shows the packages on sale as cards by type with yuan prices; 购买 opens /topup with the package', async () => {
    saveMenu([menu('packageList'), menu('topup')]);
    renderWithProviders(<PackageListScreen />);
    expect(await screen.findByTestId('package-card-3')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ filters: { status: 1 } });
    expect(screen.getByTestId('package-group-0')).toContainElement(screen.getByTestId('package-card-6'));
    expect(screen.getByTestId('package-group-2')).toContainElement(screen.getByTestId('package-card-5'));
    expect(screen.getByTestId('package-price-3')).toHaveTextContent('¥9.90');
    fireEvent.click(screen.getByTestId('package-buy-4'));
    expect(navigate).toHaveBeenCalledWith({ href: '/topup?packageId=4' });
  });

  it('disables 购买 for a user without /topup', async () => {
    saveMenu([menu('packageList')]);
    renderWithProviders(<PackageListScreen />);
    expect(await screen.findByTestId('package-buy-4')).toBeDisabled();
  });
});
