import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { KIND_INFO } from '../../../src/shared/devices/kinds';
import { CommandPanel } from '../../../src/client/features/devices/CommandPanel';
import { awaitingAck } from '../../../src/client/features/devices/CommandLog';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from './mockApi';
import { ConfirmHost } from '../../../src/client/components/ConfirmDanger';

const IMEI = '860000000000002';
const device = (kind: keyof typeof KIND_INFO, state = 1) => ({
  imei: IMEI,
  state,
  commands: [...KIND_INFO[kind].commands],
});
const sent = (calls: Call[]) => calls.filter((c) => c.url === '/api/device/command/send').map((c) => c.body);

describe('command panel', () => {
  let calls: Call[];
  beforeEach(() => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    calls = mockApi({ '/api/device/command/send': { id: 1, status: 3 } });
  });
  afterEach(() => resetRequestDeps());

  it("offers only the kind's commands", () => {
    renderWithProviders(<CommandPanel detail={device('helmet')} />);
    for (const id of ['cmd-locate', 'cmd-restart', 'cmd-setInterval', 'cmd-broadcast'])
      expect(screen.getByTestId(id)).toBeInTheDocument();
    expect(screen.queryByTestId('cmd-switch')).toBeNull();
    expect(screen.queryByTestId('cmd-valve-close')).toBeNull();
  });

  it('gas sensors get the valve, breakers the switch modes', () => {
    const { unmount } = renderWithProviders(<CommandPanel detail={device('gas')} />);
    expect(screen.getByTestId('cmd-valve-close')).toBeInTheDocument();
    expect(screen.queryByTestId('cmd-locate')).toBeNull();
    unmount();
    renderWithProviders(<CommandPanel detail={device('breaker')} />);
    expect(screen.getByTestId('cmd-switch').querySelectorAll('button')).toHaveLength(7);
  });

  it('a locator cuts its relay after a confirmation and restores it at once', async () => {
    renderWithProviders(
      <>
        <CommandPanel detail={device('locator')} />
        <ConfirmHost />
      </>,
    );
    fireEvent.click(screen.getByTestId('cmd-relay-restore'));
    await waitFor(() => expect(sent(calls)).toEqual([{ imei: IMEI, cmd: 'relay', params: { on: false } }]));
    fireEvent.click(screen.getByTestId('cmd-relay-cut'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '断开' }));
    await waitFor(() => expect(sent(calls)).toHaveLength(2));
    expect(sent(calls)[1]).toEqual({ imei: IMEI, cmd: 'relay', params: { on: true } });
  });

  it('offers an administrator the raw command for a device connected over a protocol, and checks its text', async () => {
    const { unmount } = renderWithProviders(<CommandPanel detail={device('helmet')} />);
    expect(screen.queryByTestId('cmd-custom')).toBeNull();
    unmount();
    renderWithProviders(
      <>
        <CommandPanel detail={{ ...device('locator'), protocol: 'gt06' }} />
        <ConfirmHost />
      </>,
    );
    fireEvent.change(screen.getByTestId('cmd-custom-text'), { target: { value: '定位' } });
    expect(screen.getByTestId('cmd-custom')).toBeDisabled();
    fireEvent.change(screen.getByTestId('cmd-custom-text'), { target: { value: 'WHERE#' } });
    fireEvent.click(screen.getByTestId('cmd-custom'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '发送' }));
    await waitFor(() => expect(sent(calls)).toEqual([{ imei: IMEI, cmd: 'custom', params: { text: 'WHERE#' } }]));
  });

  it('no commands -> no command available', () => {
    renderWithProviders(<CommandPanel detail={device('fireButton')} />);
    expect(screen.getByTestId('no-command')).toHaveTextContent('无可用指令');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offline devices show device offline and disable the buttons', () => {
    renderWithProviders(<CommandPanel detail={device('helmet', 0)} />);
    expect(screen.getByTestId('device-offline')).toHaveTextContent('设备离线');
    expect(screen.getByTestId('cmd-locate')).toBeDisabled();
  });

  it('broadcast with a blank MP3 address plays the default audio; a bad address is refused', async () => {
    renderWithProviders(<CommandPanel detail={device('helmet')} />);
    fireEvent.click(screen.getByTestId('cmd-broadcast'));
    await waitFor(() => expect(sent(calls)).toEqual([{ imei: IMEI, cmd: 'broadcast', params: {} }]));
    fireEvent.change(screen.getByTestId('cmd-broadcast-mp3'), { target: { value: 'not a url' } });
    fireEvent.click(screen.getByTestId('cmd-broadcast'));
    expect(await screen.findByText('请输入有效的音频地址')).toBeInTheDocument();
    expect(sent(calls)).toHaveLength(1);
  });

  it('restart asks first; set interval sends seconds', async () => {
    renderWithProviders(<CommandPanel detail={device('helmet')} />);
    fireEvent.click(screen.getByTestId('cmd-setInterval'));
    await waitFor(() => expect(sent(calls)).toEqual([{ imei: IMEI, cmd: 'setInterval', params: { seconds: 60 } }]));
    fireEvent.click(screen.getByTestId('cmd-restart'));
    expect(sent(calls)).toHaveLength(1);
  });

  it('the log keeps polling while a command waits for its acknowledgement', () => {
    expect(awaitingAck([{ id: 1, status: 3, ackAt: null }])).toBe(true);
    expect(awaitingAck([{ id: 1, status: 3, ackAt: '2026-01-01T00:00:00Z' }])).toBe(false);
    expect(awaitingAck([{ id: 1, status: 4, ackAt: null }])).toBe(false);
  });
});
