import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type {
  AlarmAnalytics,
  DeviceAnalytics,
  ManagementStats,
  ScatterAnswer,
  StateLineAnswer,
} from '../../../src/shared/analytics';
import { AnalyzeScreen } from '../../../src/client/features/analytics/AnalyzeScreen';
import { FigureScreen } from '../../../src/client/features/analytics/FigureScreen';
import { ManagementScreen } from '../../../src/client/features/analytics/ManagementScreen';
import { screenOf } from '../../../src/client/features/screens/registry';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { mockApi, type Call } from '../devices/mockApi';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';

// jsdom has no canvas: the lazily loaded ECharts host shows the option it was given.
vi.mock('../../../src/client/components/Chart/EChart', () => ({
  default: ({ option }: { option: unknown }) => <pre data-testid="chart-option">{JSON.stringify(option)}</pre>,
}));

const alarms: AlarmAnalytics = {
  total: 3,
  handled: 2,
  handlingRate: 2 / 3,
  meanHandleS: 900,
  ackMedianS: 42,
  byType: [
    { type: 6, count: 2 },
    { type: 9, count: 1 },
  ],
  byDay: [
    { day: '2026-11-22', count: 1 },
    { day: '2026-11-23', count: 2 },
  ],
  handledByDay: [1, 1],
  byHour: Array.from({ length: 24 }, (_, h) => (h === 9 ? 3 : 0)),
  topDevices: [{ imei: '860100000000001', name: 'Helmet 1', count: 2 }],
};
const devices: DeviceAnalytics = {
  total: 4,
  byState: [
    { state: 0, count: 1 },
    { state: 1, count: 3 },
  ],
  byKind: [
    { kind: 'helmet', count: 3 },
    { kind: 'smoke', count: 1 },
  ],
  onlineTrend: [{ t: '2026-11-23T01:00:00.000Z', count: 3 }],
  grain: 'hour',
  departments: [{ id: 1, name: '一部', count: 2, children: [{ id: 2, name: '一组', count: 1, children: [] }] }],
};
const state: StateLineAnswer = {
  imei: '860100000000001',
  name: 'Helmet 1',
  points: [
    { t: '2026-11-22T00:00:00Z', state: 1 },
    { t: '2026-11-22T05:00:00Z', state: 2 },
  ],
};
const scatter: ScatterAnswer = { x: 'heartRate', y: 'bodyTemp', series: [{ kind: 'helmet', points: [[70, 36.5]] }] };
const management: ManagementStats = {
  users: { total: 5, enabled: 4 },
  roles: 2,
  departments: 3,
  devices: {
    total: 4,
    byState: [
      { state: 0, count: 1 },
      { state: 1, count: 3 },
    ],
    byStock: [
      { state: 1, count: 1 },
      { state: 5, count: 3 },
    ],
  },
  jobs: [{ state: 2, count: 7 }],
  storage: { files: 2, bytes: 3 * 1024 * 1024 },
  audit: { byDay: [{ day: '2026-11-23', count: 9 }], byAction: [{ action: 'update', count: 9 }] },
};

let calls: Call[];
beforeEach(() => {
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  calls = mockApi({
    '/api/device/analytics/alarms/stats': alarms,
    '/api/device/analytics/devices/stats': devices,
    '/api/device/analytics/state/events': state,
    '/api/device/analytics/scatter/rollups': scatter,
    '/api/user/management/stats': management,
    '/api/device/device/list': { rows: [{ id: 1, imei: '860100000000001', name: 'Helmet 1' }], total: 1 },
  });
});
afterEach(() => resetRequestDeps());

const options = () =>
  screen
    .getAllByTestId('chart-option')
    .map((el) => JSON.parse(el.textContent ?? '{}') as { series: { type: string; data: unknown[] }[] });

