import { QueryClient, onlineManager, type Query } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { PersistedClient, PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { isAlarmMutation, registerAlarmMutations } from '../features/alarms/alarmMutations';

/**
 * Query key heads kept in IndexedDB for offline sites (design card: device lists and alarms).
 * Resource keys start with the resource name (resources.queries.ts), so these are names.
 */
export const PERSISTED_KEYS = ['device', 'alarm', 'nav'] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Changes with every build, so a new version never reads a cache shaped by the old one. */
const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
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
  registerAlarmMutations(client);
  // The online manager starts as online and learns only from later events; a console opened
  // without a network would otherwise resume its stored changes into a failing fetch at once.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  return client;
}

/**
 * A query of a persisted kind that holds data. A refetch that failed (a site network that is up
 * but reaches nothing) keeps the last rows: they stay persisted, or the next offline start would
 * find nothing where the last one showed them.
 */
export function shouldPersist(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  const head = query.queryKey[0];
  return (
    query.state.data !== undefined &&
    (query.state.status === 'success' || query.state.status === 'error') &&
    typeof head === 'string' &&
    (PERSISTED_KEYS as readonly string[]).includes(head)
  );
}

/**
 * What is written to IndexedDB: a query whose last refetch failed is stored as the success it last
 * was (its data and time), so a restored console shows the rows, not the failure of another session.
 */
export function serializeLastGood(client: PersistedClient): string {
  const queries = client.clientState.queries.map((q) =>
    q.state.status === 'error' && q.state.data !== undefined
      ? { ...q, state: { ...q.state, status: 'success' as const, error: null, fetchStatus: 'idle' as const } }
      : q,
  );
  // A change still on its way is stored as waiting, so the next start sends it again (the body's
  // request id makes a second arrival change nothing).
  const mutations = client.clientState.mutations.map((m) =>
    m.state.status === 'pending' && !m.state.isPaused ? { ...m, state: { ...m.state, isPaused: true } } : m,
  );
  return JSON.stringify({ ...client, clientState: { ...client.clientState, queries, mutations } });
}

/**
 * Alarm changes not yet answered: paused offline, or on their way when the page is reloaded or
 * closed (the console already shows them made). Only changes whose functions are registered by key
 * can resume after a reload; others would fail with "No mutationFn found", so they are not stored.
 */
// Structural: the persister's query-core copy and react-query's may differ by a patch version.
export function shouldPersistMutation(mutation: {
  state: { isPaused: boolean; status: string };
  options: { mutationKey?: readonly unknown[] };
}): boolean {
  return (mutation.state.isPaused || mutation.state.status === 'pending') && isAlarmMutation(mutation);
}

/** When this page started: data older than that came from IndexedDB, not from this session. */
const BOOT_AT = Date.now();

/**
 * After the cache is restored: send the changes made offline (once online), then mark everything
 * restored stale. Restored entries keep their old fetch time, so within staleTime (30 s) they
 * would pass for fresh and a reload right after a save would show the value from before it;
 * stale, they are shown at once and refetched when online.
 */
export async function resumeAfterRestore(client: QueryClient, bootAt = BOOT_AT): Promise<void> {
  await client.resumePausedMutations();
  await client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'alarm' || q.state.dataUpdatedAt < bootAt });
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
      serialize: serializeLastGood,
    }),
    buster: BUILD_ID,
    maxAge: DAY_MS,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersist, shouldDehydrateMutation: shouldPersistMutation },
  };
}
