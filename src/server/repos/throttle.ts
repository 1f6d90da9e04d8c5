import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/driver';
import { authAudit, loginFailures } from '../db/schema';

/**
 * Fixed-window failure counters kept in the database, so N replicas share one count. A key is
 * e.g. `pair:demo|10.0.0.7` (an account from one address) or `ip:10.0.0.7`.
 */
interface Failures {
  failures: number;
  windowStart: number;
  lastAt: number;
}

export async function failuresIn(
  db: Db,
  keys: string[],
  now: number,
  windowMs: number,
): Promise<Map<string, Failures>> {
  const rows = await db
    .select({
      key: loginFailures.key,
      failures: loginFailures.failures,
      windowStart: loginFailures.windowStart,
      lastAt: loginFailures.lastAt,
    })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gt(loginFailures.windowStart, new Date(now - windowMs))));
  return new Map(
    rows.map((r) => [
      r.key,
      { failures: r.failures, windowStart: r.windowStart.getTime(), lastAt: (r.lastAt ?? r.windowStart).getTime() },
    ]),
  );
}

export async function recordFailure(db: Db, keys: string[], now: number, windowMs: number): Promise<void> {
  const nowIso = new Date(now).toISOString();
  const cutoffIso = new Date(now - windowMs).toISOString();
  // An expired window restarts at 1 in the same statement, so concurrent failures never lose a count.
  const expired = sql`${loginFailures.windowStart} <= ${cutoffIso}::timestamptz`;
  for (const key of keys) {
    await db
      .insert(loginFailures)
      .values({ key, windowStart: new Date(now), failures: 1, lastAt: new Date(now) })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`,
          windowStart: sql`case when ${expired} then ${nowIso}::timestamptz else ${loginFailures.windowStart} end`,
          lastAt: sql`${nowIso}::timestamptz`,
        },
      });
  }
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

export interface AuditEntry {
  at: number;
  kind: 'password' | 'sms' | 'smsSend';
  account: string;
  address: string;
  outcome: 'failed' | 'throttled';
}

export async function audit(db: Db, e: AuditEntry): Promise<void> {
  await db.insert(authAudit).values({ ...e, at: new Date(e.at), account: e.account.slice(0, 200) });
}
