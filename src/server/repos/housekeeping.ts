import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/driver';
import { AUTO_LOGIN_TTL_MS } from '../../shared/constants';
import { authAudit, loginFailures, sessions, smsCodes, usedTickets } from '../db/schema';

/** Ended sessions stay this long for the audit trail before they are deleted. */
export const SESSION_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Deletes rows nothing will read again: used-up codes, stale counters, long-ended sessions. */
export async function purgeExpired(db: Db, now: number, failureWindowMs: number): Promise<void> {
  await db.delete(smsCodes).where(lt(smsCodes.expiresAt, new Date(now)));
  await db.delete(loginFailures).where(lt(loginFailures.windowStart, new Date(now - failureWindowMs)));
  const cutoff = new Date(now - SESSION_RETENTION_MS);
  // A spent nonce matters only while its ticket could still be valid.
  await db.delete(usedTickets).where(lt(usedTickets.usedAt, new Date(now - AUTO_LOGIN_TTL_MS)));
  // Failed and throttled attempts are kept as long as ended sessions.
  await db.delete(authAudit).where(lt(authAudit.at, cutoff));
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, cutoff), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, cutoff))));
}
