import { createHmac } from 'node:crypto';
import type { IceServer } from '../lib/ice-servers';

// STUN/TURN for calls: the servers the configuration lists (src/server/lib/ice-servers.ts), with
// short-lived TURN credentials per caller.

const isTurn = (s: IceServer): boolean => s.urls.some((u) => u.startsWith('turn'));

/**
 * The servers one caller gets: TURN servers without their own username get coturn's REST-API
 * credentials (`username` = `{expiry s}:{uid}`, `credential` = base64 HMAC-SHA1 of it under the
 * shared secret), valid `ttlS`. Without a secret such servers are left out: a TURN server
 * without credentials would only fail the call's ICE.
 */
export function iceServersFor(
  servers: readonly IceServer[],
  opts: { turnSecret?: string; uid: string; ttlS: number; now: number },
): IceServer[] {
  const expiry = Math.floor(opts.now / 1000) + opts.ttlS;
  return servers.flatMap((s) => {
    if (!isTurn(s) || s.username !== undefined) return [s];
    if (!opts.turnSecret) return [];
    const username = `${expiry}:${opts.uid}`;
    return [
      { urls: s.urls, username, credential: createHmac('sha1', opts.turnSecret).update(username).digest('base64') },
    ];
  });
}
