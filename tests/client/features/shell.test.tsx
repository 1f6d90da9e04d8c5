// @isolated: renders the whole app router, whose modules (the live connection, the lazy screens, the
// session's listeners) keep state from one render to the next (vitest.config.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { ChangePasswordModal } from '../../../src/client/features/shell/ChangePasswordModal';
import { configureRequest, resetRequestDeps } from '../../../src/client/lib/request';
import { getToken, saveLogin, saveMenu } from '../../../src/client/lib/session';
import { createAppRouter } from '../../../src/client/router';
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

describe('change password modal', () => {
  async function fill(oldPassword: string, newPassword: string, confirm: string) {
    const user = userEvent.setup();
    if (oldPassword) await user.type(screen.getByLabelText(/原密码/), oldPassword);
    if (newPassword) await user.type(screen.getByLabelText(/^新密码/), newPassword);
    if (confirm) await user.type(screen.getByLabelText(/确认新密码/), confirm);
    await user.click(screen.getByRole('button', { name: '确定' }));
  }

  it('blocks an empty form with a message under each field', async () => {
    renderWithProviders(<ChangePasswordModal opened onClose={vi.fn()} onChanged={vi.fn()} />);
    await fill('', '', '');
    expect(screen.getByText('密码不能为空')).toBeInTheDocument();
    expect(screen.getByText('密码长度须为6至64个字符')).toBeInTheDocument();
    expect(screen.getByText('请再次输入新密码')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('blocks a confirmation that differs from the new password', async () => {
    renderWithProviders(<ChangePasswordModal opened onClose={vi.fn()} onChanged={vi.fn()} />);
    await fill('demo123', 'newpass1', 'newpass2');
    expect(screen.getByText('两次输入的新密码不一致')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends old and new password and reports success', async () => {
    const onChanged = vi.fn();
    fetchMock.mockResolvedValueOnce(envelope({ code: 0, msg: 'Password changed', key: 'passwordChanged', data: null }));
    renderWithProviders(<ChangePasswordModal opened onClose={vi.fn()} onChanged={onChanged} />);
    await fill('demo123', 'newpass1', 'newpass1');
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/auth/auth/changePassword');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      oldPassword: 'demo123',
      newPassword: 'newpass1',
    });
  });
});

describe('admin shell', () => {
  function openAt(path: string) {
    const queryClient = testQueryClient();
    const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
    renderWithProviders(<RouterProvider router={router} />, { queryClient });
    return router;
  }

  it('/index, the post-login home, is the city dashboard', { timeout: 30_000 }, async () => {
    saveLogin('tok', demoUser);
    saveMenu(sampleTree());
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/device/dashboard/summary'
        ? envelope({ code: 1, msg: 'no', data: null })
        : envelope({ code: 0, msg: '', data: null }),
    );
    openAt('/index');
    const dashboard = await screen.findByTestId('dashboard', {}, { timeout: 20_000 });
    expect(dashboard).toHaveAttribute('data-scenario', 'city');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          (call) =>
            String(call[0]) === '/api/device/dashboard/summary' &&
            JSON.parse(String(call[1]?.body)).scenario === 'city',
        ),
      ).toBe(true),
    );
  });

  it('log out asks first, then revokes the session and opens /login', async () => {
    const user = userEvent.setup();
    saveLogin('tok', demoUser);
    saveMenu([menu('userList')]);
    fetchMock.mockResolvedValue(envelope({ code: 0, msg: '', data: null }));
    const router = openAt('/userList');
    await user.click(await screen.findByTestId('user-menu'));
    await user.click(await screen.findByRole('menuitem', { name: '退出登录' }));
    expect(getToken()).toBe('tok');
    await user.click(await screen.findByTestId('confirm-logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    // The user list screen loads its rows first; the logout call must be among the calls.
    expect(fetchMock.mock.calls.map((call) => String(call[0]))).toContain('/api/auth/auth/logout');
  });

  it('official mall opens the mall when allowed, else says to contact sales', async () => {
    const user = userEvent.setup();
    saveLogin('tok', demoUser);
    saveMenu([menu('userList')]);
    const router = openAt('/userList');
    await user.click(await screen.findByTestId('user-menu'));
    await user.click(await screen.findByRole('menuitem', { name: '官方商城' }));
    expect(await screen.findByText('您的账号尚未开通商城功能，请联系销售人员开通。')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/userList');
  });
});
