import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { RegulatoryListScreen } from '../../../src/client/features/supervision/RegulatoryListScreen';
import type { ResourceSearch } from '../../../src/client/features/resources/search';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

const person = (id: number, name: string, extra: object) => ({
  id,
  photo: null,
  name,
  gender: 1,
  phone: '138****1234',
  idNumber: null,
  supervisorId: 1,
  level: 2,
  crimeType: 5,
  startDate: '2026-01-01',
  endDate: '2027-01-01',
  deviceId: 10 + id,
  fenceId: 3,
  fencePlace: 1,
  battery: 80,
  wearing: 1,
  lastCheckInAt: null,
  lastCheckInDay: null,
  checkedIn: false,
  tenantId: 1,
  createdAt: '2026-11-25T00:00:00Z',
  ...extra,
});

let calls: Call[];
beforeEach(() => {
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  calls = mockApi({
    '/api/user/monitoredPerson/list': {
      rows: [
        person(1, 'Inside Chen', { checkedIn: true }),
        person(2, 'Wanderer Liu', { fencePlace: 2, battery: 12, wearing: 0 }),
        person(3, 'Unbound Wang', { deviceId: null, fencePlace: 0, battery: null, wearing: null }),
      ],
      total: 3,
    },
    '/api/device/dashboard/summary': {
      scenario: 'supervision',
      supervision: { persons: 3, inside: 1, outside: 1, removed: 1, lowBattery: 1, checkedIn: 1, missedCheckIns: 2 },
    },
    '/api/user/monitoredPerson/checkIn': { checkedIn: true },
  });
});
afterEach(() => resetRequestDeps());

function Screen() {
  const [search, setSearch] = useState<ResourceSearch>({});
  return <RegulatoryListScreen search={search} onSearchChange={setSearch} />;
}

function renderScreen() {
  const root = createRootRoute({ component: Screen });
  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: ['/regulatoryList'] }),
  });
  renderWithProviders(<RouterProvider router={router} />);
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('/regulatoryList', () => {
  it('shows fence place, battery, wearing and check-in per person, the figures, and checks a person in', async () => {
    renderScreen();
    const inside = await rowOf('Inside Chen');
    const out = await rowOf('Wanderer Liu');
    const unbound = await rowOf('Unbound Wang');
    expect(within(inside).getByTestId('person-place-1').getAttribute('data-place')).toBe('1');
    expect(within(out).getByTestId('person-place-2').getAttribute('data-place')).toBe('2');
    expect(within(unbound).queryByTestId('person-place-3')).toBeNull();
    expect(within(out).getByTestId('person-battery-2').textContent).toBe('12%');
    expect(within(out).getByTestId('person-wearing-2').textContent).toMatch(/已摘除|Removed/);
    expect(within(inside).getByTestId('person-wearing-1').textContent).toMatch(/佩戴中|Worn/);
    expect(within(inside).getByTestId('person-checked-1').textContent).toMatch(/已签到/);
    expect(await screen.findByTestId('supervision-missed')).toHaveTextContent('2');
    expect(screen.getByTestId('supervision-outside')).toHaveTextContent('1');
    // Only persons not yet checked in offer the check-in.
    expect(within(inside).queryByTestId('row-checkIn')).toBeNull();
    fireEvent.click(within(out).getByTestId('row-checkIn'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/user/monitoredPerson/checkIn')?.body).toEqual({ id: 2 }),
    );
  });
});
