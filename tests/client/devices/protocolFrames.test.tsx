import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { FrameLog } from '../../../src/client/features/devices/FrameLog';
import { RegisterModal, UnknownDevicesScreen } from '../../../src/client/features/devices/UnknownDevicesScreen';
import { clear as clearSession, saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from './mockApi';

const IMEI = '860100000000001';
const frames = {
  protocol: 'watch',
  frames: [
    { at: 1_795_000_002_000, dir: 'out', hex: '5b33472a3132335d', text: '[3G*123]' },
    { at: 1_795_000_001_000, dir: 'in', hex: '5b33472a4c4b5d', text: '[3G*LK]', summary: 'LK keep-alive' },
    { at: 1_795_000_000_000, dir: 'in', hex: '5b5858', text: '[XX', error: 'no frame end' },
  ],
};

afterEach(() => clearSession());

describe('raw frame log in the device detail (docs/protocols.md "Raw frame log")', () => {
  it('shows an administrator each frame newest first with direction, hex, text and the reading or error, and refreshes', async () => {
    saveLogin('tok', demoUser);
    const calls: Call[] = [];
    mockApi({ '/api/device/device/frames': frames }, calls);
    renderWithProviders(<FrameLog imei={IMEI} />);
    const rows = await screen.findAllByTestId('frame-row');
    expect(rows.map((r) => r.dataset.dir)).toEqual(['out', 'in', 'in']);
    expect(rows[0]).toHaveTextContent('下行');
    expect(rows[1]).toHaveTextContent('5b33472a4c4b5d');
    expect(rows[1]).toHaveTextContent('[3G*LK]');
    expect(rows[1]).toHaveTextContent('LK keep-alive');
    expect(rows[2]).toHaveTextContent('no frame end');
    expect(calls.filter((c) => c.url === '/api/device/device/frames')).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ imei: IMEI });
    fireEvent.click(screen.getByTestId('frame-log-refresh'));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/device/device/frames')).toHaveLength(2));
  });

  it('counts the irregular frames the device sent and marks a frame strict framing refused', async () => {
    saveLogin('tok', demoUser);
    mockApi({
      '/api/device/device/frames': {
        protocol: 'gt06',
        irregular: { checksumMismatch: 3, lengthMismatch: 1 },
        frames: [
          { at: 1_795_000_001_000, dir: 'in', hex: '7878', summary: 'location; checksum wrong, accepted' },
          {
            at: 1_795_000_000_000,
            dir: 'in',
            hex: '7878',
            summary: 'location; checksum wrong; refused (strict framing)',
            refused: true,
          },
        ],
      },
    });
    renderWithProviders(<FrameLog imei={IMEI} />);
    const line = await screen.findByTestId('frame-log-irregular');
    expect(line).toHaveTextContent('校验和错误 × 3');
    expect(line).toHaveTextContent('长度错误 × 1');
    const rows = await screen.findAllByTestId('frame-row');
    expect(rows[0]).toHaveTextContent('checksum wrong, accepted');
    expect(rows[0]!.querySelector('[data-testid="frame-refused"]')).toBeNull();
    expect(rows[1]!.querySelector('[data-testid="frame-refused"]')).toHaveTextContent('已拒绝');
  });

  it('shows no count line for a device whose frames kept to their protocol', async () => {
    saveLogin('tok', demoUser);
    mockApi({ '/api/device/device/frames': { ...frames, irregular: {} } });
    renderWithProviders(<FrameLog imei={IMEI} />);
    await screen.findAllByTestId('frame-row');
    expect(screen.queryByTestId('frame-log-irregular')).toBeNull();
  });

  it('says why there are no frames', async () => {
    saveLogin('tok', demoUser);
    mockApi({ '/api/device/device/frames': { protocol: null, frames: [] } });
    renderWithProviders(<FrameLog imei={IMEI} />);
    expect(await screen.findByTestId('frame-log-empty')).toHaveTextContent('未通过设备协议连接');
  });

  it('is not shown, nor asked for, to a visitor', () => {
    saveLogin('tok', { ...demoUser, kind: 'visitor' });
    const calls = mockApi({});
    // The query is disabled for a visitor: nothing renders and nothing is ever asked.
    const { container } = renderWithProviders(<FrameLog imei={IMEI} />);
    expect(container.querySelector('[data-testid="frame-log"]')).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('unknown devices (/unknownDevices)', () => {
  it('an empty list says what fills it', async () => {
    saveLogin('tok', { ...demoUser, kind: 'super' });
    mockApi({});
    renderWithProviders(<UnknownDevicesScreen search={{}} onSearchChange={() => undefined} />);
    expect(await screen.findByTestId('unknown-empty')).toHaveTextContent('5023');
  });

  it('registration asks for product, company and kind before sending, then sends them with the row', async () => {
    saveLogin('tok', { ...demoUser, kind: 'super' });
    const calls: Call[] = [];
    mockApi(
      {
        '/api/device/product/list': { rows: [{ id: 3, name: 'GT06 定位器' }], total: 1 },
        '/api/user/tenant/list': { rows: [{ id: 5, name: 'Demo Site' }], total: 1 },
        '/api/device/unknownDevice/register': { deviceId: 9, imei: IMEI },
      },
      calls,
    );
    let closed = false;
    renderWithProviders(<RegisterModal row={{ id: 41, identifier: IMEI }} onClose={() => (closed = true)} />);
    fireEvent.click(await screen.findByTestId('unknown-register-submit'));
    await waitFor(() => expect(screen.getByTestId('unknown-register-product')).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.some((c) => c.url === '/api/device/unknownDevice/register')).toBe(false);
    fireEvent.click(screen.getByTestId('unknown-register-product'));
    fireEvent.click(await screen.findByRole('option', { name: 'GT06 定位器' }));
    fireEvent.click(screen.getByTestId('unknown-register-tenant'));
    fireEvent.click(await screen.findByRole('option', { name: 'Demo Site' }));
    fireEvent.click(screen.getByTestId('unknown-register-kind'));
    fireEvent.click(await screen.findByRole('option', { name: '定位器' }));
    fireEvent.click(screen.getByTestId('unknown-register-submit'));
    await waitFor(() => expect(closed).toBe(true));
    expect(calls.find((c) => c.url === '/api/device/unknownDevice/register')!.body).toEqual({
      id: 41,
      productId: 3,
      tenantId: 5,
      kind: 'locator',
      name: IMEI,
    });
  });
});
