import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/driver';
import { settings } from '../db/tables';

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

const secrets = new WeakMap<Db, Map<string, Promise<string>>>();

/**
 * A signing secret kept in settings under `key` (256 random bits, made by the first replica to
 * ask), so every replica signs and checks alike; read once per database and kept.
 */
export function settingSecret(db: Db, key: string): Promise<string> {
  let ofDb = secrets.get(db);
  if (!ofDb) secrets.set(db, (ofDb = new Map()));
  let secret = ofDb.get(key);
  if (!secret) {
    secret = settingOrCreate(db, key, () => randomBytes(32).toString('base64url'));
    ofDb.set(key, secret);
    secret.catch(() => ofDb.delete(key));
  }
  return secret;
}
