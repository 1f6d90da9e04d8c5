import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountLoginForm } from '../../../src/client/features/auth/AccountLoginForm';
import { LoginPanel } from '../../../src/client/features/auth/LoginPanel';
import { PhoneLoginForm } from '../../../src/client/features/auth/PhoneLoginForm';
import { configureRequest, resetRequestDeps } from '../../../src/client/lib/request';
import { demoUser, envelope } from '../fixtures';
import { renderWithProviders } from '../render';

const fetchMock = vi.fn<typeof fetch>();
const notify = vi.fn<(kind: string, message: string, id?: string) => void>();
const onLoggedIn = vi.fn(async () => undefined);

beforeEach(() => {
  fetchMock.mockReset();
  notify.mockReset();
  onLoggedIn.mockClear();
  configureRequest({ fetch: fetchMock, notify, navigate: () => undefined });
});

afterEach(() => resetRequestDeps());

function loginAnswer(token = 'tok-1') {
  fetchMock.mockResolvedValueOnce(
    envelope({ code: 0, msg: 'OK', data: demoUser }, { headers: { authorization: token } }),
  );
}

function bodyOf(call: number) {
  return JSON.parse(String(fetchMock.mock.calls[call]![1]?.body)) as Record<string, unknown>;
}

describe('account login form', () => {
  it('shows both required messages and does not submit when empty', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AccountLoginForm onLoggedIn={onLoggedIn} />);
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('账号不能为空')).toBeInTheDocument();
    expect(screen.getByText('密码不能为空')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a whitespace-only account still counts as empty', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AccountLoginForm onLoggedIn={onLoggedIn} />);
    await user.type(screen.getByLabelText(/账号/), '   ');
    await user.type(screen.getByLabelText(/密码/), 'demo123');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('账号不能为空')).toBeInTheDocument();
    expect(screen.queryByText('密码不能为空')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('typing clears the field message; a valid form logs in with language CN and hands over the token', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AccountLoginForm onLoggedIn={onLoggedIn} />);
    await user.click(screen.getByRole('button', { name: '登录' }));
    await user.type(screen.getByLabelText(/账号/), 'demo');
    expect(screen.queryByText('账号不能为空')).toBeNull();
    await user.type(screen.getByLabelText(/密码/), 'demo123');
    loginAnswer('tok-42');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ token: 'tok-42', user: demoUser }));
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/auth/auth/login');
    expect(bodyOf(0)).toEqual({ username: 'demo', password: 'demo123', language: 'CN' });
  });

  it('a refused login stays on the form and shows the service message', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AccountLoginForm onLoggedIn={onLoggedIn} />);
    await user.type(screen.getByLabelText(/账号/), 'demo');
    await user.type(screen.getByLabelText(/密码/), 'wrong');
    fetchMock.mockResolvedValueOnce(
      envelope({ code: 400, msg: 'Wrong account or password', key: 'badCredentials', data: null }),
    );
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('tip', '账号或密码错误', undefined));
    expect(onLoggedIn).not.toHaveBeenCalled();
  });
});

describe('phone login form', () => {
  it('shows the phone and code messages and does not submit when empty', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PhoneLoginForm onLoggedIn={onLoggedIn} />);
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('手机号不能为空')).toBeInTheDocument();
    expect(screen.getByText('验证码不能为空')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each(['12345678901', '1380000000', '23800000000'])('rejects %s by the phone rule', async (phone) => {
    const user = userEvent.setup();
    renderWithProviders(<PhoneLoginForm onLoggedIn={onLoggedIn} />);
    await user.type(screen.getByLabelText(/手机号/), phone);
    await user.type(screen.getByLabelText(/验证码/), '123456');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('手机号须为11位数字，以1开头，第二位为3至9')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('will not send a code to an invalid phone', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PhoneLoginForm onLoggedIn={onLoggedIn} />);
    await user.click(screen.getByTestId('send-sms'));
    expect(screen.getByText('手机号不能为空')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the code, counts down 60 s, then logs in with phone and code', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PhoneLoginForm onLoggedIn={onLoggedIn} />);
    await user.type(screen.getByLabelText(/手机号/), '13800000000');
    fetchMock.mockResolvedValueOnce(envelope({ code: 0, msg: 'Sent successfully', key: 'smsSent', data: null }));
    await user.click(screen.getByTestId('send-sms'));
    await waitFor(() => expect(screen.getByTestId('send-sms')).toHaveTextContent('60 秒后重发'));
    expect(screen.getByTestId('send-sms')).toBeDisabled();
    expect(bodyOf(0)).toEqual({ phone: '13800000000' });
    expect(notify).toHaveBeenCalledWith('success', '发送成功', undefined);

    await user.type(screen.getByLabelText(/验证码/), '246810');
    loginAnswer('sms-token');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ token: 'sms-token', user: demoUser }));
    expect(String(fetchMock.mock.calls[1]![0])).toBe('/api/auth/auth/smsLogin');
    expect(bodyOf(1)).toEqual({ phone: '13800000000', code: '246810', language: 'CN' });
  });

  it('a refused send does not start the countdown', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PhoneLoginForm onLoggedIn={onLoggedIn} />);
    await user.type(screen.getByLabelText(/手机号/), '13800000000');
    fetchMock.mockResolvedValueOnce(envelope({ code: 429, msg: 'too soon', key: 'smsTooSoon', data: null }));
    await user.click(screen.getByTestId('send-sms'));
    await waitFor(() => expect(notify).toHaveBeenCalled());
    expect(screen.getByTestId('send-sms')).toHaveTextContent('获取验证码');
    expect(screen.getByTestId('send-sms')).toBeEnabled();
  });
});

describe('login panel', () => {
  it('offers account and phone tabs and logs visitors in', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginPanel onLoggedIn={onLoggedIn} />);
    expect(screen.getByRole('tab', { name: '账号登录' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '手机登录' }));
    expect(await screen.findByTestId('phone-login')).toBeInTheDocument();

    loginAnswer('guest-token');
    await user.click(screen.getByTestId('visitor-login'));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ token: 'guest-token', user: demoUser }));
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/auth/auth/visitorLogin');
    expect(bodyOf(0)).toEqual({ language: 'CN' });
  });
});
