import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MetricDevices, RollupSeries } from '../../../src/shared/devices/api';
import { METRIC_ROUTE_NAMES } from '../../../src/shared/devices/metric-routes';
import { MetricScreen } from '../../../src/client/features/devices/MetricScreen';
import { screenOf } from '../../../src/client/features/screens/registry';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { mockApi, type Call } from '../devices/mockApi';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { act } from '@testing-library/react';
import { setLiveBridge } from '../../../src/client/live/liveStore';
import { tenantDashboardTopic } from '../../../src/shared/topics';
import { fakeBridge } from '../indoor/indoorMocks';

// jsdom has no canvas: the chart host renders its option as JSON, and a button stands in for a zoom.
vi.mock('../../../src/client/components/Chart', () => ({
  Chart: ({ option, onZoom }: { option: unknown; onZoom?: (from: number, to: number) => void }) => (
    <div>
      <pre data-testid="chart-option">{JSON.stringify(option)}</pre>
      <button data-testid="chart-zoom" onClick={() => onZoom?.(Date.parse('2026-11-23T10:00:00Z'), Date.parse('2026-11-23T11:00:00Z'))} />
    </div>
  ),
}));

const devices: MetricDevices = {
  rows: [
    { imei: '860100000000001', name: 'Helmet 1', kind: 'helmet', state: 1, personName: null, personPhone: null, value: 131, at: '2026-11-23T10:00:00Z', limits: { min: 50, max: 120 }, level: 'high' },
    { imei: '860100000000002', name: 'Band 2', kind: 'wristband', state: 1, personName: null, personPhone: null, value: 72, at: '2026-11-23T10:00:00Z', limits: { min: 50, max: 120 }, level: 'normal' },
    { imei: '860100000000003', name: null, kind: 'watch', state: 0, personName: null, personPhone: null, value: null, at: null, limits: { min: 50, max: 120 }, level: 'offline' },
  ],
  total: 3,
  counts: { high: 1, low: 0, normal: 1, offline: 1 },
};
const hourly: RollupSeries = {
  grain: 'hour',
  points: [
    { t: '2026-11-23T08:00:00.000Z', n: 60, avg: 80, min: 70, max: 95 },
    { t: '2026-11-23T09:00:00.000Z', n: 60, avg: 110, min: 90, max: 131 },
  ],
};

let calls: Call[];
beforeEach(() => {
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  calls = mockApi({
    '/api/device/metric/devices': devices,
    '/api/device/device/rollups': (body: unknown) => ((body as { grain?: string; from: string }).from.startsWith('2026-11-23T10') ? { ...hourly, grain: 'minute' } : hourly),
    '/api/device/alarm/list': { rows: [{ id: 9, ts: '2026-11-23T09:30:00Z', deviceName: 'Helmet 1', imei: '860100000000001', type: 6, value: 131, threshold: 120 }], total: 1 },
  });
});
afterEach(() => {
  resetRequestDeps();
  setLiveBridge(null);
});

const bodiesOf = (url: string) => calls.filter((c) => c.url === url).map((c) => c.body as Record<string, unknown>);

