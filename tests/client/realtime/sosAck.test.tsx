import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { registerAlarmMutations } from '../../../src/client/features/alarms/alarmMutations';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { mockApi, type Call } from '../devices/mockApi';
import { demoUser } from '../fixtures';
import { alarm, settle } from '../live/fakeMqtt';
import { IMEI, renderShell } from './harness';

type Shell = Awaited<ReturnType<typeof renderShell>>;

const ACK = '/api/device/alarm/ack';
const ACKED_AT = '2026-11-27T06:00:00.000Z';

const sos = (alarmId: number) => ({
  code: '9003',
  name: '王五',
  building: '3栋',
  unit: '1单元',
  roomNo: '1201',
  userPhone: '13900000001',
  imei: IMEI,
  alarmId,
});

/** Lets the queued acknowledgement and its answer run through (fake timers hold no promise back). */
async function flush(): Promise<void> {
  for (let i = 0; i < 4; i++) await act(settle);
}

describe('acknowledging a critical alarm from the SOS dialog (docs/alarms.md#acknowledgement-and-escalation)', () => {
  let shell: Shell;
  let calls: Call[];
  const answerWith = (ackedByName: string) => {
    calls = mockApi({
      [ACK]: (body: unknown) => ({
        updated: ackedByName === demoUser.name ? 1 : 0,
        taken: (body as { ids: number[] }).ids.map((id) => ({ id, ackedByName, ackedAt: ACKED_AT })),
      }),
    });
  };

  beforeEach(async () => {
    vi.useFakeTimers();
    shell = await renderShell();
    registerAlarmMutations(shell.queryClient);
  });
  afterEach(() => {
    shell.cleanup();
    act(() => notifications.clean());
    resetRequestDeps();
    vi.useRealTimers();
  });

  it('我来处理 calls alarm/ack, stops the ring and shows 已由 … 接手 instead of the button', async () => {
    answerWith(demoUser.name);
    await shell.push(sos(41));
    expect(shell.sounds.ring).toHaveBeenCalledTimes(1);
    expect(shell.stopRing).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('sos-ack'));
    await flush();
    expect(calls.filter((c) => c.url === ACK).map((c) => c.body)).toEqual([
      { ids: [41], requestId: expect.stringMatching(/^[0-9a-f]{32}$/) },
    ]);
    expect(shell.stopRing).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('sos-taken')).toHaveTextContent(`已由 ${demoUser.name} 接手`);
    expect(screen.queryByTestId('sos-ack')).toBeNull();
  });

  it('when the answer says another operator took it first, the dialog names them', async () => {
    answerWith('李四');
    await shell.push(sos(42));
    fireEvent.click(screen.getByTestId('sos-ack'));
    await flush();
    expect(screen.getByTestId('sos-taken')).toHaveTextContent('已由 李四 接手');
  });

  it('a 9002 with ackedAt from any console stops the ring; a repeat of that alarm then neither rings nor queues', async () => {
    answerWith('李四');
    await shell.push(sos(43));
    expect(shell.sounds.ring).toHaveBeenCalledTimes(1);
    await shell.push({ code: '9002', ids: [43], read: 1, ackedAt: ACKED_AT, ackedByName: '李四' });
    expect(shell.stopRing).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('sos-taken')).toHaveTextContent('已由 李四 接手');
    expect(screen.queryByTestId('sos-ack')).toBeNull();

    await shell.push(sos(43));
    await shell.push({ code: '9001', alarm: alarm({ id: 43, type: 15 }) });
    expect(shell.sounds.ring).toHaveBeenCalledTimes(1);
    expect(shell.sounds.alert).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('sos-waiting')).toBeNull();
    expect(calls.filter((c) => c.url === ACK)).toHaveLength(0);
  });

  it('an escalation repeat of an SOS nobody took rings again without a second entry', async () => {
    answerWith('李四');
    await shell.push(sos(44));
    await shell.push(sos(44));
    expect(shell.sounds.ring).toHaveBeenCalledTimes(2);
    expect(shell.sounds.alert).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('sos-waiting')).toBeNull();
    expect(screen.getByTestId('sos-ack')).toBeInTheDocument();
  });

  it('an escalation repeat of a critical record (9001, same id) rings again on its one toast', async () => {
    answerWith('李四');
    const record = alarm({ type: 13, level: 3, deviceName: '安全帽 9' });
    await shell.push({ code: '9001', alarm: record });
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    await shell.push({ code: '9001', alarm: record });
    act(() => {
      vi.advanceTimersByTime(10);
    });
    expect(shell.sounds.alert).toHaveBeenCalledTimes(2);
    expect(screen.getAllByTestId('alarm-notification')).toHaveLength(1);
    // Acknowledged meanwhile: the next repeat stays silent.
    await shell.push({ code: '9002', ids: [record.id], read: 1, ackedAt: ACKED_AT, ackedByName: '李四' });
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    await shell.push({ code: '9001', alarm: record });
    expect(shell.sounds.alert).toHaveBeenCalledTimes(2);
  });
});
