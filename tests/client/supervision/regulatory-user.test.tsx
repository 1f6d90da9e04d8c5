import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import {
  Outlet,
  RouterProvider,
  createBrowserHistory,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { RegulatoryUserScreen, type PersonDetail } from '../../../src/client/features/supervision/RegulatoryUserScreen';
import { resourceSearchSchema, type ResourceSearch } from '../../../src/client/features/resources/search';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser, envelope } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

const person = (id: number, name: string, extra: object = {}) => ({
  id,
  photo: null,
  name,
  gender: 1,
  phone: '13812341234',
  idNumber: null,
  supervisorId: 1,
  level: 2,
  crimeType: 5,
  startDate: '2026-01-01',
  endDate: '2027-01-01',
  deviceId: 10 + id,
  fenceId: null,
  fencePlace: 2,
  battery: 64,
  wearing: 1,
  lastCheckInAt: null,
  lastCheckInDay: null,
  checkedIn: false,
  tenantId: 1,
  createdAt: '2026-11-25T00:00:00Z',
  ...extra,
});

let detail: PersonDetail;
let calls: Call[];
beforeEach(() => {
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  detail = {
    person: person(5, 'Zhou Detail'),
    device: {
      id: 15,
      imei: '860000000000015',
      name: 'Bracelet',
      kind: 'bracelet',
      state: 1,
      battery: 64,
      lat: null,
      lon: null,
      lastCommunicationAt: null,
    },
    fence: null,
    supervisor: { id: 1, name: 'Officer Gao', username: 'gao' },
    alarms: [
      { id: 301, type: 2, level: 3, title: 'Bracelet went offline', ts: '2026-11-24T08:00:00.000Z', handleState: 0 },
      { id: 302, type: 4, level: 2, title: 'Bracelet removed', ts: '2026-11-23T08:00:00.000Z', handleState: 0 },
    ],
    checkIns: [],
  };
  calls = mockApi({
    '/api/user/monitoredPerson/detail': () => detail,
    '/api/user/monitoredPerson/list': {
      rows: [person(1, 'List Chen'), person(2, 'List Liu', { checkedIn: true })],
      total: 2,
    },
    '/api/user/monitoredPerson/checkIn': () => {
      detail = { ...detail, person: { ...detail.person, checkedIn: true } };
      return { checkedIn: true };
    },
  });
});
afterEach(() => {
  resetRequestDeps();
  window.history.replaceState(null, '', '/');
});

function Screen() {
  const [search, setSearch] = useState<ResourceSearch>({});
  return <RegulatoryUserScreen search={search} onSearchChange={setSearch} />;
}

function renderAt(href: string) {
  window.history.replaceState(null, '', href);
  const root = createRootRoute({ component: Screen });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: [href] }) });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('/regulatoryUser', () => {
  it('with ?id= shows the person, the supervisor and the recent alarms, and checks the person in', async () => {
    renderAt('/regulatoryUser?id=5');
    expect(await screen.findByTestId('person-name')).toHaveTextContent('Zhou Detail');
    expect(calls.find((c) => c.url === '/api/user/monitoredPerson/detail')?.body).toEqual({ id: 5 });
    expect(screen.getByTestId('person-phone')).toHaveTextContent('13812341234');
    expect(screen.getByTestId('person-gender')).not.toHaveTextContent(/^-?$/);
    expect(screen.getByTestId('person-idNumber')).toHaveTextContent('-');
    const detailView = screen.getByTestId('person-detail');
    expect(detailView).toHaveTextContent('Officer Gao');
    expect(detailView).toHaveTextContent('今日未签到');
    expect(detailView).toHaveTextContent('暂无定位');
    expect(detailView).toHaveTextContent('860000000000015');
    const alarms = within(screen.getByTestId('person-alarms')).getAllByRole('row');
    expect(alarms).toHaveLength(2);
    expect(alarms[0]).toHaveTextContent('设备离线');
    expect(alarms[0]).toHaveTextContent('Bracelet went offline');
    expect(alarms[1]).toHaveTextContent('佩戴告警');
    expect(screen.getByText('暂无签到')).toBeInTheDocument();
    // No list on the detail.
    expect(calls.some((c) => c.url === '/api/user/monitoredPerson/list')).toBe(false);

    fireEvent.click(screen.getByTestId('person-check-in'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/user/monitoredPerson/checkIn')?.body).toEqual({ id: 5 }),
    );
    // The detail is reloaded: the person is now checked in and the button goes.
    await waitFor(() => expect(screen.getByTestId('person-detail')).toHaveTextContent('今日已签到'));
    expect(screen.queryByTestId('person-check-in')).toBeNull();
    expect(calls.filter((c) => c.url === '/api/user/monitoredPerson/detail').length).toBeGreaterThan(1);
  });

  it('a person already checked in today offers no check-in', async () => {
    detail = { ...detail, person: person(5, 'Zhou Detail', { checkedIn: true }), alarms: [] };
    renderAt('/regulatoryUser?id=5');
    expect(await screen.findByTestId('person-detail')).toHaveTextContent('今日已签到');
    expect(screen.queryByTestId('person-check-in')).toBeNull();
    expect(screen.getByText('暂无告警')).toBeInTheDocument();
  });

  it('an unknown person (refused detail) says so', async () => {
    mockApi(
      {
        '/api/user/monitoredPerson/detail': () =>
          envelope({ code: 404, msg: 'not found', data: null }, { status: 404 }),
      },
      calls,
    );
    renderAt('/regulatoryUser?id=99');
    expect(await screen.findByText('监管人员不存在或无权查看')).toBeInTheDocument();
    expect(screen.queryByTestId('person-detail')).toBeNull();
  });

  it('without an id shows the list of persons, and 详情 opens one', async () => {
    const router = renderAt('/regulatoryUser');
    const row = (await screen.findByText('List Chen')).closest('tr')!;
    expect(screen.getByText('List Liu')).toBeInTheDocument();
    expect(screen.queryByTestId('person-detail')).toBeNull();
    expect(calls.some((c) => c.url === '/api/user/monitoredPerson/detail')).toBe(false);
    fireEvent.click(within(row).getByTestId('row-open'));
    // The screen's own layout (/map), so the query is not lost on a move.
    await waitFor(() => expect(router.state.location.href).toBe('/map/regulatoryUser?id=1'));
  });

  it('in the app route, 详情 on the list swaps to that person in place (the ?id= is read after the navigation)', async () => {
    window.history.replaceState(null, '', '/map/regulatoryUser');
    // As src/client/routes/_authed/map/$page.tsx: the search schema drops the id.
    const root = createRootRoute({ component: () => <Outlet /> });
    const page = createRoute({
      getParentRoute: () => root,
      path: 'map/$page',
      validateSearch: resourceSearchSchema,
      component: function AdminPage() {
        const search = page.useSearch();
        const navigate = page.useNavigate();
        return (
          <RegulatoryUserScreen
            search={search}
            onSearchChange={(next) => void navigate({ search: next, replace: true })}
          />
        );
      },
    });
    const router = createRouter({ routeTree: root.addChildren([page]), history: createBrowserHistory() });
    renderWithProviders(<RouterProvider router={router} />);
    const row = (await screen.findByText('List Liu')).closest('tr')!;
    fireEvent.click(within(row).getByTestId('row-open'));
    await waitFor(() => expect(window.location.search).toBe('?id=2'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/user/monitoredPerson/detail')?.body).toEqual({ id: 2 }),
    );
    expect(await screen.findByTestId('person-name')).toHaveTextContent('Zhou Detail');
    expect(screen.queryByText('List Liu')).toBeNull();
  });
});
