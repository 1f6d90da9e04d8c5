import { onlineManager, type FetchQueryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Loader prefetch that never holds the screen offline: a query fetched offline pauses until the
 * network returns, so the route would wait that long instead of showing the persisted rows.
 */
export function prefetchOnline<T, K extends QueryKey>(
  client: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<void> | undefined {
  return onlineManager.isOnline() ? client.prefetchQuery(options) : undefined;
}
