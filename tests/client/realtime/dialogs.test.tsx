import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { alarm, settle } from '../live/fakeMqtt';
import { IMEI, advance, renderShell } from './harness';

type Shell = Awaited<ReturnType<typeof renderShell>>;

const sos = (name: string, imei = IMEI) => ({
  code: '9003',
  name,
  building: '3栋',
  unit: '1单元',
  roomNo: '1201',
  userPhone: '13900000001',
  imei,
});

describe('SOS and card dialogs, alarm notifications', () => {
  let shell: Shell;
  beforeEach(async () => {
    vi.useFakeTimers();
    shell = await renderShell();
  });
  afterEach(() => {
    shell.cleanup();
    act(() => notifications.clean());
    vi.useRealTimers();
  });

  it('an SOS opens SOS紧急求救 with the caller, and the device button opens its detail', async () => {
    await shell.push(sos('王五'));
    expect(screen.getByText('SOS紧急求救')).toBeInTheDocument();
    expect(screen.getByTestId('sos-name')).toHaveTextContent('王五');
    expect(screen.getByTestId('sos-building')).toHaveTextContent('3栋');
    expect(screen.getByTestId('sos-unit')).toHaveTextContent('1单元');
    expect(screen.getByTestId('sos-roomNo')).toHaveTextContent('1201');
    expect(screen.getByTestId('sos-userPhone')).toHaveTextContent('13900000001');
    expect(screen.getByTestId('sos-imei')).toHaveTextContent(IMEI);
    expect(shell.sounds.alert).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('sos-open-device'));
    expect(shell.navigate).toHaveBeenCalledWith(`/map/DeviceDtail?imei=${IMEI}`);
    advance(500);
    expect(screen.queryByTestId('sos-name')).toBeNull();
  });

  it('SOS arriving while one is open queue behind it; closing shows the next', async () => {
    await shell.push(sos('王五'));
    await shell.push(sos('赵六', '860000000000002'));
    expect(screen.getByTestId('sos-name')).toHaveTextContent('王五');
    expect(screen.getByTestId('sos-waiting')).toHaveTextContent('还有 1 条');
    fireEvent.click(screen.getByTestId('sos-close'));
    expect(screen.getByTestId('sos-name')).toHaveTextContent('赵六');
    expect(screen.queryByTestId('sos-waiting')).toBeNull();
    fireEvent.click(screen.getByTestId('sos-close'));
    advance(500);
    expect(screen.queryByTestId('sos-name')).toBeNull();
  });

  it("a reminder listing the SOS still open queues each once, the dialog's head first", async () => {
    const open = [
      { ...sos('孙七', '860000000000003'), alarmId: 73 },
      { ...sos('王五'), alarmId: 71 },
      { ...sos('赵六', '860000000000002'), alarmId: 72 },
    ].map(({ code: _code, ...item }) => item);
    await shell.push({ ...sos('王五'), alarmId: 71 });
    await shell.push({ ...sos('孙七', '860000000000003'), alarmId: 73, openCount: 3, open });
    expect(screen.getByTestId('sos-name')).toHaveTextContent('王五');
    expect(screen.getByTestId('sos-waiting')).toHaveTextContent('还有 2 条');
    // The same reminder again adds nothing.
    await shell.push({ ...sos('孙七', '860000000000003'), alarmId: 73, openCount: 3, open });
    expect(screen.getByTestId('sos-waiting')).toHaveTextContent('还有 2 条');
    fireEvent.click(screen.getByTestId('sos-close'));
    expect(screen.getByTestId('sos-name')).toHaveTextContent('孙七');
    fireEvent.click(screen.getByTestId('sos-close'));
    expect(screen.getByTestId('sos-name')).toHaveTextContent('赵六');
  });

  it('a card-issued notice opens 消息提示 with the card and the device', async () => {
    await shell.push({ code: '5084', cardInfo: 'IC 00A1', imei: IMEI });
    expect(screen.getByText('消息提示')).toBeInTheDocument();
    expect(screen.getByTestId('card-info')).toHaveTextContent('IC 00A1');
    expect(screen.getByTestId('card-imei')).toHaveTextContent(IMEI);
    fireEvent.click(screen.getByTestId('card-close'));
    advance(500);
    expect(screen.queryByTestId('card-info')).toBeNull();
  });

  it('a new warning or critical alarm toasts its translated type and device with a sound; clicking opens the alarm log', async () => {
    await shell.push({ code: '9001', alarm: alarm({ id: 900, type: 13, level: 3, deviceName: '安全帽 9' }) });
    await shell.push({ code: '9001', alarm: alarm({ id: 901, type: 1, level: 1 }) });
    await shell.push({ code: '9001', alarm: alarm({ id: 902, type: 6, level: 2, read: 1 }) });
    advance(10);
    const shown = screen.getAllByTestId('alarm-notification');
    expect(shown).toHaveLength(1);
    expect(shown[0]).toHaveTextContent('跌倒告警 · 安全帽 9');
    expect(shell.sounds.alert).toHaveBeenCalledTimes(1);
    fireEvent.click(shown[0]!);
    expect(shell.navigate).toHaveBeenCalledWith('/AlarmHistory');
  });

  it('more than three missed alarms after a reconnect give one summary', async () => {
    shell.fetchSince.mockResolvedValueOnce(
      [1, 2, 3, 4].map((i) => alarm({ id: 950 + i, level: 2, createdAt: `2026-03-01T10:0${i}:00.000Z` })),
    );
    act(() => shell.mqtt.drop());
    advance(1000);
    act(() => shell.mqtt.open());
    await act(settle);
    advance(10);
    expect(screen.queryAllByTestId('alarm-notification')).toHaveLength(0);
    expect(screen.getByTestId('alarm-summary')).toHaveTextContent('离线期间有 4 条新报警');
    expect(shell.sounds.alert).toHaveBeenCalledTimes(1);
  });

  it('three missed alarms are shown one by one', async () => {
    shell.fetchSince.mockResolvedValueOnce(
      [1, 2, 3].map((i) => alarm({ id: 960 + i, level: 3, createdAt: `2026-03-01T11:0${i}:00.000Z` })),
    );
    act(() => shell.mqtt.drop());
    advance(1000);
    act(() => shell.mqtt.open());
    await act(settle);
    advance(10);
    expect(screen.getAllByTestId('alarm-notification')).toHaveLength(3);
    expect(screen.queryByTestId('alarm-summary')).toBeNull();
  });

  it('a system notice shows as a notification', async () => {
    await shell.push({ code: '9010', title: '系统维护', content: '今晚 22:00 维护' }, 'acm/notice/web');
    advance(10);
    expect(screen.getByTestId('notice-notification')).toHaveTextContent('今晚 22:00 维护');
  });
});
