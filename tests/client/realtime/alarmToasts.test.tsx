import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AppNotifications, TOAST_LIMIT } from '../../../src/client/components/AppNotifications';
import { GROUP_WINDOW_MS, WARNING_CLOSE_MS } from '../../../src/client/features/realtime/useAlarmNotifications';
import { THEMES } from '../../../src/client/theme';
import type { AlarmRecord } from '../../../src/shared/alarms/push';
import { alarm, settle } from '../live/fakeMqtt';
import { advance, renderShell } from './harness';

type Shell = Awaited<ReturnType<typeof renderShell>>;

/** Past Mantine's 250 ms exit transition. */
const GONE = 500;

/** Time passes; a toast hidden meanwhile leaves the page (its exit timer starts after the render). */
function wait(ms: number): void {
  advance(ms);
  advance(GONE);
}

const fenceExit = (deviceName: string, over: Partial<AlarmRecord> = {}) =>
  alarm({ type: 20, level: 2, title: '出围栏告警', deviceName, location: `${deviceName} 东门`, ...over });
const sos = (deviceName: string, over: Partial<AlarmRecord> = {}) =>
  alarm({ type: 15, level: 3, title: 'SOS求救', deviceName, ...over });

const toasts = () => screen.queryAllByTestId('alarm-notification');

