import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushDevice, PushState } from '../../../src/client/features/push/phonePush';
import { renderWithProviders } from '../render';

// The browser's push (permission, service worker, push service) is not in jsdom: the module that
// speaks to it is stood in for; the modal's states and its calls are what is tested here.
const push = vi.hoisted(() => ({
  state: 'off' as PushState,
  devices: [] as PushDevice[],
  kinds: ['sos', 'fall', 'critical', 'escalation', 'doorCall'] as string[],
  enable: vi.fn(async () => undefined),
  disable: vi.fn(async () => undefined),
  remove: vi.fn(async (_id: number) => ({ removed: 1 })),
  save: vi.fn(async (kinds: string[]) => ({ kinds })),
}));
vi.mock('../../../src/client/features/push/phonePush', async (actual) => ({
  ...(await actual<typeof import('../../../src/client/features/push/phonePush')>()),
  readPushState: async () => push.state,
  enablePush: push.enable,
  disablePush: push.disable,
  listDevices: async () => push.devices,
  removeDevice: push.remove,
  readPreferences: async () => ({ kinds: push.kinds, all: push.kinds, updatedAt: null }),
  savePreferences: push.save,
}));

const { PhonePushModal } = await import('../../../src/client/features/push/PhonePushModal');
const { PushEnableError } = await import('../../../src/client/features/push/phonePush');

const open = () => renderWithProviders(<PhonePushModal opened onClose={() => undefined} />);

beforeEach(() => {
  push.state = 'off';
  push.devices = [];
  push.kinds = ['sos', 'fall', 'critical', 'escalation', 'doorCall'];
  push.enable.mockReset().mockResolvedValue(undefined);
  push.disable.mockClear();
  push.remove.mockClear();
  push.save.mockClear();
});

describe('PhonePushModal', () => {
  it('says when the browser cannot receive pushes, and offers no button', async () => {
    push.state = 'unsupported';
    open();
    expect(await screen.findByTestId('push-state')).toHaveAttribute('data-state', 'unsupported');
    expect(screen.getByTestId('push-state')).toHaveTextContent('添加到主屏幕');
    expect(screen.queryByTestId('push-enable')).not.toBeInTheDocument();
    expect(screen.queryByTestId('push-disable')).not.toBeInTheDocument();
  });

  it('explains how to allow notifications again when they are blocked', async () => {
    push.state = 'denied';
    open();
    expect(await screen.findByTestId('push-state')).toHaveTextContent('重新允许');
    expect(screen.queryByTestId('push-enable')).not.toBeInTheDocument();
  });

  it('enables only on the button, then shows it on', async () => {
    const user = userEvent.setup();
    open();
    const enable = await screen.findByTestId('push-enable');
    expect(push.enable).not.toHaveBeenCalled();
    push.enable.mockImplementation(async () => {
      push.state = 'on';
    });
    await user.click(enable);
    expect(push.enable).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByTestId('push-state')).toHaveAttribute('data-state', 'on'));
    expect(screen.getByTestId('push-disable')).toBeInTheDocument();
  });

  it("shows a clear message when the browser's push service cannot be reached", async () => {
    const user = userEvent.setup();
    push.enable.mockRejectedValue(new PushEnableError('subscribe', 'Registration failed - push service error'));
    open();
    await user.click(await screen.findByTestId('push-enable'));
    const error = await screen.findByTestId('push-error');
    expect(error).toHaveTextContent('推送服务无法连接');
    expect(error).toHaveTextContent('push service error');
    expect(screen.getByTestId('push-state')).toHaveAttribute('data-state', 'off');
  });

  it('disables when on', async () => {
    const user = userEvent.setup();
    push.state = 'on';
    open();
    push.disable.mockImplementation(async () => {
      push.state = 'off';
    });
    await user.click(await screen.findByTestId('push-disable'));
    await waitFor(() => expect(screen.getByTestId('push-state')).toHaveAttribute('data-state', 'off'));
  });

  it('saves the kinds chosen and says that an SOS reaches staff on duty anyway', async () => {
    const user = userEvent.setup();
    open();
    const fall = await screen.findByTestId('push-kind-fall');
    await waitFor(() => expect(fall).toBeEnabled());
    expect(fall).toBeChecked();
    await user.click(fall);
    await waitFor(() => expect(push.save).toHaveBeenCalledWith(['sos', 'critical', 'escalation', 'doorCall']));
    expect(screen.getByText(/SOS 紧急求救总会推送给当班的值守人员/)).toBeInTheDocument();
  });

  it('lists my devices and removes one after a confirmation', async () => {
    const user = userEvent.setup();
    push.devices = [
      {
        id: 7,
        userAgent:
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
        service: 'fcm.googleapis.com',
        createdAt: '2026-11-20T08:00:00.000Z',
        lastDeliveryAt: null,
        lastStatus: null,
      },
    ];
    open();
    const row = await screen.findByTestId('push-device');
    expect(row).toHaveTextContent('Chrome 131');
    expect(row).toHaveTextContent('Android 14');
    expect(row).toHaveTextContent('fcm.googleapis.com');
    await user.click(screen.getByTestId('push-device-remove'));
    expect(push.remove).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('push-device-remove-confirm'));
    await waitFor(() => expect(push.remove).toHaveBeenCalledWith(7));
  });
});
