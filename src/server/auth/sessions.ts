import type { FastifyBaseLogger } from 'fastify';
import { Code } from '../../shared/api';
import type { UserInfo } from '../../shared/auth';
import { SESSION_TTL_MS } from '../../shared/constants';
import type { Db } from '../db/driver';
import type { Scope } from '../db/scope';
import type { UserRow } from '../db/schema';
import { fail } from '../lib/api-error';
import type { Clock } from '../lib/clock';
import { newToken, sha256 } from '../lib/crypto';
import { findLiveSession, insertSession, touchSession } from '../repos/sessions';
import { userInfo, type UserWithTenant } from '../repos/users';
import type { PasswordHasher } from './passwords';
import type { SmsProvider } from './sms';

/** What the auth flows need from the app; a FastifyInstance satisfies it. */
export interface AuthDeps {
  db: Db;
  clock: Clock;
  hasher: PasswordHasher;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  config: { timeZone: string };
}

export interface Caller {
  ip: string;
  userAgent?: string;
}

interface LiveSession {
  userId: number;
  scope: Scope;
  user: UserRow;
  tokenHash: string;
}

// Sliding expiry is written at most once a minute per session, not on every request.
const TOUCH_EVERY_MS = 60_000;

const scopeOf = (u: Pick<UserRow, 'id' | 'tenantId' | 'kind'>): Scope => ({
  userId: u.id,
  tenantId: u.tenantId,
  kind: u.kind,
});

/** `Authorization: <token>` (docs/requirements/calls-and-errors.md#call-conventions); `Bearer <token>` too. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  const value = header?.trim().replace(/^Bearer\s+/i, '');
  return value ? value : undefined;
}

/** A new session for a user who just proved who they are. */
export async function issueSession(
  deps: AuthDeps,
  found: UserWithTenant,
  caller: Caller,
): Promise<{ token: string; info: UserInfo }> {
  // An integration key's account acts through its key only (src/entities/integration-key): no login opens a session for it.
  if (found.user.kind === 'integration') fail(Code.FORBIDDEN, 'apiKeyNotAllowed');
  const token = newToken();
  await insertSession(
    deps.db,
    {
      tokenHash: sha256(token),
      userId: found.user.id,
      tenantId: found.user.tenantId,
      ip: caller.ip,
      userAgent: caller.userAgent,
    },
    deps.clock.now(),
    SESSION_TTL_MS,
  );
  return { token, info: await userInfo(deps.db, scopeOf(found.user), found, deps.config.timeZone) };
}

/** The live session of a token: undefined when missing, expired, revoked, or its user or company is disabled. */
export async function resolveToken(
  deps: Pick<AuthDeps, 'db' | 'clock'>,
  token: string | undefined,
): Promise<LiveSession | undefined> {
  if (!token || token.length > 256) return undefined;
  const tokenHash = sha256(token);
  const now = deps.clock.now();
  const row = await findLiveSession(deps.db, tokenHash, now);
  if (!row || row.user.status !== 1) return undefined;
  if (row.tenantStatus !== 1 && row.user.kind !== 'super') return undefined;
  if (now - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await touchSession(deps.db, row.sessionId, now, SESSION_TTL_MS);
  return { userId: row.user.id, scope: scopeOf(row.user), user: row.user, tokenHash };
}
