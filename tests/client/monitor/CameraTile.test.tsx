import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CameraTile } from '../../../src/client/features/monitor/CameraTile';
import { retryDelayMs } from '../../../src/client/features/monitor/useCameraWatch';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser, envelope } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

let calls: Call[];
const watches = () => calls.filter((c) => c.url === '/api/device/camera/watch').length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeEach(() => {
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  calls = mockApi({
    '/api/device/camera/watch': () =>
      envelope({
        code: 400,
        msg: 'The camera cannot be read: ffprobe not found',
        key: 'cameraUnreachable',
        data: null,
      }),
  });
});
afterEach(() => resetRequestDeps());

describe('a camera tile that cannot play', () => {
  it('backs off 5, 10, 20, 40 s, then tries once a minute', () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000]);
  });

  it('says why, asks once, and does not restart when the camera list refreshes', async () => {
    const { queryClient } = renderWithProviders(
      <CameraTile
        source={{ kind: 'camera', id: 3, name: '东门', lastError: 'ffprobe not found' }}
        onClose={() => undefined}
      />,
    );
    expect(await screen.findByTestId('monitor-tile-error')).toHaveTextContent('无法读取该摄像头的视频');
    expect(screen.getByText('ffprobe not found')).toBeInTheDocument();
    expect(screen.getByTestId('monitor-tile-retry')).toHaveTextContent('5 秒后重试');
    // The camera list is refreshed to show the stored error; that must not ask for the watch again.
    await queryClient.invalidateQueries({ queryKey: ['camera'] });
    await sleep(300);
    expect(watches()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: '立即重试' }));
    await waitFor(() => expect(watches()).toBe(2));
    expect(await screen.findByTestId('monitor-tile-retry')).toHaveTextContent('10 秒后重试');
  });
});
