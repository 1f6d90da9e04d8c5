import type { FastifyRequest } from 'fastify';
import { ALWAYS_ALLOWED } from '../../shared/routes';
import type { Scope } from '../db/scope';
import type { UserRow } from '../db/schema';
import { sessionExpired } from '../lib/api-error';
import { hidesPersonalOf, menusFor } from '../repos/navigation';

// What a route asks of its request's caller, after the route guard (src/server/plugins/auth.ts)
// has checked the session: its scope and user, its menus, whether personal data stays masked.

/** Whether the caller's roles grant one of `menus` (or it is always allowed); super administrators hold all. */
export async function grantsMenu(request: FastifyRequest, menus: readonly string[]): Promise<boolean> {
  if (menus.some((m) => (ALWAYS_ALLOWED as readonly string[]).includes(m))) return true;
  const granted = await menusFor(request.server.db, request.scope!);
  return granted === undefined || menus.some((m) => granted.has(m));
}

/**
 * Whether personal data of a screen's rows stays masked for the caller (docs/permissions.md):
 * always for the visitor, and for users whose roles lack that screen.
 */
export async function hidesPersonal(request: FastifyRequest, route: string): Promise<boolean> {
  return hidesPersonalOf(request.server.db, request.scope!, route);
}

/** After requireAuth: the caller's scope and user (a 208 if a route forgot the guard). */
export function authed(request: FastifyRequest): { scope: Scope; user: UserRow; tokenHash: string } {
  if (!request.scope || !request.user || !request.tokenHash) return sessionExpired();
  return { scope: request.scope, user: request.user, tokenHash: request.tokenHash };
}