describe('alarm toasts: grouping, critical ones, the limit, the summary', () => {
  let shell: Shell;
  const raise = (record: AlarmRecord) => shell.push({ code: '9001', alarm: record });

  beforeEach(async () => {
    vi.useFakeTimers();
    shell = await renderShell();
  });
  afterEach(() => {
    shell.cleanup();
    act(() => notifications.clean());
    vi.useRealTimers();
  });

  it('warnings of one type within the window update one toast with a count and the latest device', async () => {
    await raise(fenceExit('安全帽 1'));
    advance(2_000);
    await raise(fenceExit('安全帽 2'));
    advance(2_000);
    await raise(fenceExit('安全帽 3'));
    advance(10);
    const shown = toasts();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toHaveTextContent('出围栏告警 ×3 · 安全帽 3');
    expect(shown[0]).toHaveTextContent('最新：安全帽 3 东门');
    expect(shell.sounds.alert).toHaveBeenCalledTimes(3);
  });

  it('a counting toast closes WARNING_CLOSE_MS after its last alarm, not after its first', async () => {
    await raise(fenceExit('安全帽 1'));
    advance(WARNING_CLOSE_MS - 1_000);
    await raise(fenceExit('安全帽 2'));
    advance(WARNING_CLOSE_MS - 1_000);
    expect(toasts()).toHaveLength(1);
    wait(1_000);
    expect(toasts()).toHaveLength(0);
  });

  it('another type, another level or a gap longer than the window starts a toast of its own', async () => {
    await raise(fenceExit('安全帽 1'));
    await raise(alarm({ type: 21, level: 2, deviceName: '安全帽 2' }));
    await raise(alarm({ type: 22, level: 2, deviceName: '安全帽 3' }));
    advance(10);
    expect(toasts().map((el) => el.getAttribute('data-count'))).toEqual(['1', '1', '1']);
    wait(GROUP_WINDOW_MS + 1);
    await raise(fenceExit('安全帽 4'));
    advance(10);
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]).toHaveTextContent('出围栏告警 · 安全帽 4');
    expect(toasts()[0]).not.toHaveTextContent('×');
  });

  it('a group whose toast closed by itself counts on; a click on it starts the count again', async () => {
    await raise(fenceExit('安全帽 1'));
    wait(WARNING_CLOSE_MS);
    expect(toasts()).toHaveLength(0);
    await raise(fenceExit('安全帽 2'));
    advance(10);
    expect(toasts()[0]).toHaveTextContent('出围栏告警 ×2 · 安全帽 2');
    fireEvent.click(toasts()[0]!);
    expect(shell.navigate).toHaveBeenCalledWith('/AlarmHistory');
    advance(GONE);
    await raise(fenceExit('安全帽 3'));
    advance(10);
    expect(toasts()[0]).toHaveTextContent('出围栏告警 · 安全帽 3');
  });

  it('critical alarms are never merged: two SOS of one device give two toasts that stay until clicked', async () => {
    await raise(sos('安全帽 9'));
    await raise(sos('安全帽 9'));
    advance(GROUP_WINDOW_MS * 5);
    const shown = toasts();
    expect(shown).toHaveLength(2);
    for (const el of shown) {
      expect(el).toHaveTextContent('SOS求救 · 安全帽 9');
      expect(el).not.toHaveTextContent('×');
    }
    fireEvent.click(shown[0]!);
    advance(GONE);
    expect(toasts()).toHaveLength(1);
  });

  it('a critical toast goes once its alarm is read or handled on any console', async () => {
    const record = sos('安全帽 9');
    await raise(record);
    await raise(fenceExit('安全帽 1'));
    advance(10);
    expect(toasts()).toHaveLength(2);
    await shell.push({ code: '9002', ids: [record.id], read: 1 });
    advance(GONE);
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]).toHaveAttribute('data-level', '2');
  });

  it(`at most ${TOAST_LIMIT} toasts show; a critical one goes before the warnings, which wait in the queue`, async () => {
    for (const type of [4, 5, 6, 7]) await raise(alarm({ type, level: 2, deviceName: `表 ${type}` }));
    advance(10);
    expect(toasts()).toHaveLength(TOAST_LIMIT);
    await raise(sos('安全帽 9'));
    advance(GONE);
    const shown = toasts();
    expect(shown).toHaveLength(TOAST_LIMIT);
    expect(shown.filter((el) => el.getAttribute('data-level') === '3')).toHaveLength(1);
    // Warnings close by themselves, the queue moves up, and the SOS is still there.
    wait(WARNING_CLOSE_MS);
    expect(toasts()).toHaveLength(TOAST_LIMIT);
    wait(WARNING_CLOSE_MS);
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]).toHaveTextContent('SOS求救 · 安全帽 9');
  });

  it('warnings never push out critical toasts', async () => {
    for (const name of ['安全帽 1', '安全帽 2', '安全帽 3']) await raise(sos(name));
    for (const type of [4, 5]) await raise(alarm({ type, level: 2, deviceName: `表 ${type}` }));
    advance(GONE);
    expect(toasts().map((el) => el.getAttribute('data-level'))).toEqual(['3', '3', '3']);
  });

  it('a summary of missed alarms that counts a critical one is red and stays until clicked', async () => {
    shell.fetchSince.mockResolvedValueOnce([
      ...[1, 2, 3].map((i) => fenceExit(`安全帽 ${i}`, { createdAt: `2026-03-01T10:0${i}:00.000Z` })),
      sos('安全帽 9', { createdAt: '2026-03-01T10:05:00.000Z' }),
    ]);
    act(() => shell.mqtt.drop());
    advance(1000);
    act(() => shell.mqtt.open());
    await act(settle);
    advance(GROUP_WINDOW_MS);
    expect(toasts()).toHaveLength(0);
    const summary = screen.getByTestId('alarm-summary');
    expect(summary).toHaveTextContent('离线期间有 4 条新报警，其中 1 条紧急');
    fireEvent.click(summary);
    expect(shell.navigate).toHaveBeenCalledWith('/AlarmHistory');
    advance(GONE);
    expect(screen.queryByTestId('alarm-summary')).toBeNull();
  });

  it('a summary of warnings only closes by itself', async () => {
    shell.fetchSince.mockResolvedValueOnce(
      [1, 2, 3, 4].map((i) => fenceExit(`安全帽 ${i}`, { createdAt: `2026-03-01T10:0${i}:00.000Z` })),
    );
    act(() => shell.mqtt.drop());
    advance(1000);
    act(() => shell.mqtt.open());
    await act(settle);
    advance(10);
    expect(screen.getByTestId('alarm-summary')).toHaveTextContent('离线期间有 4 条新报警，点击查看');
    wait(GROUP_WINDOW_MS);
    expect(screen.queryByTestId('alarm-summary')).toBeNull();
  });

  it('toasts sit at the bottom right, clear of the header toolbars', async () => {
    await raise(fenceExit('安全帽 1'));
    advance(10);
    expect(toasts()[0]!.closest('[data-position]')).toHaveAttribute('data-position', 'bottom-right');
  });
});

describe('the toast container', () => {
  afterEach(() => act(() => notifications.clean()));

  it('in a right-to-left language sits at the bottom left, the end of the line', () => {
    render(
      <DirectionProvider initialDirection="rtl" detectDirection={false}>
        <MantineProvider theme={THEMES.white.theme} forceColorScheme="light" env="test">
          <AppNotifications />
        </MantineProvider>
      </DirectionProvider>,
    );
    act(() => void notifications.show({ message: 'مرحبا', 'data-testid': 'rtl-toast' }));
    expect(screen.getByTestId('rtl-toast').closest('[data-position]')).toHaveAttribute('data-position', 'bottom-left');
  });
});
