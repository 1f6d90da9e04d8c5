import { vi } from 'vitest';
import { act } from '@testing-library/react';
import { AppNotifications } from '../../../src/client/components/AppNotifications';
import { RealtimeLayer } from '../../../src/client/features/realtime/RealtimeLayer';
import { setLiveBridge } from '../../../src/client/live/liveStore';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { settle, startBridge } from '../live/fakeMqtt';
import { renderWithProviders, testQueryClient } from '../render';

/** The shell over a real bridge whose transport is a FakeMqtt, under the app's toast container; sounds are recorded, not played. */
export async function renderShell(user = demoUser) {
  saveLogin('tok-7', user);
  const queryClient = testQueryClient();
  const h = startBridge(queryClient);
  await act(settle);
  h.mqtt.open();
  setLiveBridge(h.bridge);
  const stopRing = vi.fn();
  const sounds = { alert: vi.fn(), ring: vi.fn(() => stopRing) };
  const navigate = vi.fn<(href: string) => void>();
  const view = renderWithProviders(<RealtimeLayer onNavigate={navigate} sounds={sounds} />, {
    queryClient,
    toasts: <AppNotifications />,
  });
  const push = (payload: unknown, topic = 'acm/7/web') => act(() => h.mqtt.deliver(topic, payload));
  const cleanup = () => {
    view.unmount();
    setLiveBridge(null);
    h.bridge.close();
  };
  return { ...h, ...view, sounds, stopRing, navigate, push, cleanup };
}

export const IMEI = '860000000000001';

export const fullCall = {
  code: '5081',
  type: 1,
  imei: IMEI,
  channel: 'room-0301',
  appToken: 'app-token',
  appUid: 11,
  deviceUid: '22',
  deviceToken: 'device-token',
  community: '阳光小区',
  building: '1栋',
  unit: '2单元',
  roomNo: '0301',
  status: 0,
  pushTime: 1_767_000_000,
};

/** Advances fake time inside act so React sees every state change. */
export function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}
