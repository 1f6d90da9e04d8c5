import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CommandAck, RefreshAnswer } from '../../../src/shared/devices/api';
import { REFRESH_TIMEOUT_MS } from '../../../src/shared/devices/api';
import { RandomReloadScreen, applyAcks, countOf } from '../../../src/client/features/devices/RandomReloadScreen';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from './mockApi';

const A = '860000000000201';
const B = '860000000000202';
const C = '860000000000203';
const refresh: RefreshAnswer = {
  asked: [
    { id: 11, imei: A, name: 'Gas A', status: 3 },
    { id: 12, imei: B, name: 'Gas B', status: 3 },
  ],
  skipped: [{ imei: C, key: 'deviceOffline' }],
};
let acks: CommandAck[];
let calls: Call[];

beforeEach(() => {
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  acks = [
    { id: 11, imei: A, cmd: 'report', status: 3, ackOk: true, ackMsg: 'reported', ackAt: new Date().toISOString() },
    { id: 12, imei: B, cmd: 'report', status: 3, ackOk: null, ackMsg: null, ackAt: null },
  ];
  calls = mockApi({ '/api/device/command/refresh': refresh, '/api/device/command/acks': () => ({ rows: acks }) });
});
afterEach(() => resetRequestDeps());

describe('/randomReload', () => {
  it('asks for a confirmed random sample, then counts acks as they arrive', async () => {
    renderWithProviders(<RandomReloadScreen search={{}} onSearchChange={() => undefined} />);
    fireEvent.change(screen.getByTestId('refresh-size'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('refresh-sample'));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.url.endsWith('command/refresh'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '刷新' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/device/command/refresh')?.body).toEqual({ sample: 2 }),
    );
    await screen.findByTestId('refresh-report');
    expect(screen.getByTestId('refresh-asked')).toHaveTextContent('2');
    expect(screen.getByTestId('refresh-skipped')).toHaveTextContent('1');
    await waitFor(() => expect(screen.getByTestId('refresh-acked')).toHaveTextContent('1'), { timeout: 3000 });
    expect(calls.find((c) => c.url === '/api/device/command/acks')!.body).toEqual({ ids: [11, 12] });
    expect(screen.getByTestId('refresh-report').dataset.done).toBe('false');
    acks = [
      acks[0]!,
      { id: 12, imei: B, cmd: 'report', status: 4, ackOk: false, ackMsg: 'busy', ackAt: new Date().toISOString() },
    ];
    await waitFor(() => expect(screen.getByTestId('refresh-report').dataset.done).toBe('true'), { timeout: 3000 });
    expect(screen.getByTestId('refresh-failed')).toHaveTextContent('1');
    // Only the outstanding command was asked about the second time.
    expect(calls.filter((c) => c.url === '/api/device/command/acks').at(-1)!.body).toEqual({ ids: [12] });
  });

  it('an invalid size cannot start a run', () => {
    renderWithProviders(<RandomReloadScreen search={{}} onSearchChange={() => undefined} />);
    fireEvent.change(screen.getByTestId('refresh-size'), { target: { value: '501' } });
    expect(screen.getByTestId('refresh-sample')).toBeDisabled();
  });
});

describe('applyAcks', () => {
  it('what is still unanswered after the timeout has timed out; skipped ones stay skipped', () => {
    const run = {
      startedAt: 0,
      done: false,
      items: [
        { imei: A, name: null, id: 1, outcome: 'pending' as const },
        { imei: C, name: null, outcome: 'skipped' as const },
      ],
    };
    const early = applyAcks(run, [], REFRESH_TIMEOUT_MS - 1);
    expect(countOf(early, 'pending')).toBe(1);
    expect(early.done).toBe(false);
    const late = applyAcks(run, [], REFRESH_TIMEOUT_MS);
    expect(countOf(late, 'timedOut')).toBe(1);
    expect(countOf(late, 'skipped')).toBe(1);
    expect(late.done).toBe(true);
  });
});
