import { afterEach, describe, expect, it } from 'vitest';
import { onlineManager, type Query } from '@tanstack/react-query';
import { alarmListQuery, LIVE_LIST_QUERY } from '../../../src/client/features/alarms/alarms.queries';
import { deviceKeys } from '../../../src/client/features/devices/devices.queries';
import { resourceKeys } from '../../../src/client/features/resources/resources.queries';
import { navKeys } from '../../../src/client/lib/nav.queries';
import { createQueryClient, PERSISTED_KEYS, resumeAfterRestore, shouldPersist, shouldPersistMutation } from '../../../src/client/lib/queryClient';

const query = (queryKey: readonly unknown[], status: 'success' | 'error' | 'pending' = 'success') =>
  ({ queryKey, state: { status } }) as unknown as Pick<Query, 'queryKey' | 'state'>;
const page = { page: 1, size: 20 };

describe('persisted query cache', () => {
  it('keeps device lists and details, alarm lists and the navigation, by the keys the screens really use', () => {
    expect(PERSISTED_KEYS).toEqual(['device', 'alarm', 'nav']);
    expect(shouldPersist(query(resourceKeys.list('device', page)))).toBe(true);
    expect(shouldPersist(query(deviceKeys.detail('860100000000001')))).toBe(true);
    expect(shouldPersist(query(alarmListQuery(LIVE_LIST_QUERY).queryKey))).toBe(true);
    expect(shouldPersist(query(navKeys.tree(7)))).toBe(true);
  });

  it('leaves out other resources, failed and unfinished queries', () => {
    expect(shouldPersist(query(resourceKeys.list('user', page)))).toBe(false);
    expect(shouldPersist(query(resourceKeys.list('devices', page)))).toBe(false);
    expect(shouldPersist(query(resourceKeys.list('device', page), 'error'))).toBe(false);
    expect(shouldPersist(query(resourceKeys.list('alarm', page), 'pending'))).toBe(false);
  });

  it('stores only paused alarm changes (the ones that can resume after a reload)', () => {
    const m = (mutationKey: readonly unknown[], isPaused: boolean) => ({ options: { mutationKey }, state: { isPaused } });
    expect(shouldPersistMutation(m(['alarm', 'read'], true))).toBe(true);
    expect(shouldPersistMutation(m(['alarm', 'handle'], true))).toBe(true);
    expect(shouldPersistMutation(m(['alarm', 'handle'], false))).toBe(false);
    expect(shouldPersistMutation(m(['device', 'recycle'], true))).toBe(false);
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
