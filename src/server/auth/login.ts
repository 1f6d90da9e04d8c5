import { Code } from '../../shared/api';
import type { UserInfo } from '../../shared/auth';
import { SMS_CODE_LENGTH, SMS_MAX_TRIES, SMS_RESEND_MS, SMS_VALID_MS } from '../../shared/constants';
import { SYSTEM_SCOPE } from '../db/scope';
import { ApiError, fail } from '../lib/api-error';
import { numericCode, sha256 } from '../lib/crypto';
import { consumeCode, storeCode } from '../repos/sms-codes';
import { findUserById, findUserByPhone, findUserByUsername, findVisitor, type UserWithTenant } from '../repos/users';
import { issueSession, type AuthDeps, type Caller } from './sessions';
import {
  addressKey,
  assertNotThrottled,
  clearPair,
  countFailure,
  pairKey,
  smsAddressKey,
  smsPhoneKey,
} from './throttle';

export interface LoginResult {
  token: string;
  info: UserInfo;
}

/** Disabled accounts are told so only after they proved their identity. */
function assertUsable(found: UserWithTenant): void {
  if (found.user.status !== 1) fail(Code.FORBIDDEN, 'accountDisabled');
  if (found.tenantStatus !== 1 && found.user.kind !== 'super') fail(Code.FORBIDDEN, 'tenantDisabled');
}

export async function passwordLogin(
  deps: AuthDeps,
  username: string,
  password: string,
  caller: Caller,
): Promise<LoginResult> {
  const keys = [pairKey(username, caller.ip), addressKey(caller.ip)];
  const who = { kind: 'password', account: username, address: caller.ip } as const;
  await assertNotThrottled(deps, keys, who);
  const found = await findUserByUsername(deps.db, SYSTEM_SCOPE, username);
  let ok = false;
  if (found) ok = await deps.hasher.verify(found.user.passwordHash, password);
  else await deps.hasher.burn(password);
  if (!found || !ok) {
    await countFailure(deps, keys, who);
    fail(Code.BAD_REQUEST, 'badCredentials');
  }
  assertUsable(found);
  await clearPair(deps, username, caller.ip);
  return issueSession(deps, found, caller);
}

const codeHash = (phone: string, code: string) => sha256(`${phone}:${code}`);

/**
 * Sends a login code. A phone without an account gets the same answer and the same 60-second
 * limit but no message: the answer must not reveal which phones have accounts.
 */
export async function sendSmsCode(deps: AuthDeps, phone: string, caller: Caller): Promise<void> {
  // Sends cost money and reach a person: limited per address and per phone.
  const keys = [smsAddressKey(caller.ip), smsPhoneKey(phone)];
  await assertNotThrottled(deps, keys, { kind: 'smsSend', account: phone, address: caller.ip });
  const now = deps.clock.now();
  const code = numericCode(SMS_CODE_LENGTH);
  if (!(await storeCode(deps.db, phone, codeHash(phone, code), now, SMS_RESEND_MS, SMS_VALID_MS))) {
    throw new ApiError(Code.TOO_MANY, 'smsTooSoon', undefined, 429, Math.ceil(SMS_RESEND_MS / 1000));
  }
  await countFailure(deps, keys);
  const found = await findUserByPhone(deps.db, SYSTEM_SCOPE, phone);
  if (found) await deps.sms.send(phone, `your code is ${code}`);
}

export async function smsLogin(deps: AuthDeps, phone: string, code: string, caller: Caller): Promise<LoginResult> {
  const keys = [addressKey(caller.ip)];
  const who = { kind: 'sms', account: phone, address: caller.ip } as const;
  await assertNotThrottled(deps, keys, who);
  const checked = await consumeCode(deps.db, phone, codeHash(phone, code), deps.clock.now(), SMS_MAX_TRIES);
  const found = checked === 'ok' ? await findUserByPhone(deps.db, SYSTEM_SCOPE, phone) : undefined;
  if (!found) {
    await countFailure(deps, keys, who);
    fail(Code.BAD_REQUEST, 'smsInvalid');
  }
  assertUsable(found);
  return issueSession(deps, found, caller);
}

export async function visitorLogin(deps: AuthDeps, caller: Caller): Promise<LoginResult> {
  const found = await findVisitor(deps.db, SYSTEM_SCOPE);
  if (!found) fail(Code.FORBIDDEN, 'visitorUnavailable');
  return issueSession(deps, found, caller);
}

/** Opens a session for a ticket's user (the ticket's signature and expiry are checked by the caller). */
export async function ticketLogin(deps: AuthDeps, userId: number, caller: Caller): Promise<LoginResult> {
  const found = await findUserById(deps.db, SYSTEM_SCOPE, userId);
  if (!found) fail(Code.BAD_REQUEST, 'ticketInvalid');
  assertUsable(found);
  return issueSession(deps, found, caller);
}
