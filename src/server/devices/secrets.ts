import type { Db } from '../db/driver';
import { hmacSha256, newToken, safeEqual } from '../lib/crypto';
import { settingOrCreate } from '../repos/settings';

/**
 * A device's credentials, one per purpose, each derived from the platform device key: nothing
 * secret is stored per device, every replica derives the same values, and recycling a device
 * (which bumps secret_version) retires all of them.
 *
 * - `deviceSecret`: the MQTT password (and the HTTP device API's Basic secret), shown only to
 *   administrators (the stock list's secrets). HMAC(key, "imei:secretVersion").
 * - `jt808AuthCode`: the JT/T 808 authentication code, told to whoever registers (0x0100) under a
 *   known terminal number. Derived under its own purpose label, so it opens JT/T 808 only and
 *   says nothing about the MQTT secret (HMAC is a PRF: one output does not give another).
 */
export async function deviceKey(db: Db): Promise<string> {
  return settingOrCreate(db, 'device.secretKey', newToken);
}

const SECRET_CHARS = 24;

export function deviceSecret(key: string, imei: string, secretVersion: number): string {
  return hmacSha256(key, `${imei}:${secretVersion}`).toString('base64url').slice(0, SECRET_CHARS);
}

export function secretMatches(key: string, imei: string, secretVersion: number, presented: string): boolean {
  return safeEqual(Buffer.from(deviceSecret(key, imei, secretVersion)), Buffer.from(presented));
}

/**
 * The purpose label. Its '-' occurs in no identifier (IMEI_RE, terminal numbers), so no
 * "imei:version" input of the MQTT secret equals a labelled one.
 */
const JT808_AUTH = 'jt808-auth';

/** The JT/T 808 authentication code of a terminal (answered at registration, checked at 0x0102). */
export function jt808AuthCode(key: string, imei: string, secretVersion: number): string {
  return hmacSha256(key, `${JT808_AUTH}:${imei}:${secretVersion}`).toString('base64url').slice(0, SECRET_CHARS);
}
