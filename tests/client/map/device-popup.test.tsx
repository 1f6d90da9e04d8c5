import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DevicePopup } from '../../../src/client/map/layers/DevicePopup';
import { lastConnectTime, skuImage } from '../../../src/client/map/layers/deviceInfo';
import { configureRequest, resetRequestDeps } from '../../../src/client/lib/request';
import { envelope } from '../fixtures';
import { renderWithProviders } from '../render';

dayjs.extend(utc);
dayjs.extend(timezone);
// Times are shown on the tenant's clock (no session here: the default zone, Asia/Shanghai).
const fmt = (ms: number) => dayjs(ms).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm:ss');

describe('lastConnectTime', () => {
  it('is the later of connectedAt and offlineAt, formatted YYYY-MM-DD HH:mm:ss', () => {
    const connected = Date.UTC(2026, 0, 2, 8, 0, 0);
    const offline = Date.UTC(2026, 0, 2, 9, 30, 15);
    expect(
      lastConnectTime({ connectedAt: new Date(connected).toISOString(), offlineAt: new Date(offline).toISOString() }),
    ).toBe(fmt(offline));
    expect(lastConnectTime({ connectedAt: connected + 1000, offlineAt: offline - 60_000 * 120 })).toBe(
      fmt(connected + 1000),
    );
    // Under 13 digits the number is seconds.
    expect(lastConnectTime({ connectedAt: Math.floor(offline / 1000), offlineAt: null })).toBe(fmt(offline));
    expect(lastConnectTime({ lastConnectTime: new Date(offline).toISOString() })).toBe(fmt(offline));
    expect(lastConnectTime({})).toBe('');
    expect(lastConnectTime({ connectedAt: 'garbage' })).toBe('');
  });

  it('reads the picture from imgSrc or the sku JSON string', () => {
    expect(skuImage({ imgSrc: '/a.png' })).toBe('/a.png');
    expect(skuImage({ sku: '{"imgSrc":"/b.png"}' })).toBe('/b.png');
    expect(skuImage({ sku: 'not json' })).toBeUndefined();
  });
});

describe('DevicePopup', () => {
  afterEach(() => resetRequestDeps());

  it('shows getDeviceInfo for the IMEI with a link to its profile', async () => {
    const at = Date.UTC(2026, 2, 3, 4, 5, 6);
    const fetch = vi.fn<typeof globalThis.fetch>().mockImplementation(async () =>
      envelope({
        code: 0,
        msg: 'OK',
        data: {
          imei: '860000000000001',
          state: 1,
          battery: 87,
          name: '安全帽 1',
          lat: 22.54,
          lon: 114.06,
          imgSrc: '/img/helmet.png',
          lastConnectTime: new Date(at).toISOString(),
        },
      }),
    );
    configureRequest({ fetch });
    renderWithProviders(<DevicePopup imei="860000000000001" onClose={() => undefined} />);
    expect(await screen.findByTestId('device-popup-imei')).toHaveTextContent('860000000000001');
    expect(fetch.mock.calls[0]![0]).toBe('/api/device/deviceinfo/getDeviceInfo');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ imei: '860000000000001' });
    expect(screen.getByText('安全帽 1')).toBeInTheDocument();
    expect(screen.getByTestId('device-popup')).toHaveTextContent(fmt(at));
    expect(screen.getByTestId('device-popup')).toHaveTextContent('114.060000, 22.540000');
    expect(screen.getByTestId('device-popup-link')).toHaveAttribute('href', '/ProDeviceList?imei=860000000000001');
  });
});
