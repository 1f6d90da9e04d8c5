import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { useState } from 'react';
import type { AlarmTimeline } from '../../../src/shared/alarms/api';
import { AlarmHistoryScreen } from '../../../src/client/features/alarms/AlarmHistoryScreen';
import { AlarmListScreen } from '../../../src/client/features/alarms/AlarmListScreen';
import { AlarmTimelineView } from '../../../src/client/features/alarms/AlarmTimelineView';
import { alarmKeys, LIVE_LIST_QUERY } from '../../../src/client/features/alarms/alarms.queries';
import type { ResourceSearch } from '../../../src/client/features/resources/search';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { mockApi, type Call } from '../devices/mockApi';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { alarm, alarmQueryClient } from './fixtures';

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

const ACK = '/api/device/alarm/ack';
const LIST = '/api/device/alarm/list';
const TIMELINE = '/api/device/alarm/timeline';
const sent = (calls: Call[], url: string) => calls.filter((c) => c.url === url).map((c) => c.body);
const settle = (ms = 100) => new Promise((r) => setTimeout(r, ms));

const timeline: AlarmTimeline = {
  policyName: '夜间升级',
  escalation: 'running',
  nextDueAt: '2026-11-20T08:40:00.000Z',
  entries: [
    { at: '2026-11-20T08:30:06.000Z', kind: 'raised' },
    {
      at: '2026-11-20T08:30:06.000Z',
      kind: 'notified',
      step: 0,
      channel: 'console',
      target: '值班员甲',
      outcome: 'sent',
    },
    {
      at: '2026-11-20T08:35:06.000Z',
      kind: 'notified',
      step: 1,
      channel: 'sms',
      target: '13900000001',
      outcome: 'failed',
      error: 'quota',
    },
    { at: '2026-11-20T08:36:00.000Z', kind: 'acknowledged', by: '李四' },
  ],
};

function History() {
  const [search, setSearch] = useState<ResourceSearch>({});
  return <AlarmHistoryScreen search={search} onSearchChange={setSearch} />;
}

describe('acknowledgement in the alarm lists and detail (docs/alarms.md#acknowledgement-and-escalation)', () => {
  let calls: Call[];
  beforeEach(() => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
  });
  afterEach(() => {
    onlineManager.setOnline(true);
    resetRequestDeps();
  });

  it('an acknowledgement made offline shows at once and reaches the service exactly once on reconnect', async () => {
    calls = mockApi({ [ACK]: { updated: 1, taken: [{ id: 1, ackedByName: demoUser.name, ackedAt: 'x' }] } });
    const client = alarmQueryClient();
    client.setQueryData(alarmKeys.list(LIVE_LIST_QUERY), {
      rows: [alarm(1), alarm(2, { type: 6, level: 2 })],
      total: 2,
    });
    onlineManager.setOnline(false);
    renderWithProviders(<AlarmListScreen />, { queryClient: client });
    const [critical, warning] = screen.getAllByTestId('alarm-card');
    // Only the critical alarm nobody took is offered "I'm on it".
    expect(within(warning!).queryByTestId('card-take')).toBeNull();
    expect(within(critical!).getByTestId('alarm-ack')).toHaveAttribute('data-state', 'raised');
    fireEvent.click(within(critical!).getByTestId('card-take'));

    await waitFor(() =>
      expect(within(screen.getAllByTestId('alarm-card')[0]!).getByTestId('alarm-ack')).toHaveTextContent(
        `已由 ${demoUser.name} 接手`,
      ),
    );
    expect(within(screen.getAllByTestId('alarm-card')[0]!).queryByTestId('card-take')).toBeNull();
    await settle();
    expect(sent(calls, ACK)).toHaveLength(0);

    onlineManager.setOnline(true);
    await waitFor(() => expect(sent(calls, ACK)).toHaveLength(1));
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await settle(300);
    expect(sent(calls, ACK)).toEqual([{ ids: [1], requestId: expect.stringMatching(/^[0-9a-f]{32}$/) }]);
  });

  it('the history shows who took a pending alarm and offers 我来处理 only on critical ones nobody took', async () => {
    calls = mockApi({
      [LIST]: {
        rows: [
          alarm(1, { read: 1 }),
          alarm(2, { ackedAt: '2026-11-20T08:36:00.000Z', ackedByName: '李四' }),
          alarm(3, { type: 6, level: 2 }),
        ],
        total: 3,
      },
      [ACK]: { updated: 1, taken: [{ id: 1, ackedByName: demoUser.name, ackedAt: 'x' }] },
    });
    renderWithProviders(<History />, { queryClient: alarmQueryClient() });
    const table = screen.getByTestId('data-table');
    await within(table).findByText('Helmet 1');
    expect(within(table).getByTestId('alarm-ack')).toHaveTextContent('已由 李四 接手');
    const rowOf = (name: string) => within(table).getByText(name).closest('tr')!;
    expect(within(rowOf('Helmet 2')).queryByTestId('row-alarmAck')).toBeNull();
    expect(within(rowOf('Helmet 3')).queryByTestId('row-alarmAck')).toBeNull();
    fireEvent.click(within(rowOf('Helmet 1')).getByTestId('row-alarmAck'));
    await waitFor(() => expect(sent(calls, ACK)).toHaveLength(1));
    expect(sent(calls, ACK)[0]).toMatchObject({ ids: [1] });
  });

  it("the history's detail drawer shows the alarm's timeline", async () => {
    calls = mockApi({ [LIST]: { rows: [alarm(1)], total: 1 }, [TIMELINE]: timeline });
    renderWithProviders(<History />, { queryClient: alarmQueryClient() });
    const table = screen.getByTestId('data-table');
    await within(table).findByText('Helmet 1');
    fireEvent.click(within(table).getByTestId('row-detail'));
    expect(await screen.findByTestId('alarm-timeline', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(sent(calls, TIMELINE)).toEqual([{ id: 1 }]);
  });

  it('the alarm detail renders the timeline: time, what happened, channel, whom, outcome, and the next step', async () => {
    calls = mockApi({ [TIMELINE]: timeline });
    renderWithProviders(<AlarmTimelineView id={7} />, { queryClient: alarmQueryClient() });
    const entries = await screen.findAllByTestId('alarm-timeline-entry');
    expect(sent(calls, TIMELINE)).toEqual([{ id: 7 }]);
    expect(entries.map((e) => e.getAttribute('data-kind'))).toEqual(['raised', 'notified', 'notified', 'acknowledged']);
    expect(entries[0]).toHaveTextContent('报警产生');
    expect(entries[1]).toHaveTextContent('第 1 步 · 控制台 · 值班员甲 · 已发送');
    expect(entries[2]).toHaveTextContent('第 2 步 · 短信 · 13900000001 · 失败 · quota');
    expect(entries[3]).toHaveTextContent('已接手');
    expect(entries[3]).toHaveTextContent('李四');
    expect(screen.getByTestId('alarm-timeline')).toHaveTextContent('夜间升级');
    expect(screen.getByTestId('alarm-escalation-running')).toHaveTextContent('升级进行中，下一步于');
  });
});
