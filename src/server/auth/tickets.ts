import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/driver';
import { sessions, usedTickets } from '../db/schema';
import { hmacSha256, safeEqual } from '../lib/crypto';
import { settingSecret } from '../repos/settings';

/** What an auto-login ticket says: whose session to open, for which device, until when. */
interface TicketClaims {
  userId: number;
  imei: string;
  exp: number;
  /** The session that created it: its logout (or a password change) voids the ticket. */
  sessionId: number;
  /** Once exchanged, the nonce is spent (used_tickets). */
  nonce: string;
}

export const newNonce = () => randomBytes(12).toString('base64url');

/** The signing secret lives in the database so every replica signs and checks alike. */
export const ticketSecret = (db: Db): Promise<string> => settingSecret(db, 'ticket_secret');

/** `base64url(json).base64url(hmac-sha256)`: readable claims, unforgeable without the secret. */
export function signTicket(secret: string, claims: TicketClaims): string {
  const body = Buffer.from(
    JSON.stringify({ u: claims.userId, i: claims.imei, e: claims.exp, s: claims.sessionId, n: claims.nonce }),
  ).toString('base64url');
  return `${body}.${hmacSha256(secret, body).toString('base64url')}`;
}

/** The claims of a genuine, unexpired ticket; undefined for anything else. */
export function verifyTicket(secret: string, key: string, now: number): TicketClaims | undefined {
  const [body, sig, extra] = key.split('.');
  if (!body || !sig || extra !== undefined) return undefined;
  if (!safeEqual(hmacSha256(secret, body), Buffer.from(sig, 'base64url'))) return undefined;
  try {
    const raw = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
      u?: unknown;
      i?: unknown;
      e?: unknown;
      s?: unknown;
      n?: unknown;
    };
    if (
      typeof raw.u !== 'number' ||
      typeof raw.e !== 'number' ||
      typeof raw.i !== 'string' ||
      typeof raw.s !== 'number' ||
      typeof raw.n !== 'string'
    )
      return undefined;
    if (raw.e <= now) return undefined;
    return { userId: raw.u, imei: raw.i, exp: raw.e, sessionId: raw.s, nonce: raw.n };
  } catch {
    return undefined;
  }
}

/**
 * Spends a verified ticket: its creating session must still be live (logout, a password change
 * or reset revoke it), and its nonce unspent. True when the ticket may open a session now.
 */
export async function spendTicket(db: Db, claims: TicketClaims, now: number): Promise<boolean> {
  const [live] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date(now)),
      ),
    );
  if (!live) return false;
  const spent = await db
    .insert(usedTickets)
    .values({ nonce: claims.nonce, usedAt: new Date(now) })
    .onConflictDoNothing()
    .returning({ nonce: usedTickets.nonce });
  return spent.length === 1;
}
