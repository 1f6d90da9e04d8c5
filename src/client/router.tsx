import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFoundScreen } from './components/NotFoundScreen';
import { RouteError } from './components/RouteError';
import { RoutePending } from './components/RoutePending';
import { parseSearch, stringifySearch } from './lib/searchParams';
import * as session from './lib/session';
import { routeTree } from './routeTree.gen';

/** The console router; tests pass a memory history. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    parseSearch,
    stringifySearch,
    context: { queryClient, session },
    defaultPreload: 'intent',
    // Query owns data freshness; the router should always ask it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultErrorComponent: RouteError,
    // A screen still loading after a second shows inside the shell (its parents render), not after it.
    defaultPendingComponent: RoutePending,
    defaultNotFoundComponent: NotFoundScreen,
  });
}

/**
 * Starts loading the scripts of the screen the console opens at (its route files' chunks and the
 * registry screen's own) before the language and the persisted cache are ready, so a cold start
 * (the installed app launched, offline too) does not fetch them one after another afterwards.
 * Signed out, the guards send the page to /login: nothing is loaded.
 */
export function preloadOpenScreen(router: ReturnType<typeof createAppRouter>): void {
  if (!session.getToken()) return;
  const [routes, params] = router.getMatchedRoutes(router.latestLocation.pathname);
  for (const route of routes) router.loadRouteChunk(route)?.catch(() => undefined);
  if (params.page) {
    const page = params.page;
    import('./features/screens/registry').then((m) => m.screenOf(page)?.component?.preload()).catch(() => undefined);
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