describe('analytics screens', () => {
  it('analyze, figure and management1 are registered lazy screens', () => {
    for (const route of ['analyze', 'figure', 'management1']) expect(screenOf(route)?.component, route).toBeDefined();
  });

  it('/analyze shows the figures and charts of the window, and asks for the last seven days', async () => {
    renderWithProviders(<AnalyzeScreen />);
    expect(await screen.findByTestId('figure-alarms')).toHaveTextContent('3');
    expect(screen.getByTestId('figure-rate')).toHaveTextContent('66.7%');
    expect(screen.getByTestId('figure-mean')).toHaveTextContent('15分0秒');
    expect(screen.getByTestId('figure-ack')).toHaveTextContent('42秒');
    expect(screen.getByTestId('handling-ack')).toHaveTextContent('42秒');
    expect(screen.getByTestId('figure-online')).toHaveTextContent('3');
    expect(within(screen.getByTestId('top-devices')).getByText('Helmet 1')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('chart-option')).toHaveLength(4));
    const types = options()
      .map((o) => o.series[0]!.type)
      .sort();
    expect(types).toEqual(['bar', 'line', 'line', 'pie']);
    const body = calls.find((c) => c.url === '/api/device/analytics/alarms/stats')!.body as {
      from: string;
      to: string;
    };
    expect((Date.parse(body.to) - Date.parse(body.from)) / 86_400_000).toBeCloseTo(7, 0);
    for (const id of ['days', 'types', 'hours', 'online', 'handling', 'top'])
      expect(screen.getByTestId(`export-${id}`)).toBeInTheDocument();
  });

  it('/figure draws the seven kinds from the answers', async () => {
    renderWithProviders(<FigureScreen />);
    await screen.findByTestId('figure-screen');
    await waitFor(() => expect(screen.getAllByTestId('chart-option')).toHaveLength(7));
    const all = options();
    const types = all.map((o) => o.series[0]?.type);
    expect(types.filter((x) => x === 'pie')).toHaveLength(2);
    expect(types).toContain('scatter');
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.url === '/api/device/analytics/state/events' && (c.body as { imei: string }).imei === '860100000000001',
        ),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(
        options().some(
          (o) =>
            JSON.stringify(o.series[0]?.data) ===
            JSON.stringify([
              ['2026-11-22T00:00:00Z', 1],
              ['2026-11-22T05:00:00Z', 2],
            ]),
        ),
      ).toBe(true),
    );
    expect(options().some((o) => JSON.stringify(o.series[0]?.data) === JSON.stringify([[70, 36.5]]))).toBe(true);
  });

  it('/management1 shows the counts with links into the screens', async () => {
    renderWithProviders(<ManagementScreen />);
    expect(await screen.findByTestId('figure-users')).toHaveTextContent('4 / 5');
    expect(screen.getByTestId('figure-storage')).toHaveTextContent('3.0 MB');
    expect(screen.getByTestId('link-roleList')).toHaveAttribute('href', '/roleList');
    expect(within(screen.getByTestId('jobs-table')).getByText('7')).toBeInTheDocument();
  });
});

describe('service health on /management1', () => {
  const report = (ready: boolean, disk: 'ok' | 'down') => ({
    state: disk === 'down' ? 'down' : 'ok',
    ready,
    components: {
      database: { state: 'ok' },
      broker: { state: 'ok' },
      disk:
        disk === 'down' ? { state: 'down', detail: '80 MB free, under the low-water mark of 512 MB' } : { state: 'ok' },
      ingest: { state: 'degraded', detail: '30000 of 50000 messages queued' },
      listeners: { state: 'ok' },
    },
  });

  it('lists each component with its state and why', async () => {
    mockApi({ '/api/user/management/stats': management, '/api/health': report(true, 'ok') });
    renderWithProviders(<ManagementScreen />);
    const rows = await screen.findAllByTestId('service-health-row');
    expect(rows.map((r) => [r.dataset.component, r.dataset.state])).toEqual([
      ['database', 'ok'],
      ['broker', 'ok'],
      ['disk', 'ok'],
      ['ingest', 'degraded'],
      ['listeners', 'ok'],
    ]);
    expect(rows[3]).toHaveTextContent('30000 of 50000 messages queued');
    expect(screen.queryByTestId('service-health-not-ready')).toBeNull();
  });

  it('says when the service cannot store, from the 503 answer’s report', async () => {
    mockApi({
      '/api/user/management/stats': management,
      '/api/health': () =>
        new Response(JSON.stringify({ code: 503, key: 'notReady', msg: 'not ready', data: report(false, 'down') }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        }),
    });
    renderWithProviders(<ManagementScreen />);
    expect(await screen.findByTestId('service-health-not-ready')).toHaveTextContent('服务当前无法存储设备数据');
    const disk = screen.getAllByTestId('service-health-row').find((r) => r.dataset.component === 'disk')!;
    expect(disk.dataset.state).toBe('down');
    expect(disk).toHaveTextContent('under the low-water mark');
  });
});
