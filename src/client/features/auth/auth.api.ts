import type { UserInfo } from '../../../shared/auth';
import { LOGIN_LANGUAGE } from '../../../shared/constants';
import { RequestError, request, requestAnswer, tokenOf } from '../../lib/request';
import { clear } from '../../lib/session';

export interface LoginResult {
  token: string;
  user: UserInfo;
}

async function loginCall(path: string, body: Record<string, unknown>, quiet = false): Promise<LoginResult> {
  const answer = await requestAnswer<UserInfo>('auth', path, { ...body, language: LOGIN_LANGUAGE }, { quiet });
  const token = tokenOf(answer);
  if (!token || !answer.data) throw new RequestError('http', 'login answer without a token');
  return { token, user: answer.data };
}

export const loginWithPassword = (username: string, password: string) =>
  loginCall('auth/login', { username, password });

export const loginWithSms = (phone: string, code: string) => loginCall('auth/smsLogin', { phone, code });

export const loginAsVisitor = () => loginCall('auth/visitorLogin', {});

export const sendSmsCode = (phone: string) =>
  request<unknown>('auth', 'auth/sendSmsCode', { phone }, { showMessage: true });

/**
 * The auto-login link's ticket; an invalid or expired one is ignored silently
 * (docs/requirements/calls-and-errors.md#auto-login).
 */
export async function exchangeTicket(key: string): Promise<LoginResult | null> {
  try {
    return await loginCall('ticket/exchange', { key }, true);
  } catch {
    return null;
  }
}

export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await request<unknown>('auth', 'auth/changePassword', { oldPassword, newPassword }, { showMessage: true });
}

/** Revokes the token on the service (best effort) and forgets the session locally. */
export async function logout(): Promise<void> {
  try {
    await request<unknown>('auth', 'auth/logout', {}, { quiet: true });
  } catch {
    // An expired or unreachable session is logged out locally all the same.
  } finally {
    clear();
  }
}
