import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { mockApi, type Call } from '../devices/mockApi';
import { IMEI, advance, fullCall, renderShell } from './harness';

type Shell = Awaited<ReturnType<typeof renderShell>>;

const status = () => screen.getByTestId('call-status').textContent;
const countdown = () => screen.getByTestId('call-countdown').textContent;
const drawerOpen = () => screen.queryByTestId('call-status') !== null;
const dialogOpen = () => screen.queryByTestId('call-hangup') !== null;

describe('door-unit call flow', () => {
  let shell: Shell;
  let calls: Call[];
  let toasts: string[];
  beforeEach(async () => {
    vi.useFakeTimers();
    toasts = [];
    calls = mockApi({}, [], toasts);
    shell = await renderShell();
  });
  afterEach(() => {
    shell.cleanup();
    resetRequestDeps();
    vi.useRealTimers();
  });

  it('rings with the status text and a 30 s mm:ss countdown, then closes and clears busy at 00:00', async () => {
    await shell.push(fullCall);
    expect(status()).toBe('门口机正在发起呼叫请求...');
    expect(countdown()).toBe('00:30');
    expect(shell.sounds.ring).toHaveBeenCalledTimes(1);
    expect(screen.getByText('阳光小区 / 1栋 / 2单元 / 0301')).toBeInTheDocument();
    advance(1000);
    expect(countdown()).toBe('00:29');
    advance(28_000);
    expect(countdown()).toBe('00:01');
    advance(1000);
    expect(drawerOpen()).toBe(false);
    expect(shell.stopRing).toHaveBeenCalled();
    // Busy is clear: the next call rings again.
    await shell.push({ ...fullCall, roomNo: '0402' });
    expect(countdown()).toBe('00:30');
    expect(shell.sounds.ring).toHaveBeenCalledTimes(2);
  });

  it('ignores further calls while busy', async () => {
    await shell.push(fullCall);
    advance(5000);
    await shell.push({ ...fullCall, imei: '860000000000009', roomNo: '9999' });
    expect(countdown()).toBe('00:25');
    expect(screen.queryByText(/9999/)).toBeNull();
    expect(shell.sounds.ring).toHaveBeenCalledTimes(1);
  });

  it('the drawer has no close button and ignores Escape', async () => {
    await shell.push(fullCall);
    expect(screen.getByRole('dialog').querySelector('.mantine-Drawer-close')).toBeNull();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.keyDown(window, { key: 'Escape' });
    advance(100);
    expect(drawerOpen()).toBe(true);
  });

  it('answer with complete data: answering..., after 1 s the call dialog replaces the drawer; hang-up calls the service and clears busy', async () => {
    await shell.push(fullCall);
    fireEvent.click(screen.getByTestId('call-answer'));
    expect(status()).toBe('接听中...');
    advance(999);
    expect(dialogOpen()).toBe(false);
    advance(1);
    expect(dialogOpen()).toBe(true);
    expect(drawerOpen()).toBe(false);
    // The media panel loads its chunk, then checks the browser: jsdom has no WebRTC, which the panel says.
    await act(async () => {
      await vi.dynamicImportSettled();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByTestId('call-media-warning')).toHaveAttribute(
      'data-warning',
      expect.stringMatching(/^(incompatible|insecure)$/),
    );
    expect(screen.getByTestId('call-media')).toHaveAttribute('data-state', 'closed');
    expect(screen.getByText('room-0301')).toBeInTheDocument();
    // The countdown running out does not close an answered call.
    advance(40_000);
    expect(dialogOpen()).toBe(true);
    await shell.push({ ...fullCall, roomNo: '0402' });
    expect(drawerOpen()).toBe(false);

    fireEvent.click(screen.getByTestId('call-hangup'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls.filter((c) => c.url === '/api/device/voiceNet/property/answer').map((c) => c.body)).toEqual([
      { imei: IMEI, roomNo: '0301' },
    ]);
    expect(dialogOpen()).toBe(false);
    await shell.push({ ...fullCall, roomNo: '0402' });
    expect(drawerOpen()).toBe(true);
  });

  it('hang-up closes the dialog even when the service fails; closing the dialog also clears busy', async () => {
    mockApi({ '/api/device/voiceNet/property/answer': () => new Response('boom', { status: 500 }) }, calls, toasts);
    await shell.push(fullCall);
    fireEvent.click(screen.getByTestId('call-answer'));
    advance(1000);
    fireEvent.click(screen.getByTestId('call-hangup'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(dialogOpen()).toBe(false);
    expect(toasts).toEqual([]);

    await shell.push(fullCall);
    fireEvent.click(screen.getByTestId('call-answer'));
    advance(1000);
    fireEvent.click(screen.getByRole('dialog').querySelector('.mantine-Modal-close')!);
    expect(dialogOpen()).toBe(false);
    await shell.push(fullCall);
    expect(drawerOpen()).toBe(true);
  });

  it('answer with incomplete data toasts and after 1 s closes the drawer and clears busy', async () => {
    await shell.push({ ...fullCall, deviceToken: undefined });
    fireEvent.click(screen.getByTestId('call-answer'));
    expect(toasts).toEqual(['无效的数据，请检查服务']);
    expect(status()).toBe('接听中...');
    advance(1000);
    expect(drawerOpen()).toBe(false);
    expect(dialogOpen()).toBe(false);
    await shell.push(fullCall);
    expect(drawerOpen()).toBe(true);
  });

  it('ignore shows 已忽略, sends nothing, clears busy and closes the drawer', async () => {
    await shell.push(fullCall);
    const published = shell.mqtt.published.length;
    fireEvent.click(screen.getByTestId('call-ignore'));
    expect(status()).toBe('已忽略');
    expect(shell.stopRing).toHaveBeenCalled();
    advance(1000);
    expect(drawerOpen()).toBe(false);
    expect(shell.mqtt.published).toHaveLength(published);
    expect(calls).toEqual([]);
    await shell.push(fullCall);
    expect(drawerOpen()).toBe(true);
  });

  it('unlock publishes 5082 to the door unit, listens on its client topic, and a 5091 type 3 shows 已开锁 then closes', async () => {
    await shell.push(fullCall);
    fireEvent.click(screen.getByTestId('call-unlock'));
    expect(shell.mqtt.published.at(-1)).toEqual({
      topic: `sfwatch/${IMEI}/server`,
      message: JSON.stringify({ code: '5082', imei: IMEI, userId: 7 }),
      opts: { qos: 0, retain: false },
    });
    expect(shell.mqtt.subscribed).toContain(`sfwatch/${IMEI}/client`);
    // Another unit's confirmation or a wrong type is not ours.
    await shell.push({ code: '5091', type: 3, imei: '860000000000009' }, 'sfwatch/860000000000009/client');
    await shell.push({ code: '5091', type: 2, imei: IMEI }, `sfwatch/${IMEI}/client`);
    expect(status()).toBe('门口机正在发起呼叫请求...');
    await shell.push({ code: 5091, type: '3', imei: IMEI }, `sfwatch/${IMEI}/client`);
    expect(status()).toBe('已开锁');
    expect(shell.mqtt.unsubscribed).toEqual([`sfwatch/${IMEI}/client`]);
    advance(1000);
    expect(drawerOpen()).toBe(false);
    await shell.push(fullCall);
    expect(drawerOpen()).toBe(true);
  });

  it('a 5091 while the call dialog is open puts 已开锁 in its title and keeps it open', async () => {
    await shell.push(fullCall);
    fireEvent.click(screen.getByTestId('call-answer'));
    advance(1000);
    fireEvent.click(screen.getByTestId('call-dialog-unlock'));
    await shell.push({ code: '5091', type: 3, imei: IMEI }, `sfwatch/${IMEI}/client`);
    advance(1000);
    expect(screen.getByTestId('call-dialog-title')).toHaveTextContent('已开锁');
    expect(dialogOpen()).toBe(true);
  });
});
