import { randomBytes } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { eq } from 'drizzle-orm';
import { Code } from '../../shared/api';
import type { MsgKey } from '../../shared/messages';
import type { Db } from '../../server/db/driver';
import { tenants, users } from '../../server/db/schema';
import type { Scope } from '../../server/db/scope';
import type { Clock } from '../../server/lib/clock';
import { sha256 } from '../../server/lib/crypto';
import { integrationKeys } from './table';

/** `ik_<12 hex>_<43 base64url>`: the prefix is public (the list shows it), the rest is the secret. */
const KEY_RE = /^ik_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/;

/** Whether a bearer token is an integration key rather than a session token (base64url, no `ik_`). */
export const isIntegrationKey = (token: string | undefined): token is string => !!token && KEY_RE.test(token);

export interface KeyMaterial {
  key: string;
  prefix: string;
  keyHash: string;
}

/** A new key: 48 bits of public prefix, 256 bits of secret. Only its hash is stored. */
export function newKeyMaterial(): KeyMaterial {
  const prefix = randomBytes(6).toString('hex');
  const key = `ik_${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix, keyHash: sha256(key) };
}

/** The entries of an allowed-addresses text: IPs and CIDR ranges, separated by commas, spaces or lines. */
function entriesOf(text: string | null | undefined): string[] {
  return (text ?? '').split(/[\s,;]+/).filter(Boolean);
}

function addEntry(list: BlockList, entry: string): boolean {
  const [addr, bits, extra] = entry.split('/');
  const family = isIP(addr ?? '');
  if (!family || extra !== undefined) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (bits === undefined) {
    list.addAddress(addr!, type);
    return true;
  }
  const n = Number(bits);
  if (!/^\d+$/.test(bits) || n > (family === 4 ? 32 : 128)) return false;
  list.addSubnet(addr!, n, type);
  return true;
}

/** The text normalised (one entry a line), or undefined when an entry is neither an IP nor a CIDR range. */
export function normaliseAddresses(text: string | null | undefined): string | null | undefined {
  const entries = entriesOf(text);
  const probe = new BlockList();
  if (!entries.every((e) => addEntry(probe, e))) return undefined;
  return entries.length ? entries.join('\n') : null;
}

/** Whether `ip` (Fastify's request.ip; an IPv4-mapped IPv6 address counts as its IPv4) is allowed. */
function addressAllowed(text: string | null, ip: string): boolean {
  const entries = entriesOf(text);
  if (!entries.length) return true;
  const list = new BlockList();
  for (const e of entries) addEntry(list, e);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

// Like a session's sliding expiry (src/server/auth/sessions.ts): the last use is written at most
// once a minute per key, not on every request.
const TOUCH_EVERY_MS = 60_000;

interface KeyCaller {
  keyId: number;
  tenantId: number;
  userId: number;
  /** Set when the key exists but may not be used now: the answer's code and key. */
  refused?: { code: number; key: MsgKey };
  live?: { userId: number; scope: Scope; user: typeof users.$inferSelect; tokenHash: string };
}

/**
 * The caller behind an integration key, looked up by the key's hash on every request (one
 * indexed row and its user and tenant, like a session's look-up): undefined for an unknown key.
 * The database compares hashes of a 256-bit secret, so its comparison's timing tells nothing.
 */
export async function resolveIntegrationKey(
  deps: { db: Db; clock: Clock },
  key: string,
  ip: string,
): Promise<KeyCaller | undefined> {
  const keyHash = sha256(key);
  const [row] = await deps.db
    .select({
      id: integrationKeys.id,
      tenantId: integrationKeys.tenantId,
      expiresAt: integrationKeys.expiresAt,
      revokedAt: integrationKeys.revokedAt,
      allowedAddresses: integrationKeys.allowedAddresses,
      lastUsedAt: integrationKeys.lastUsedAt,
      user: users,
      tenantStatus: tenants.status,
    })
    .from(integrationKeys)
    .innerJoin(users, eq(users.id, integrationKeys.userId))
    .innerJoin(tenants, eq(tenants.id, integrationKeys.tenantId))
    .where(eq(integrationKeys.keyHash, keyHash))
    .limit(1);
  if (!row) return undefined;
  const found = { keyId: row.id, tenantId: row.tenantId, userId: row.user.id };
  const now = deps.clock.now();
  const refuse = (code: number, k: MsgKey): KeyCaller => ({ ...found, refused: { code, key: k } });
  // Revoked and expired keys answer like an expired session (208), with their own message.
  if (row.revokedAt || row.user.status !== 1 || row.user.kind !== 'integration')
    return refuse(Code.SESSION_EXPIRED, 'apiKeyRevoked');
  if (row.expiresAt && row.expiresAt.getTime() <= now) return refuse(Code.SESSION_EXPIRED, 'apiKeyExpired');
  if (row.tenantStatus !== 1) return refuse(Code.FORBIDDEN, 'tenantDisabled');
  if (!addressAllowed(row.allowedAddresses, ip)) return refuse(Code.FORBIDDEN, 'apiKeyAddressRefused');
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS)
    await deps.db
      .update(integrationKeys)
      .set({ lastUsedAt: new Date(now), lastUsedIp: ip })
      .where(eq(integrationKeys.id, row.id));
  const u = row.user;
  return {
    ...found,
    live: { userId: u.id, scope: { userId: u.id, tenantId: u.tenantId, kind: u.kind }, user: u, tokenHash: keyHash },
  };
}
