import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within, act } from '@testing-library/react';
import type { MetricDevices, MetricFleet, RollupSeries } from '../../../src/shared/devices/api';
import { METRIC_ROUTE_NAMES } from '../../../src/shared/devices/metric-routes';
import { MetricScreen } from '../../../src/client/features/devices/MetricScreen';
import { screenOf } from '../../../src/client/features/screens/registry';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { mockApi, type Call } from '../devices/mockApi';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { setLiveBridge } from '../../../src/client/live/liveStore';
import { tenantDashboardTopic } from '../../../src/shared/topics';
import { fakeBridge } from '../indoor/indoorMocks';
import { stubPhone } from '../viewport';

// jsdom has no canvas: the chart host renders its option as JSON, a button stands in for a zoom and
// one for a click on the first bar or line.
vi.mock('../../../src/client/components/Chart', () => ({
  Chart: ({
    option,
    onZoom,
    onItemClick,
    'data-testid': testId,
  }: {
    option: { xAxis?: { data?: string[] }; series?: { name?: string }[] };
    onZoom?: (from: number, to: number) => void;
    onItemClick?: (item: { name: string; seriesName?: string; value: unknown }) => void;
    'data-testid'?: string;
  }) => (
    <div data-testid={testId}>
      <pre data-testid="chart-option">{JSON.stringify(option)}</pre>
      <button
        data-testid="chart-zoom"
        onClick={() => onZoom?.(Date.parse('2026-11-23T10:00:00Z'), Date.parse('2026-11-23T11:00:00Z'))}
      />
      <button
        data-testid="chart-click"
        onClick={() =>
          onItemClick?.({ name: option.xAxis?.data?.[0] ?? '', seriesName: option.series?.[0]?.name, value: null })
        }
      />
    </div>
  ),
}));
// The map needs WebGL; the screen only has to place it.
vi.mock('../../../src/client/features/dashboards/DashboardMap', () => ({
  default: ({ kinds }: { kinds?: string[] }) => <div data-testid="device-map" data-kinds={kinds?.join(',')} />,
}));

