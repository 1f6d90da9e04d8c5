import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: what a client holds as its session token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function hmacSha256(secret: string, text: string): Buffer {
  return createHmac('sha256', secret).update(text).digest();
}

export function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

export function numericCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}
