import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/driver';
import { loginFailures } from '../db/schema';

/**
 * Fixed-window failure counters kept in the database, so N replicas share one count.
 * A key is e.g. `acct:demo` or `ip:10.0.0.7`.
 */
export async function failuresIn(db: Db, keys: string[], now: number, windowMs: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: loginFailures.key, failures: loginFailures.failures })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gt(loginFailures.windowStart, new Date(now - windowMs))));
  return new Map(rows.map((r) => [r.key, r.failures]));
}

export async function recordFailure(db: Db, keys: string[], now: number, windowMs: number): Promise<void> {
  const nowIso = new Date(now).toISOString();
  const cutoffIso = new Date(now - windowMs).toISOString();
  // An expired window restarts at 1 in the same statement, so concurrent failures never lose a count.
  const expired = sql`${loginFailures.windowStart} <= ${cutoffIso}::timestamptz`;
  for (const key of keys) {
    await db
      .insert(loginFailures)
      .values({ key, windowStart: new Date(now), failures: 1 })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`,
          windowStart: sql`case when ${expired} then ${nowIso}::timestamptz else ${loginFailures.windowStart} end`,
        },
      });
  }
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