const devices: MetricDevices = {
  rows: [
    {
      imei: '860100000000001',
      name: 'Helmet 1',
      kind: 'helmet',
      state: 1,
      personName: null,
      personPhone: null,
      value: 131,
      at: '2026-11-23T10:00:00Z',
      limits: { min: 50, max: 120 },
      level: 'high',
    },
    {
      imei: '860100000000002',
      name: 'Band 2',
      kind: 'wristband',
      state: 1,
      personName: null,
      personPhone: null,
      value: 72,
      at: '2026-11-23T10:00:00Z',
      limits: { min: 50, max: 120 },
      level: 'normal',
    },
    {
      imei: '860100000000003',
      name: null,
      kind: 'watch',
      state: 0,
      personName: null,
      personPhone: null,
      value: null,
      at: null,
      limits: { min: 50, max: 120 },
      level: 'offline',
    },
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

const fleet: MetricFleet = {
  devices: devices.rows,
  live: 2,
  series: [
    {
      imei: '860100000000001',
      name: 'Helmet 1',
      grain: 'minute',
      points: [
        { t: '2026-11-23T08:30:00.000Z', n: 6, avg: 118, min: 110, max: 131 },
        { t: '2026-11-23T08:31:00.000Z', n: 6, avg: 125, min: 120, max: 131 },
      ],
    },
    {
      imei: '860100000000002',
      name: 'Band 2',
      grain: 'minute',
      points: [{ t: '2026-11-23T08:00:00.000Z', n: 6, avg: 72, min: 70, max: 75 }],
    },
  ],
  from: '2026-11-23T07:00:00.000Z',
  to: '2026-11-23T10:00:00.000Z',
};

let calls: Call[];
beforeEach(() => {
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  calls = mockApi({
    '/api/device/metric/devices': devices,
    '/api/device/metric/fleet': fleet,
    '/api/device/device/rollups': (body: unknown) =>
      (body as { grain?: string; from: string }).from.startsWith('2026-11-23T10')
        ? { ...hourly, grain: 'minute' }
        : hourly,
    '/api/device/alarm/list': {
      rows: [
        {
          id: 9,
          ts: '2026-11-23T09:30:00Z',
          deviceName: 'Helmet 1',
          imei: '860100000000001',
          type: 6,
          value: 131,
          threshold: 120,
        },
      ],
      total: 1,
    },
  });
});
afterEach(() => {
  resetRequestDeps();
  setLiveBridge(null);
  vi.restoreAllMocks();
});

const bodiesOf = (url: string) => calls.filter((c) => c.url === url).map((c) => c.body as Record<string, unknown>);

describe('telemetry screens', () => {
  it('every telemetry route is a registered lazy screen', () => {
    for (const route of METRIC_ROUTE_NAMES) expect(screenOf(route)?.component, route).toBeDefined();
  });

  it('/heart_rate lists the devices with their value coloured by level, and the recent heart-rate alarms', async () => {
    renderWithProviders(<MetricScreen route="heart_rate" />);
    const table = await screen.findByTestId('metric-devices');
    const rows = await within(table).findAllByTestId('metric-device');
    expect(bodiesOf('/api/device/metric/devices')[0]).toMatchObject({ metric: 'heartRate', page: 1 });
    expect(rows.map((r) => r.dataset.level)).toEqual(['high', 'normal', 'offline']);
    expect(within(rows[0]!).getByTestId('metric-value')).toHaveTextContent('131 bpm');
    expect(within(rows[0]!).getByText('50 ~ 120')).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('metric-level')).toHaveTextContent('偏高');
    expect(within(rows[2]!).getByTestId('metric-value')).toHaveTextContent('-');
    expect(screen.getByTestId('metric-count-high')).toHaveTextContent('1');
    expect(await screen.findByTestId('metric-alarm')).toHaveTextContent('心率告警');
    // Only the heart-rate alarms of the kinds that report a heart rate (a utility meter's low
    // balance shares the battery screen's alarm type; its gateway reports no battery).
    expect(bodiesOf('/api/device/alarm/list')[0]).toMatchObject({
      filters: { type: 6, deviceKind: ['helmet', 'wristband', 'watch', 'ankle'] },
      size: 10,
    });
  });

  it("opens on the fleet: the current values worst first against each device's limits, and the worst devices' last hours", async () => {
    renderWithProviders(<MetricScreen route="heart_rate" />);
    const bars = JSON.parse(
      (await within(await screen.findByTestId('metric-fleet')).findByTestId('chart-option')).textContent!,
    );
    expect(bodiesOf('/api/device/metric/fleet')[0]).toMatchObject({
      metric: 'heartRate',
      size: 30,
      lines: 5,
      hours: 3,
    });
    // The offline device has no bar; the high one comes first, coloured red.
    expect(bars.xAxis.data).toEqual(['Helmet 1', 'Band 2']);
    expect(bars.series[0].data).toEqual([
      { value: 131, itemStyle: { color: '#e03131' } },
      { value: 72, itemStyle: { color: '#2f9e44' } },
    ]);
    expect(bars.series.slice(1).map((s: { name: string; data: number[] }) => [s.name, s.data])).toEqual([
      ['上限', [120, 120]],
      ['下限', [50, 50]],
    ]);
    const trend = JSON.parse(
      (await within(screen.getByTestId('metric-trend')).findByTestId('chart-option')).textContent!,
    );
    expect(trend.series.map((s: { name: string }) => s.name)).toEqual(['Helmet 1', 'Band 2']);
    expect(trend.series[0].data).toEqual([
      ['2026-11-23T08:30:00.000Z', 118],
      ['2026-11-23T08:31:00.000Z', 125],
    ]);
    // The axis starts at the first bucket with data, not at the start of the window asked for.
    expect(trend.xAxis).toMatchObject({
      type: 'time',
      min: Date.parse('2026-11-23T08:00:00.000Z'),
      max: Date.parse('2026-11-23T10:00:00.000Z'),
    });
    expect(trend.series[0].markLine.data.map((m: { yAxis: number }) => m.yAxis)).toEqual([120, 50]);
    expect(screen.queryByTestId('metric-history')).toBeNull();
    expect(screen.getByTestId('device-map').dataset.kinds).toBe('helmet,wristband,watch,ankle');

    // A bar picks its device: its history replaces the lines, and 全部设备 brings them back.
    fireEvent.click(within(screen.getByTestId('metric-fleet')).getByTestId('chart-click'));
    expect(await screen.findByTestId('metric-history')).toHaveTextContent('Helmet 1');
    await waitFor(() =>
      expect(bodiesOf('/api/device/device/rollups').at(-1)).toMatchObject({ imei: '860100000000001' }),
    );
    fireEvent.click(screen.getByTestId('metric-fleet-back'));
    expect(await screen.findByTestId('metric-trend')).toBeInTheDocument();
    expect(screen.queryByTestId('metric-history')).toBeNull();
  });

  it("a scope of one device opens on that device's history", async () => {
    const one: MetricDevices = {
      rows: [devices.rows[1]!],
      total: 1,
      counts: { high: 0, low: 0, normal: 1, offline: 0 },
    };
    calls = mockApi({
      '/api/device/metric/devices': one,
      '/api/device/metric/fleet': { ...fleet, devices: one.rows, live: 1, series: [fleet.series[1]!] },
      '/api/device/device/rollups': hourly,
    });
    renderWithProviders(<MetricScreen route="heart_rate" />);
    const history = await screen.findByTestId('metric-history');
    expect(history).toHaveTextContent('Band 2');
    await waitFor(() =>
      expect(bodiesOf('/api/device/device/rollups')[0]).toMatchObject({ imei: '860100000000002', metric: 'heartRate' }),
    );
    expect(screen.queryByTestId('metric-trend')).toBeNull();
    expect(within(screen.getByTestId('metric-devices')).getByTestId('metric-device')).toHaveAttribute(
      'data-active',
      'true',
    );
  });

  it('on a phone the devices are cards, one per device', async () => {
    stubPhone();
    renderWithProviders(<MetricScreen route="heart_rate" />);
    const list = await screen.findByTestId('metric-devices');
    const cards = await within(list).findAllByTestId('metric-device');
    expect(within(list).queryByTestId('data-table')).toBeNull();
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByTestId('metric-value')).toHaveTextContent('131 bpm');
    fireEvent.click(cards[1]!);
    expect(await screen.findByTestId('metric-history')).toHaveTextContent('Band 2');
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
    await waitFor(() =>
      expect(bodiesOf('/api/device/metric/devices').at(-1)).toMatchObject({
        metric: 'heartRate',
        level: 'high',
        page: 1,
      }),
    );
  });

  it('selecting a device draws its history with the limits as mark lines; a zoom fetches finer buckets', async () => {
    renderWithProviders(<MetricScreen route="heart_rate" />);
    const table = await screen.findByTestId('metric-devices');
    fireEvent.click((await within(table).findAllByTestId('metric-device'))[0]!);
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
    await waitFor(() =>
      expect(bodiesOf('/api/device/device/rollups').at(-1)).toMatchObject({
        from: '2026-11-23T10:00:00.000Z',
        to: '2026-11-23T11:00:00.000Z',
      }),
    );
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
