import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/driver';
import { smsCodes } from '../db/schema';

/**
 * Stores a new code for `phone` unless one was sent within `resendMs`. The check and the write
 * are one statement, so two replicas cannot both send within the window. False = too soon.
 */
export async function storeCode(
  db: Db,
  phone: string,
  codeHash: string,
  now: number,
  resendMs: number,
  validMs: number,
): Promise<boolean> {
  const row = { phone, codeHash, sentAt: new Date(now), expiresAt: new Date(now + validMs), tries: 0 };
  const stored = await db
    .insert(smsCodes)
    .values(row)
    .onConflictDoUpdate({
      target: smsCodes.phone,
      set: { codeHash, sentAt: row.sentAt, expiresAt: row.expiresAt, tries: 0 },
      setWhere: sql`${smsCodes.sentAt} <= ${new Date(now - resendMs).toISOString()}::timestamptz`,
    })
    .returning({ phone: smsCodes.phone });
  return stored.length > 0;
}

type CodeCheck = 'ok' | 'invalid';

/**
 * Checks a code: a live one (not expired, fewer than `maxTries` wrong tries) that matches is
 * consumed; a wrong one spends a try, and the last try voids the code.
 */
export async function consumeCode(
  db: Db,
  phone: string,
  codeHash: string,
  now: number,
  maxTries: number,
): Promise<CodeCheck> {
  const [row] = await db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
  if (!row || row.expiresAt.getTime() <= now || row.tries >= maxTries) return 'invalid';
  if (row.codeHash !== codeHash) {
    await db
      .update(smsCodes)
      .set({ tries: sql`${smsCodes.tries} + 1` })
      .where(and(eq(smsCodes.phone, phone), lt(smsCodes.tries, maxTries)));
    return 'invalid';
  }
  const used = await db
    .delete(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.codeHash, codeHash), lt(smsCodes.tries, maxTries)))
    .returning({ phone: smsCodes.phone });
  return used.length > 0 ? 'ok' : 'invalid';
}
