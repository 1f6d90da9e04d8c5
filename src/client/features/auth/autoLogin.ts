import { saveLogin } from '../../lib/session';
import { exchangeTicket } from './auth.api';

/** The auto-login link: /ProDeviceList?imei=..&key=.. (docs/requirements/calls-and-errors.md#auto-login). */
const AUTO_LOGIN_PATH = '/ProDeviceList';

export function autoLoginKey(pathname: string, search: unknown): string | null {
  if (pathname !== AUTO_LOGIN_PATH || !search || typeof search !== 'object') return null;
  const key = (search as Record<string, unknown>).key;
  return typeof key === 'string' && key.length > 0 ? key : null;
}

/** Exchanges the ticket for a session; false (and nothing shown) for an invalid or expired link. */
export async function tryAutoLogin(key: string): Promise<boolean> {
  const result = await exchangeTicket(key);
  if (!result) return false;
  saveLogin(result.token, result.user);
  return true;
}

/** The same link without its one-time key, so a reload or a shared URL does not replay it. */
export function hrefWithoutKey(pathname: string, search: unknown): string {
  const query = new URLSearchParams();
  if (search && typeof search === 'object') {
    for (const [name, value] of Object.entries(search as Record<string, unknown>)) {
      if (name !== 'key' && value !== undefined && value !== null) query.append(name, String(value));
    }
  }
  const qs = query.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}
