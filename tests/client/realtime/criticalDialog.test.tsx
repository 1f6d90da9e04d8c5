import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { registerAlarmMutations } from '../../../src/client/features/alarms/alarmMutations';
import { escalationSummary } from '../../../src/client/features/realtime/CriticalAlarmDialog';
import { resetRequestDeps } from '../../../src/client/lib/request';
import type { AlarmTimeline } from '../../../src/shared/alarms/api';
import { mockApi, type Call } from '../devices/mockApi';
import { demoUser } from '../fixtures';
import { alarm, settle } from '../live/fakeMqtt';
import { renderShell } from './harness';

type Shell = Awaited<ReturnType<typeof renderShell>>;

const ACK = '/api/device/alarm/ack';
const TIMELINE = '/api/device/alarm/timeline';

/** Two console steps fired (the second told the staff on duty), the third is due. */
const escalating: AlarmTimeline = {
  policyName: '紧急报警',
  escalation: 'running',
  nextDueAt: '2026-03-01T08:02:00.000Z',
  entries: [
    { at: '2026-03-01T08:00:00.000Z', kind: 'raised' },
    { at: '2026-03-01T08:00:30.000Z', kind: 'notified', step: 0, channel: 'console', target: '王五', outcome: 'sent' },
    {
      at: '2026-03-01T08:01:30.000Z',
      kind: 'notified',
      step: 1,
      channel: 'console',
      target: '值班人员',
      outcome: 'sent',
    },
    { at: '2026-03-01T08:01:30.000Z', kind: 'notified', step: 1, channel: 'sms', target: '值班人员', outcome: 'sent' },
  ],
};

async function flush(): Promise<void> {
  for (let i = 0; i < 4; i++) await act(settle);
}

