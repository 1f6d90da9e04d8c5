import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/driver';
import { sessions } from '../db/tables';
import { tenants, users } from '../db/schema';

interface NewSession {
  tokenHash: string;
  userId: number;
  tenantId: number;
  ip?: string | null;
  userAgent?: string | null;
}

export async function insertSession(db: Db, s: NewSession, now: number, ttlMs: number): Promise<void> {
  const at = new Date(now);
  await db.insert(sessions).values({
    ...s,
    userAgent: s.userAgent?.slice(0, 512) ?? null,
    createdAt: at,
    lastSeenAt: at,
    expiresAt: new Date(now + ttlMs),
  });
}

/** The live session of a token hash with its user, or undefined if missing, expired or revoked. */
export async function findLiveSession(db: Db, tokenHash: string, now: number) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      user: users,
      tenantStatus: tenants.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(now))))
    .limit(1);
  return row;
}

/** Slides the expiry forward; callers throttle it so reads do not write on every request. */
export async function touchSession(db: Db, sessionId: number, now: number, ttlMs: number): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + ttlMs) })
    .where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Db, tokenHash: string, now: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: number, now: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
