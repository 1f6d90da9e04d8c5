import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MutationObserver, dehydrate, hydrate, onlineManager } from '@tanstack/react-query';
import { AlarmListScreen } from '../../../src/client/features/alarms/AlarmListScreen';
import {
  alarmMutationKeys,
  type AlarmHandleVars,
  type AlarmReadVars,
} from '../../../src/client/features/alarms/alarmMutations';
import { alarmKeys, LIVE_LIST_QUERY } from '../../../src/client/features/alarms/alarms.queries';
import { createQueryClient, persistOptions, resumeAfterRestore } from '../../../src/client/lib/queryClient';
import { configureRequest, resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { mockApi, type Call } from '../devices/mockApi';
import { demoUser, envelope } from '../fixtures';
import { renderWithProviders } from '../render';
import { alarm, alarmQueryClient } from './fixtures';

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

const READ = '/api/device/alarm/read';
const HANDLE = '/api/device/alarm/handle';
const sent = (calls: Call[], url: string) =>
  calls.filter((c) => c.url === url).map((c) => c.body as Record<string, unknown>);
const settle = (ms = 100) => new Promise((r) => setTimeout(r, ms));

describe('offline read and handle', () => {
  let calls: Call[];
  beforeEach(() => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    calls = mockApi({});
  });
  afterEach(() => {
    onlineManager.setOnline(true);
    resetRequestDeps();
  });

  it('changes made offline show at once, wait, and reach the service exactly once when back online, in order', async () => {
    const client = alarmQueryClient();
    // What the persisted cache holds when the console opens without a network.
    client.setQueryData(alarmKeys.list(LIVE_LIST_QUERY), { rows: [alarm(1), alarm(2)], total: 2 });
    onlineManager.setOnline(false);
    renderWithProviders(<AlarmListScreen />, { queryClient: client });
    expect(screen.getAllByTestId('alarm-card')).toHaveLength(2);

    fireEvent.click(within(screen.getAllByTestId('alarm-card')[0]!).getByTestId('card-read'));
    fireEvent.click(within(screen.getAllByTestId('alarm-card')[1]!).getByTestId('card-handle'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('已处理'));
    fireEvent.click(within(dialog).getByTestId('handle-submit'));

    // Optimistic: alarm 1 reads as read, alarm 2 left the list of unhandled ones.
    await waitFor(() => expect(screen.getAllByTestId('alarm-card')).toHaveLength(1));
    expect(screen.getByTestId('alarm-card')).toHaveAttribute('data-read', 'yes');
    expect(screen.getByTestId('alarm-live-total')).toHaveTextContent('1');
    await settle();
    expect(sent(calls, READ)).toHaveLength(0);
    expect(sent(calls, HANDLE)).toHaveLength(0);
    const paused = client.getMutationCache().getAll();
    expect(paused.map((m) => m.state.isPaused)).toEqual([true, true]);

    onlineManager.setOnline(true);
    await waitFor(() => expect(sent(calls, HANDLE)).toHaveLength(1));
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await settle(300);
    expect(sent(calls, READ)).toEqual([{ ids: [1], requestId: expect.stringMatching(/^[0-9a-f]{32}$/) }]);
    expect(sent(calls, HANDLE)).toEqual([{ ids: [2], state: 1, requestId: expect.stringMatching(/^[0-9a-f]{32}$/) }]);
    const order = calls.map((c) => c.url).filter((u) => u === READ || u === HANDLE);
    expect(order).toEqual([READ, HANDLE]);
    // Once both are through, the lists are fetched again.
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/device/alarm/list').length).toBeGreaterThan(0));
  });

  it('a change paused before a reload is persisted, restored and sent once with the same request id', async () => {
    const before = alarmQueryClient();
    onlineManager.setOnline(false);
    const requestId = 'a'.repeat(32);
    void new MutationObserver<unknown, Error, AlarmHandleVars>(before, { mutationKey: alarmMutationKeys.handle() })
      .mutate({ ids: [5], state: 2, note: '误触', requestId })
      .catch(() => undefined);
    // A paused change without registered functions cannot resume after a reload, so it is not stored.
    void new MutationObserver<unknown, Error, object>(before, {
      mutationKey: ['device', 'recycle'],
      mutationFn: async () => null,
    })
      .mutate({})
      .catch(() => undefined);
    await settle();

    // The persister's own options decide what is stored (its query-core copy may differ by a patch version).
    const { shouldDehydrateMutation } = persistOptions().dehydrateOptions!;
    const stored = JSON.parse(
      JSON.stringify(dehydrate(before, { shouldDehydrateMutation: (m) => shouldDehydrateMutation!(m as never) })),
    );
    expect(stored.mutations).toHaveLength(1);
    expect(sent(calls, HANDLE)).toHaveLength(0);

    // The reloaded console: a fresh client (defaults registered by createQueryClient), back online.
    const after = createQueryClient();
    hydrate(after, stored);
    onlineManager.setOnline(true);
    await resumeAfterRestore(after);
    await settle();
    expect(sent(calls, HANDLE)).toEqual([{ ids: [5], state: 2, note: '误触', requestId }]);
    expect(
      after
        .getMutationCache()
        .getAll()
        .every((m) => m.state.status === 'success'),
    ).toBe(true);
  });

  it('a dropped connection is retried with the same request id', async () => {
    const client = alarmQueryClient();
    const bodies: unknown[] = [];
    let failures = 1;
    configureRequest({
      notify: () => undefined,
      fetch: (async (_url: string, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        if (failures-- > 0) throw new TypeError('Failed to fetch');
        return envelope({ code: 0, msg: 'ok', data: null });
      }) as unknown as typeof fetch,
    });
    const done = new MutationObserver<unknown, Error, AlarmReadVars>(client, {
      mutationKey: alarmMutationKeys.read(),
    }).mutate({ ids: [3], requestId: 'b'.repeat(32) });
    await done;
    expect(bodies).toEqual([
      { ids: [3], requestId: 'b'.repeat(32) },
      { ids: [3], requestId: 'b'.repeat(32) },
    ]);
  });
});
