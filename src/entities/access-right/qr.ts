import { randomBytes } from 'node:crypto';

/** A QR code's token: 16 random bytes, URL-safe (what the code encodes and the unit compares). */
export function newQrToken(): string {
  return `AQR-${randomBytes(16).toString('base64url')}`;
}
