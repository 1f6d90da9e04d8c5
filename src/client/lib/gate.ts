import { notFound, redirect } from '@tanstack/react-router';
import { findRoute, routePath, type Layout, type SpecRoute } from '../../shared/routes';
import { allowedRoutes, getToken } from './session';

/** Thrown by requireRoute for a known screen the user's menu does not grant. */
export class NoPermissionError extends Error {
  constructor(readonly route: string) {
    super(`no viewing permission: ${route}`);
    this.name = 'NoPermissionError';
  }
}

export function isNoPermission(error: unknown): error is NoPermissionError {
  return error instanceof NoPermissionError;
}

type GateResult =
  | { status: 'login' }
  | { status: 'notFound' }
  /** The screen lives under the other layout (e.g. /alarmList instead of /map/alarmList). */
  | { status: 'moved'; route: SpecRoute }
  | { status: 'forbidden'; route: SpecRoute }
  | { status: 'ok'; route: SpecRoute };

/**
 * The access decision of docs/requirements/screens-and-routes.md#access-gating for one screen, without side effects.
 */
export function checkRoute(name: string, layout: Layout): GateResult {
  if (!getToken()) return { status: 'login' };
  const route = findRoute(name);
  if (!route) return { status: 'notFound' };
  if (route.layout !== layout) return { status: 'moved', route };
  if (!allowedRoutes().has(route.value)) return { status: 'forbidden', route };
  return { status: 'ok', route };
}

/**
 * beforeLoad guard of every console screen, generic ($page) or concrete:
 * `beforeLoad: () => requireRoute('DeviceList')`. Redirects to /login without a session,
 * renders not-found for unknown names and "no viewing permission" (the router's default
 * error component) for screens outside the user's menu; returns the route for the context. A
 * screen asked for under the other layout moves there with its query (`search`, e.g. `?id=3`).
 */
export function requireRoute(name: string, layout: Layout = 'admin', search = ''): { specRoute: SpecRoute } {
  const gate = checkRoute(name, layout);
  switch (gate.status) {
    case 'login':
      throw redirect({ to: '/login', replace: true });
    case 'notFound':
      throw notFound();
    case 'moved':
      throw redirect({ href: `${routePath(gate.route)}${search}`, replace: true });
    case 'forbidden':
      throw new NoPermissionError(gate.route.value);
    case 'ok':
      return { specRoute: gate.route };
  }
}

/** Route name of a console path: '/DeviceList' -> 'DeviceList', '/map/alarmList' -> 'alarmList'. */
export function routeNameOf(pathname: string): string | undefined {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] === 'map') return parts[1];
  return parts[0];
}
