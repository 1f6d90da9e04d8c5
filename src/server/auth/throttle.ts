import { Code } from '../../shared/api';
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
} from '../../shared/constants';
import { fail } from '../lib/api-error';
import { clearFailures, failuresIn, recordFailure } from '../repos/throttle';
import type { AuthDeps } from './sessions';

export const accountKey = (username: string) => `acct:${username.toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

const limitOf = (key: string) =>
  key.startsWith('acct:') ? LOGIN_MAX_FAILURES_PER_ACCOUNT : LOGIN_MAX_FAILURES_PER_ADDRESS;

/** Refuses (code 429, tooManyAttempts) when any key used up its failures in the current window. */
export async function assertNotThrottled(deps: Pick<AuthDeps, 'db' | 'clock'>, keys: string[]): Promise<void> {
  const counts = await failuresIn(deps.db, keys, deps.clock.now(), LOGIN_FAILURE_WINDOW_MS);
  for (const key of keys) {
    if ((counts.get(key) ?? 0) >= limitOf(key)) fail(Code.TOO_MANY, 'tooManyAttempts');
  }
}

export function countFailure(deps: Pick<AuthDeps, 'db' | 'clock'>, keys: string[]): Promise<void> {
  return recordFailure(deps.db, keys, deps.clock.now(), LOGIN_FAILURE_WINDOW_MS);
}

export function clearAccount(deps: Pick<AuthDeps, 'db'>, username: string): Promise<void> {
  return clearFailures(deps.db, accountKey(username));
}
