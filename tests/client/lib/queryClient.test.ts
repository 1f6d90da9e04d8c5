import { afterEach, describe, expect, it, vi } from 'vitest';
import { dehydrate, hydrate, onlineManager, type Query, type QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { alarmListQuery, LIVE_LIST_QUERY } from '../../../src/client/features/alarms/alarms.queries';
import { deviceKeys } from '../../../src/client/features/devices/devices.queries';
import { resourceKeys } from '../../../src/client/features/resources/resources.queries';
import { navKeys } from '../../../src/client/lib/nav.queries';
import {
  createQueryClient,
  PERSISTED_KEYS,
  resumeAfterRestore,
  serializeLastGood,
  shouldPersist,
  shouldPersistMutation,
} from '../../../src/client/lib/queryClient';

const persistedOf = (client: QueryClient): PersistedClient => ({
  timestamp: Date.now(),
  buster: 'test',
  clientState: dehydrate(client, { shouldDehydrateQuery: shouldPersist }),
});

const query = (
  queryKey: readonly unknown[],
  status: 'success' | 'error' | 'pending' = 'success',
  data: unknown = status === 'success' ? { rows: [] } : undefined,
) => ({ queryKey, state: { status, data } }) as unknown as Pick<Query, 'queryKey' | 'state'>;
const page = { page: 1, size: 20 };

describe('persisted query cache', () => {
  it('keeps device lists and details, alarm lists and the navigation, by the keys the screens really use', () => {
    expect(PERSISTED_KEYS).toEqual(['device', 'alarm', 'nav']);
    expect(shouldPersist(query(resourceKeys.list('device', page)))).toBe(true);
    expect(shouldPersist(query(deviceKeys.detail('860100000000001')))).toBe(true);
    expect(shouldPersist(query(alarmListQuery(LIVE_LIST_QUERY).queryKey))).toBe(true);
    expect(shouldPersist(query(navKeys.tree(7)))).toBe(true);
  });

  it('leaves out other resources, failures with nothing to show and unfinished queries', () => {
    expect(shouldPersist(query(resourceKeys.list('user', page)))).toBe(false);
    expect(shouldPersist(query(resourceKeys.list('devices', page)))).toBe(false);
    expect(shouldPersist(query(resourceKeys.list('device', page), 'error'))).toBe(false);
    expect(shouldPersist(query(resourceKeys.list('alarm', page), 'pending'))).toBe(false);
  });

  it('keeps the last rows of a list whose refetch failed, written as the success they were', async () => {
    const client = createQueryClient();
    const key = resourceKeys.list('device', page);
    client.setQueryData(key, { rows: [{ imei: '860100000000001' }], total: 1 }, { updatedAt: 1_000 });
    // A site network that is up but reaches nothing: the refetch fails, the rows stay.
    await client
      .fetchQuery({ queryKey: key, queryFn: () => Promise.reject(new TypeError('Failed to fetch')), staleTime: 0 })
      .catch(() => undefined);
    const failed = client.getQueryCache().find({ queryKey: key })!;
    expect(failed.state.status).toBe('error');
    expect(shouldPersist(failed)).toBe(true);

    const written = JSON.parse(serializeLastGood(persistedOf(client))) as PersistedClient;
    const stored = written.clientState.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key))!;
    expect(stored.state).toMatchObject({
      status: 'success',
      error: null,
      fetchStatus: 'idle',
      data: { rows: [{ imei: '860100000000001' }], total: 1 },
      dataUpdatedAt: 1_000,
    });

    // Restored into a new console, it is shown as data, not as the other session's failure.
    const next = createQueryClient();
    hydrate(next, written.clientState);
    expect(next.getQueryState(key)).toMatchObject({ status: 'success', data: { total: 1 } });
  });

  it('stores alarm changes not yet answered (paused, or on their way), the ones that can resume after a reload', () => {
    const m = (mutationKey: readonly unknown[], isPaused: boolean, status = 'pending') => ({
      options: { mutationKey },
      state: { isPaused, status },
    });
    expect(shouldPersistMutation(m(['alarm', 'read'], true))).toBe(true);
    expect(shouldPersistMutation(m(['alarm', 'handle'], true))).toBe(true);
    expect(shouldPersistMutation(m(['alarm', 'handle'], false))).toBe(true);
    expect(shouldPersistMutation(m(['alarm', 'handle'], false, 'success'))).toBe(false);
    expect(shouldPersistMutation(m(['alarm', 'ack'], false, 'error'))).toBe(false);
    expect(shouldPersistMutation(m(['device', 'recycle'], true))).toBe(false);
  });

  it('a handle still on its way when the page goes is sent again, once, at the next start', async () => {
    const sent: unknown[] = [];
    let answer: (v: unknown) => void = () => {};
    const client = createQueryClient();
    client.setMutationDefaults(['alarm', 'handle'], {
      mutationFn: (vars: unknown) => {
        sent.push(vars);
        return new Promise((resolve) => (answer = resolve));
      },
    });
    const vars = { ids: [7], state: 1, requestId: 'a'.repeat(32) };
    void client
      .getMutationCache()
      .build(client, { mutationKey: ['alarm', 'handle'] })
      .execute(vars);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const written = JSON.parse(
      serializeLastGood({
        timestamp: Date.now(),
        buster: 'test',
        clientState: dehydrate(client, { shouldDehydrateMutation: shouldPersistMutation }),
      }),
    ) as PersistedClient;
    expect(written.clientState.mutations).toHaveLength(1);
    answer({});

    // The next start: its own client, the change restored and resumed.
    const next = createQueryClient();
    const resent: unknown[] = [];
    next.setMutationDefaults(['alarm', 'handle'], {
      mutationFn: (v: unknown) => {
        resent.push(v);
        return Promise.resolve({});
      },
    });
    hydrate(next, written.clientState);
    await next.resumePausedMutations();
    expect(resent).toEqual([vars]);
    expect(next.getMutationCache().getAll()[0]!.state.status).toBe('success');
  });
});

describe('startup without a network', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'onLine');
    onlineManager.setOnline(true);
  });

  it('starts offline when the browser says so, so stored changes wait instead of failing', () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    createQueryClient();
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('leaves the manager online otherwise', () => {
    createQueryClient();
    expect(onlineManager.isOnline()).toBe(true);
  });
});

describe('restore', () => {
  it('marks restored entries stale (they may predate a change made just before a reload), not the ones fetched since', async () => {
    const client = createQueryClient();
    const bootAt = Date.now();
    client.setQueryData(['device', 'settings', '1'], { welcome: 'old' }, { updatedAt: bootAt - 5_000 });
    client.setQueryData(['device', 'detail', '1'], { state: 1 }, { updatedAt: bootAt + 1 });
    await resumeAfterRestore(client, bootAt);
    expect(client.getQueryState(['device', 'settings', '1'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['device', 'detail', '1'])?.isInvalidated).toBe(false);
  });
});
