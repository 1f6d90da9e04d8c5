// @isolated: renders the whole app router, whose modules (the live connection, the lazy screens, the
// session's listeners) keep state from one render to the next (vitest.config.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { configureRequest, resetRequestDeps } from '../../../src/client/lib/request';
import { getToken, saveLogin, saveMenu } from '../../../src/client/lib/session';
import { createAppRouter } from '../../../src/client/router';
import type { NavEntry } from '../../../src/shared/session';
import { demoUser, envelope, menu, sampleTree } from '../fixtures';
import { renderWithProviders, testQueryClient } from '../render';

const fetchMock = vi.fn<typeof fetch>();
const notify = vi.fn<(kind: string, message: string, id?: string) => void>();

beforeEach(() => {
  fetchMock.mockReset();
  notify.mockReset();
  configureRequest({ fetch: fetchMock, notify, navigate: () => undefined });
});

afterEach(() => resetRequestDeps());

function openAt(path: string) {
  const queryClient = testQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  renderWithProviders(<RouterProvider router={router} />, { queryClient });
  return router;
}

function loggedIn(tree: NavEntry[] = sampleTree()) {
  saveLogin('tok', demoUser);
  saveMenu(tree);
}

/** Routes service calls by path; unlisted paths fail the test loudly. */
function service(routes: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (input) => {
    const path = String(input);
    const handler = routes[path];
    if (!handler) throw new Error(`unexpected call ${path}`);
    return handler();
  });
}

describe('console routing and gating', () => {
  it('without a token a console path opens the login screen', async () => {
    const router = openAt('/userList');
    expect(await screen.findByTestId('account-login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('with a token /login goes to the root, and the root to the first menu entry', { timeout: 30_000 }, async () => {
    loggedIn();
    const router = openAt('/login');
    // The first menu entry of the sample tree is /index, the city dashboard.
    expect(await screen.findByTestId('dashboard', {}, { timeout: 20_000 })).toHaveAttribute('data-scenario', 'city');
    expect(router.state.location.pathname).toBe('/index');
  });

  it('a screen outside the menu shows "no viewing permission" inside the shell', async () => {
    loggedIn();
    openAt('/roleList');
    expect(await screen.findByTestId('no-permission')).toHaveTextContent('暂无查看权限');
    expect(screen.getByTestId('side-menu')).toBeInTheDocument();
  });

  it('a screen in the menu, or always allowed, opens', async () => {
    loggedIn();
    openAt('/userList');
    // userList is a concrete screen (features/org), no longer the placeholder.
    expect(await screen.findByTestId('resource-user')).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('用户管理');
  });

  it('map screens open in the separate map layout', async () => {
    loggedIn([...sampleTree(), menu('workLog', 'map/workLog')]);
    openAt('/map/workLog');
    expect(await screen.findByTestId('resource-workLog')).toBeInTheDocument();
    expect(screen.queryByTestId('side-menu')).toBeNull();
    expect(screen.getByText('返回控制台')).toBeInTheDocument();
  });

  // The unit screen is a lazy chunk: on a loaded machine its first import takes seconds.
  it('only screens declaring a path parameter take one', { timeout: 30_000 }, async () => {
    loggedIn([menu('unitManagement'), menu('userList')]);
    const empty = () => envelope({ code: 0, msg: '', data: { rows: [], total: 0 } });
    service({
      '/api/user/unit/doorUnit/get': () => envelope({ code: 0, msg: '', data: null }),
      '/api/user/unit/list': empty,
    });
    openAt('/unitManagement/860000000000001');
    // The unit screen is told the IMEI: this one is installed at no unit.
    expect(await screen.findByTestId('unit-imei-none', {}, { timeout: 20_000 })).toHaveTextContent('860000000000001');
  });

  it('a parameter on a screen without one is not found', async () => {
    loggedIn([menu('userList')]);
    openAt('/userList/5');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });

  it('a map screen opened without /map is moved into the map layout', async () => {
    loggedIn();
    const router = openAt('/alarmList');
    expect(await screen.findByTestId('alarm-live-list')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/map/alarmList');
  });

  it('an unknown name shows the not-found screen', async () => {
    loggedIn();
    openAt('/noSuchScreen');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });

  it('loads the navigation bar once when the session has none, and toasts an empty one', async () => {
    saveLogin('tok', demoUser);
    service({ '/api/user/per/getNavigationBar': () => envelope({ code: 0, msg: '', data: [] }) });
    const router = openAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/DeviceCategoryList'));
    // The landing screen loads its own list; the navigation bar itself is asked for once.
    const navCalls = fetchMock.mock.calls.filter(([input]) => String(input) === '/api/user/per/getNavigationBar');
    expect(navCalls).toHaveLength(1);
    expect(notify).toHaveBeenCalledWith('tip', '暂未分配导航栏数据', 'no-navigation');
  });

  it('auto-login: a valid ticket on /ProDeviceList logs in and drops the key from the URL', async () => {
    service({
      '/api/auth/ticket/exchange': () =>
        envelope({ code: 0, msg: '', data: demoUser }, { headers: { authorization: 'ticket-token' } }),
      '/api/user/per/getNavigationBar': () => envelope({ code: 0, msg: '', data: [menu('ProDeviceList')] }),
      '/api/device/device/detail': () => envelope({ code: 404, msg: 'Not found', key: 'notFound', data: null }),
    });
    const router = openAt('/ProDeviceList?imei=860000000000001&key=abc');
    // The profile screen asks for the device named in the link, with the ticket's session.
    await waitFor(
      () => expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/api/device/device/detail'),
      { timeout: 5000 },
    );
    expect(getToken()).toBe('ticket-token');
    expect(router.state.location.search).toEqual({ imei: '860000000000001' });
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]?.body));
    expect(body).toEqual({ key: 'abc', language: 'CN' });
  });

  it('auto-login: an invalid or expired ticket is ignored silently', async () => {
    service({
      '/api/auth/ticket/exchange': () =>
        envelope({ code: 400, msg: 'The link is invalid or has expired', key: 'ticketInvalid', data: null }),
    });
    const router = openAt('/ProDeviceList?imei=1&key=expired');
    expect(await screen.findByTestId('account-login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(notify).not.toHaveBeenCalled();
  });
});