describe('critical alarms: a dialog for what was missed, a toast with 我来处理 live (docs/alarms.md#acknowledgement-and-escalation)', () => {
  let shell: Shell;
  let calls: Call[];
  const api = (timeline: AlarmTimeline | null = null) => {
    calls = mockApi({
      [ACK]: (body: unknown) => ({
        updated: 1,
        taken: (body as { ids: number[] }).ids.map((id) => ({ id, ackedByName: demoUser.name, ackedAt: 'x' })),
      }),
      [TIMELINE]: timeline,
    });
  };
  const start = async (user = demoUser) => {
    shell = await renderShell(user);
    registerAlarmMutations(shell.queryClient);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    api();
  });
  afterEach(() => {
    shell.cleanup();
    act(() => notifications.clean());
    resetRequestDeps();
    vi.useRealTimers();
  });

  /** The alarms come with the catch-up after a reconnect, as an operator whose network dropped gets them. */
  const reconnectWith = async (alarms: unknown[]) => {
    shell.fetchSince.mockResolvedValue(alarms as never);
    act(() => shell.mqtt.drop());
    act(() => void vi.advanceTimersByTime(1000));
    act(() => shell.mqtt.open());
    await flush();
  };

  it('a fall missed while offline opens the dialog titled with its type, rings, and 我来处理 takes it', async () => {
    await start();
    await reconnectWith([
      alarm({ id: 501, type: 13, deviceName: '安全帽 5', personName: '赵六', createdAt: '2099-03-01T08:00:00.000Z' }),
    ]);
    const dialog = screen.getByTestId('critical-dialog');
    expect(dialog.dataset.type).toBe('13');
    expect(screen.getByTestId('critical-title')).toHaveTextContent('跌倒告警');
    expect(screen.getByTestId('critical-device')).toHaveTextContent('安全帽 5');
    expect(screen.getByTestId('critical-person')).toHaveTextContent('赵六');
    expect(screen.queryByTestId('sos-dialog')).toBeNull();
    expect(shell.sounds.ring).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('critical-ack'));
    await flush();
    expect(calls.filter((c) => c.url === ACK).map((c) => c.body)).toEqual([
      { ids: [501], requestId: expect.stringMatching(/^[0-9a-f]{32}$/) },
    ]);
    expect(shell.stopRing).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('critical-taken')).toHaveTextContent(`已由 ${demoUser.name} 接手`);
  });

  it('a live fall keeps its toast with 我来处理 and opens no dialog over the screen', async () => {
    await start();
    await shell.push({ code: '9001', alarm: alarm({ id: 505, type: 13 }) });
    expect(within(screen.getAllByTestId('alarm-notification')[0]!).getByTestId('alarm-notification-ack')).toBeVisible();
    expect(screen.queryByTestId('critical-dialog')).toBeNull();
    expect(shell.sounds.ring).not.toHaveBeenCalled();
  });

  it('a warning opens no dialog; an SOS keeps its own dialog and test ids', async () => {
    await start();
    await shell.push({ code: '9001', alarm: alarm({ id: 502, type: 6, level: 2 }) });
    expect(screen.queryByTestId('critical-dialog')).toBeNull();
    expect(shell.sounds.ring).not.toHaveBeenCalled();
    await shell.push({
      code: '9003',
      name: '王五',
      building: '3栋',
      unit: '1单元',
      roomNo: '1201',
      userPhone: '139',
      imei: '860000000000001',
      alarmId: 503,
    });
    expect(screen.getByTestId('sos-title')).toHaveTextContent('SOS紧急求救');
    expect(screen.getByTestId('sos-name')).toHaveTextContent('王五');
    expect(screen.getByTestId('sos-ack')).toBeInTheDocument();
  });

  it('on reconnect every missed critical alarm nobody took opens the dialog, once; a taken one does not', async () => {
    await start();
    shell.fetchSince.mockResolvedValue([
      alarm({ id: 511, type: 8, title: '烟雾告警', createdAt: '2099-03-01T08:00:00.000Z' }),
      alarm({ id: 512, type: 14, createdAt: '2099-03-01T08:00:01.000Z', ackedAt: 'x', ackedByName: '李四' }),
      alarm({ id: 513, type: 6, level: 2, createdAt: '2099-03-01T08:00:02.000Z' }),
      // A lesser type a company's policy escalates.
      {
        ...alarm({ id: 514, type: 6, level: 2, createdAt: '2099-03-01T08:00:03.000Z' }),
        context: { escalated: true },
      },
    ] as never);
    for (let i = 0; i < 2; i++) {
      act(() => shell.mqtt.drop());
      act(() => void vi.advanceTimersByTime(1000));
      act(() => shell.mqtt.open());
      await flush();
    }
    expect(shell.fetchSince).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('critical-title')).toHaveTextContent('烟雾告警');
    expect(screen.getByTestId('critical-waiting')).toHaveTextContent('还有 1 条');
    fireEvent.click(screen.getByTestId('critical-close'));
    expect(screen.getByTestId('critical-dialog').dataset.type).toBe('6');
    fireEvent.click(screen.getByTestId('critical-close'));
    await flush();
    expect(screen.queryByTestId('critical-dialog')).toBeNull();
  });

  it('the dialog says how far the escalation went and reads it again when a step repeats the alarm', async () => {
    api(escalating);
    await start();
    const fall = alarm({ id: 521, type: 13, createdAt: '2099-03-01T08:00:00.000Z' });
    await reconnectWith([fall]);
    act(() => void vi.advanceTimersByTime(10));
    await flush();
    const line = screen.getByTestId('critical-escalation');
    expect(line).toHaveTextContent('已升级：第 2 步，已通知 值班人员');
    expect(line).toHaveTextContent('下一步于');
    expect(line.dataset.steps).toBe('2');
    expect(calls.filter((c) => c.url === TIMELINE).map((c) => c.body)).toEqual([{ id: 521 }]);
    act(() => void vi.advanceTimersByTime(30_000));
    await shell.push({ code: '9001', alarm: fall });
    await flush();
    expect(calls.filter((c) => c.url === TIMELINE)).toHaveLength(2);
    expect(shell.sounds.ring).toHaveBeenCalledTimes(2);
    expect(screen.getAllByTestId('critical-dialog')).toHaveLength(1);
  });

  it('a critical toast has 我来处理: it acknowledges the alarm and the toast goes', async () => {
    await start();
    await shell.push({ code: '9001', alarm: alarm({ id: 531, type: 8 }) });
    const toast = screen.getAllByTestId('alarm-notification')[0]!;
    fireEvent.click(within(toast).getByTestId('alarm-notification-ack'));
    await flush();
    expect(calls.filter((c) => c.url === ACK).map((c) => c.body)).toEqual([
      { ids: [531], requestId: expect.stringMatching(/^[0-9a-f]{32}$/) },
    ]);
    // Taking it is not opening the log.
    expect(shell.navigate).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.queryAllByTestId('alarm-notification-ack')).toHaveLength(0);
  });

  it('a visitor gets the toast and the dialog, never 我来处理', async () => {
    await start({ ...demoUser, kind: 'visitor', marks: [] });
    await shell.push({ code: '9001', alarm: alarm({ id: 541, type: 28 }) });
    expect(screen.getAllByTestId('alarm-notification')).toHaveLength(1);
    expect(screen.queryByTestId('alarm-notification-ack')).toBeNull();
    await reconnectWith([alarm({ id: 542, type: 28, createdAt: '2099-03-01T08:00:00.000Z' })]);
    expect(screen.getByTestId('critical-title')).toHaveTextContent('断电告警');
    expect(screen.queryByTestId('critical-ack')).toBeNull();
  });

  it('escalationSummary counts the steps fired and names whom the last one told', () => {
    expect(escalationSummary(escalating)).toEqual({
      steps: 2,
      told: '值班人员',
      nextDueAt: '2026-03-01T08:02:00.000Z',
    });
    expect(escalationSummary({ ...escalating, escalation: 'acknowledged', entries: [] })).toEqual({
      steps: 0,
      told: '',
      nextDueAt: null,
    });
  });
});
