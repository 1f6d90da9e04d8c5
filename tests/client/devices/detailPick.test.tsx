import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeviceDetailScreen } from '../../../src/client/features/devices/DeviceDetailScreen';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi } from './mockApi';

beforeEach(() => {
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  mockApi({ '/api/device/device/list': { rows: [{ id: 1, imei: '860100000000001', name: '安全帽 1' }], total: 1 } });
});
afterEach(() => resetRequestDeps());

describe('device detail opened from the menu', () => {
  it('offers a device search instead of a dead end, and opens the device picked', async () => {
    const picked: string[] = [];
    renderWithProviders(<DeviceDetailScreen imei={undefined} onPick={(imei) => picked.push(imei)} />);
    expect(screen.getByTestId('device-detail-empty')).toHaveTextContent('按名称或IMEI搜索，选择一台设备查看其详情');
    await userEvent.click(screen.getByTestId('device-detail-pick'));
    await userEvent.click(await screen.findByRole('option', { name: '安全帽 1 · 860100000000001' }));
    await waitFor(() => expect(picked).toEqual(['860100000000001']));
  });
});
