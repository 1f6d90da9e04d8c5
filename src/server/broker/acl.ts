import { topics } from '../../shared/topics';

/**
 * The broker's authorisation rules as pure decisions. The embedded Aedes calls them directly;
 * external brokers reach the same decisions through POST /api/mqtt/auth and /api/mqtt/acl.
 */

/** Who is on the other end of an MQTT connection. */
export type Principal = { kind: 'console'; userId: number; tokenHash: string };

/** A resolved, live session (see auth/sessions.ts resolveToken), or undefined. */
export interface SessionFacts {
  userId: number;
  tokenHash: string;
}

/**
 * A console logs in with username = its user id and password = its session token. The token must
 * belong to a live session of that very user.
 */
export function authorizeConnect(username: string | undefined, session: SessionFacts | undefined): Principal | undefined {
  if (!username || !/^\d{1,10}$/.test(username) || !session) return undefined;
  if (session.userId !== Number(username)) return undefined;
  return { kind: 'console', userId: session.userId, tokenHash: session.tokenHash };
}

/** Consoles may follow their own channel and the system-wide notices, nothing else (yet). */
export function authorizeSubscribe(principal: Principal | undefined, topic: string): boolean {
  if (!principal) return false;
  return topic === topics.userWeb(principal.userId) || topic === topics.noticeWeb;
}

/** Consoles do not publish yet; the service publishes through its own path, outside this ACL. */
export function authorizePublish(_principal: Principal | undefined, _topic: string): boolean {
  return false;
}
