import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFoundScreen } from './components/NotFoundScreen';
import { RouteError } from './components/RouteError';
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
    defaultNotFoundComponent: NotFoundScreen,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