describe('telemetry screens', () => {
  it('every telemetry route is a registered lazy screen', () => {
    for (const route of METRIC_ROUTE_NAMES) expect(screenOf(route)?.component, route).toBeDefined();
  });

  it('/heart_rate lists the devices with their value coloured by level, and the recent heart-rate alarms', async () => {
    renderWithProviders(<MetricScreen route="heart_rate" />);
    const table = await screen.findByTestId('metric-devices');
    expect(bodiesOf('/api/device/metric/devices')[0]).toMatchObject({ metric: 'heartRate', page: 1 });
    const rows = within(table).getAllByTestId('metric-device');
    expect(rows.map((r) => r.dataset.level)).toEqual(['high', 'normal', 'offline']);
    expect(within(rows[0]!).getByTestId('metric-value')).toHaveTextContent('131 bpm');
    expect(within(rows[0]!).getByText('50 ~ 120')).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('metric-level')).toHaveTextContent('偏高');
    expect(within(rows[2]!).getByTestId('metric-value')).toHaveTextContent('-');
    expect(screen.getByTestId('metric-count-high')).toHaveTextContent('1');
    expect(await screen.findByTestId('metric-alarm')).toHaveTextContent('心率告警');
    expect(bodiesOf('/api/device/alarm/list')[0]).toMatchObject({ filters: { type: 6 }, size: 10 });
  });

  it('the list follows the live notices of the tenant (push 9040) instead of polling', async () => {
    const live = fakeBridge();
    setLiveBridge(live.bridge);
    renderWithProviders(<MetricScreen route="heart_rate" />);
    await screen.findByTestId('metric-devices');
    const topic = tenantDashboardTopic(demoUser.tenantId);
    expect(live.subscribed).toContain(topic);
    const before = bodiesOf('/api/device/metric/devices').length;
    act(() => live.push(topic, { code: '9040', parts: ['readings'], at: 1 }));
    await waitFor(() => expect(bodiesOf('/api/device/metric/devices').length).toBe(before + 1));
  });

  it('a level badge filters the list', async () => {
    renderWithProviders(<MetricScreen route="heart_rate" />);
    await screen.findByTestId('metric-devices');
    fireEvent.click(screen.getByTestId('metric-count-high'));
    await waitFor(() => expect(bodiesOf('/api/device/metric/devices').at(-1)).toMatchObject({ metric: 'heartRate', level: 'high', page: 1 }));
  });

  it('selecting a device draws its history with the limits as mark lines; a zoom fetches finer buckets', async () => {
    renderWithProviders(<MetricScreen route="heart_rate" />);
    const table = await screen.findByTestId('metric-devices');
    fireEvent.click(within(table).getAllByTestId('metric-device')[0]!);
    const history = await screen.findByTestId('metric-history');
    const option = JSON.parse((await within(history).findByTestId('chart-option')).textContent!);
    expect(option.series[0].data).toEqual([
      ['2026-11-23T08:00:00.000Z', 80],
      ['2026-11-23T09:00:00.000Z', 110],
    ]);
    expect(option.series[0].markLine.data.map((m: { yAxis: number }) => m.yAxis)).toEqual([120, 50]);
    expect(option.series[1].data[1]).toEqual(['2026-11-23T09:00:00.000Z', 131]);
    const first = bodiesOf('/api/device/device/rollups')[0]!;
    expect(first).toMatchObject({ imei: '860100000000001', metric: 'heartRate' });
    expect(Date.parse(first.to as string) - Date.parse(first.from as string)).toBe(24 * 3_600_000);
    expect(within(history).getByTestId('metric-grain')).toHaveTextContent('按小时');

    fireEvent.click(within(history).getByTestId('chart-zoom'));
    await waitFor(() => expect(bodiesOf('/api/device/device/rollups').at(-1)).toMatchObject({ from: '2026-11-23T10:00:00.000Z', to: '2026-11-23T11:00:00.000Z' }));
    await waitFor(() => expect(within(history).getByTestId('metric-grain')).toHaveTextContent('按分钟'));
  });

  it('/dtudz offers its metrics; a metric without an alarm rule says so', async () => {
    renderWithProviders(<MetricScreen route="dtudz" />);
    await screen.findByTestId('metric-devices');
    expect(bodiesOf('/api/device/metric/devices')[0]).toMatchObject({ metric: 'waterPressure' });
    fireEvent.click(within(screen.getByTestId('metric-picker')).getByText('电压'));
    await waitFor(() => expect(bodiesOf('/api/device/metric/devices').at(-1)).toMatchObject({ metric: 'voltage' }));
    expect(await screen.findByText('此指标没有报警规则')).toBeInTheDocument();
  });
});
