import { QueryClient, type Query } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';

/** Query key heads kept in IndexedDB for offline sites (design card: device lists and alarms). */
export const PERSISTED_KEYS = ['devices', 'alarms', 'nav'] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Changes with every build, so a new version never reads a cache shaped by the old one. */
export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // gcTime must outlive the persisted maxAge or restored entries are dropped at once.
        gcTime: DAY_MS,
        staleTime: 30_000,
        // The request helper already toasts; retrying a refused call only repeats the toast.
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export function shouldPersist(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  const head = query.queryKey[0];
  return (
    query.state.status === 'success' &&
    typeof head === 'string' &&
    (PERSISTED_KEYS as readonly string[]).includes(head)
  );
}

export function persistOptions(): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createAsyncStoragePersister({
      key: 'safety-console-cache',
      storage: {
        getItem: (key) => get<string>(key).then((value) => value ?? null),
        setItem: (key, value) => set(key, value),
        removeItem: (key) => del(key),
      },
      throttleTime: 1000,
    }),
    buster: BUILD_ID,
    maxAge: DAY_MS,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersist },
  };
}
