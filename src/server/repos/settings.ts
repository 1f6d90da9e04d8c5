import { eq } from 'drizzle-orm';
import type { Db } from '../db/driver';
import { settings } from '../db/schema';

/**
 * The value of `key`, created from `make()` by whichever replica asks first; the others read
 * the winner's value (insert-or-ignore, then read), so all replicas agree on secrets.
 */
export async function settingOrCreate(db: Db, key: string, make: () => string): Promise<string> {
  await db.insert(settings).values({ key, value: make() }).onConflictDoNothing({ target: settings.key });
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  if (!row) throw new Error(`setting ${key} vanished`);
  return row.value;
}
