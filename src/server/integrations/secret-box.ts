import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/driver';
import { settingSecret } from '../repos/settings';

/**
 * Secrets the service must use again (a webhook's signing secret), kept encrypted with AES-256-GCM
 * under the platform's integration key: 256 random bits in the settings, made by the first replica
 * to ask, like the device key of devices/secrets.ts (docs/security.md). A copy of the database
 * without the settings row gives no secret; the API never answers one.
 */
const KEY_SETTING = 'integration.secretKey';
const PREFIX = 'v1:';

export const integrationKey = (db: Db) => settingSecret(db, KEY_SETTING);

const aesKey = (key: string) => createHash('sha256').update(key).digest();

export function seal(key: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey(key), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function open(key: string, sealed: string): string {
  if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed secret');
  const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', aesKey(key), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** What the list shows of a secret: its last four characters. */
export const secretHint = (plain: string) => `••••${plain.slice(-4)}`;
