import type { Db } from '../db/driver';
import { hmacSha256, newToken, safeEqual } from '../lib/crypto';
import { settingOrCreate } from '../repos/settings';

/**
 * Per-device MQTT secrets: HMAC(platform device key, imei:secretVersion). Nothing secret is
 * stored per device, every replica derives the same value, and recycling a device (which bumps
 * secret_version) retires its old secret.
 */
export async function deviceKey(db: Db): Promise<string> {
  return settingOrCreate(db, 'device.secretKey', newToken);
}

export function deviceSecret(key: string, imei: string, secretVersion: number): string {
  return hmacSha256(key, `${imei}:${secretVersion}`).toString('base64url').slice(0, 24);
}

export function secretMatches(key: string, imei: string, secretVersion: number, presented: string): boolean {
  return safeEqual(Buffer.from(deviceSecret(key, imei, secretVersion)), Buffer.from(presented));
}
