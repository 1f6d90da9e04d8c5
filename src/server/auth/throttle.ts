import { Code } from '../../shared/api';
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  SMS_MAX_SENDS_PER_PHONE,
} from '../../shared/constants';
import { ApiError } from '../lib/api-error';
import { audit, clearFailures, failuresIn, recordFailure, type AuditEntry } from '../repos/throttle';
import type { AuthDeps } from './sessions';

/**
 * Login throttling (docs/security.md): wrong passwords slow down the account *from that address*
 * (exponential back-off after LOGIN_MAX_FAILURES_PER_ACCOUNT free failures), so nobody can lock
 * the operator on duty out from elsewhere; an address failing across many accounts (password
 * spraying) is stopped for the rest of its window. Throttled answers are HTTP 429 with
 * Retry-After, and every failure and refusal leaves an audit row.
 */
export const pairKey = (account: string, ip: string) => `pair:${account.toLowerCase()}|${ip}`;
export const addressKey = (ip: string) => `ip:${ip}`;
export const smsAddressKey = (ip: string) => `sms:${ip}`;
export const smsPhoneKey = (phone: string) => `smsphone:${phone}`;

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = LOGIN_FAILURE_WINDOW_MS;

type Deps = Pick<AuthDeps, 'db' | 'clock'>;

/** When `key` may try again (ms since the epoch), or 0. */
function blockedUntil(key: string, f: { failures: number; windowStart: number; lastAt: number }): number {
  if (key.startsWith('pair:')) {
    const over = f.failures - LOGIN_MAX_FAILURES_PER_ACCOUNT;
    return over < 0 ? 0 : f.lastAt + Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** over);
  }
  const limit = key.startsWith('smsphone:') ? SMS_MAX_SENDS_PER_PHONE : LOGIN_MAX_FAILURES_PER_ADDRESS;
  return f.failures >= limit ? f.windowStart + LOGIN_FAILURE_WINDOW_MS : 0;
}

function throttled(retryAfterMs: number): never {
  throw new ApiError(Code.TOO_MANY, 'tooManyAttempts', undefined, 429, Math.max(1, Math.ceil(retryAfterMs / 1000)));
}

/** Refuses (HTTP 429, Retry-After) while any key is blocked; the refusal is audited. */
export async function assertNotThrottled(
  deps: Deps,
  keys: string[],
  who: Omit<AuditEntry, 'at' | 'outcome'>,
): Promise<void> {
  const now = deps.clock.now();
  const counts = await failuresIn(deps.db, keys, now, LOGIN_FAILURE_WINDOW_MS);
  let until = 0;
  for (const [key, f] of counts) until = Math.max(until, blockedUntil(key, f));
  if (until <= now) return;
  await audit(deps.db, { ...who, at: now, outcome: 'throttled' });
  throttled(until - now);
}

export async function countFailure(
  deps: Deps,
  keys: string[],
  who?: Omit<AuditEntry, 'at' | 'outcome'>,
): Promise<void> {
  const now = deps.clock.now();
  await recordFailure(deps.db, keys, now, LOGIN_FAILURE_WINDOW_MS);
  if (who) await audit(deps.db, { ...who, at: now, outcome: 'failed' });
}

export function clearPair(deps: Pick<AuthDeps, 'db'>, account: string, ip: string): Promise<void> {
  return clearFailures(deps.db, pairKey(account, ip));
}
