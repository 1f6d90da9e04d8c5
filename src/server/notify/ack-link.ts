import type { Db } from '../db/driver';
import { hmacSha256, safeEqual } from '../lib/crypto';
import { settingSecret } from '../repos/settings';

/**
 * The reply link of an escalation's SMS and e-mail (docs/alarms.md "Acknowledge by replying"):
 * `/api/ack/<token>`, the token naming the alarm, its company, whom the message went to and
 * until when it holds, signed with the service's ack-link secret.
 */
export interface AckClaims {
  alarmId: number;
  tenantId: number;
  /** Who was told: the user's name, or the number or address the message went to. */
  label: string;
  /** Expiry, epoch milliseconds (kept to the second). */
  exp: number;
  /**
   * A phone's notification (docs/alarms.md "Push to phones"): the user it was pushed to, who then
   * takes the alarm under their own id, and the timeline says "by push". Absent: an SMS or e-mail.
   */
  pushedTo?: number;
}

/** How long a reply link works after its message was sent. */
export const ACK_LINK_TTL_MS = 24 * 3_600_000;

/** The path of reply links under the service's public address. */
export const ACK_LINK_PATH = '/api/ack';

/** 128 bits of HMAC-SHA256: a token nobody can forge or guess, still short enough for an SMS. */
const SIG_BYTES = 16;

/** The signing secret lives in the database (settings) so every replica signs and checks alike. */
export const ackLinkSecret = (db: Db): Promise<string> => settingSecret(db, 'ack_link_secret');

const sign = (secret: string, body: string) =>
  hmacSha256(secret, `ack1.${body}`).subarray(0, SIG_BYTES).toString('base64url');

/**
 * `alarm.tenant.expiry.label[.user].signature`: numbers in base 36, the label in base64url; the
 * user part only for a phone's notification.
 */
export function signAckToken(secret: string, c: AckClaims): string {
  const parts = [
    c.alarmId.toString(36),
    c.tenantId.toString(36),
    Math.floor(c.exp / 1000).toString(36),
    Buffer.from(c.label, 'utf8').toString('base64url'),
  ];
  if (c.pushedTo !== undefined) parts.push(c.pushedTo.toString(36));
  const body = parts.join('.');
  return `${body}.${sign(secret, body)}`;
}

type AckTokenCheck = { ok: true; claims: AckClaims } | { ok: false; reason: 'invalid' | 'expired' };

/** A genuine token's claims; a tampered, malformed or expired one is refused (expired said apart). */
export function verifyAckToken(secret: string, token: string, now: number): AckTokenCheck {
  const parts = token.split('.');
  if ((parts.length !== 5 && parts.length !== 6) || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p)))
    return { ok: false, reason: 'invalid' };
  const body = parts.slice(0, -1).join('.');
  if (!safeEqual(Buffer.from(sign(secret, body)), Buffer.from(parts.at(-1)!))) return { ok: false, reason: 'invalid' };
  const [alarmId, tenantId, exp] = parts.slice(0, 3).map((p) => parseInt(p, 36));
  const claims: AckClaims = {
    alarmId: alarmId!,
    tenantId: tenantId!,
    exp: exp! * 1000,
    label: Buffer.from(parts[3]!, 'base64url').toString('utf8'),
  };
  if (parts.length === 6) claims.pushedTo = parseInt(parts[4]!, 36);
  if (![claims.alarmId, claims.tenantId, claims.exp, claims.pushedTo ?? 0].every(Number.isSafeInteger))
    return { ok: false, reason: 'invalid' };
  if (claims.exp <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

/** Makes reply links for one service: its public address, its secret, its clock. */
export class AckLinks {
  /** The secret never changes once made: read once, not once per link (an SOS to a thousand phones signs a thousand). */
  private secret?: Promise<string>;

  constructor(
    private readonly db: Db,
    private readonly origin: string,
    private readonly now: () => number,
  ) {}

  private secretOnce(): Promise<string> {
    return (this.secret ??= ackLinkSecret(this.db).catch((err: unknown) => {
      this.secret = undefined;
      throw err;
    }));
  }

  async url(alarmId: number, tenantId: number, label: string): Promise<string> {
    return `${this.origin}${await this.path(alarmId, tenantId, label)}`;
  }

  /**
   * The link's path alone, for a phone's notification (its service worker posts to its own
   * origin); `pushedTo` is the user it goes to.
   */
  async path(alarmId: number, tenantId: number, label: string, pushedTo?: number): Promise<string> {
    const token = signAckToken(await this.secretOnce(), {
      alarmId,
      tenantId,
      label,
      exp: this.now() + ACK_LINK_TTL_MS,
      ...(pushedTo === undefined ? {} : { pushedTo }),
    });
    return `${ACK_LINK_PATH}/${token}`;
  }
}
