import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AlarmStats } from '../../../src/shared/alarms/api';
import { AlarmStatsScreen } from '../../../src/client/features/alarms/AlarmStatsScreen';
import { statsBody, statsRange } from '../../../src/client/features/alarms/statsSearch';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { mockApi, type Call } from '../devices/mockApi';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';

// jsdom has no canvas: the chart host renders its option as JSON so the figures can be checked.
vi.mock('../../../src/client/components/Chart', () => ({
  Chart: ({ option }: { option: unknown }) => <pre data-testid="chart-option">{JSON.stringify(option)}</pre>,
}));

const stats: AlarmStats = {
  response: {
    byType: [{ type: 15, acknowledged: 12, medianS: 18.5, p90S: 44 }],
    byOperator: [{ name: 'desk1', acknowledged: 12, medianS: 18.5, p90S: 44 }],
    escalated: 4,
  },
  total: 42,
  unread: 7,
  pending: 9,
  byType: [
    { type: 15, count: 30 },
    { type: 6, count: 12 },
  ],
  byLevel: [{ level: 3, count: 30 }],
  byKind: [
    { kind: 'helmet', count: 25 },
    { kind: 'smoke', count: 17 },
  ],
  byHandle: [
    { state: 0, count: 9 },
    { state: 1, count: 30 },
    { state: 2, count: 3 },
  ],
  trend: [
    { at: '2026-11-19T00:00:00.000Z', count: 20 },
    { at: '2026-11-20T00:00:00.000Z', count: 22 },
  ],
  topDevices: [{ imei: '860100000000001', name: 'Helmet 1', count: 30 }],
};

const option = (id: string) =>
  JSON.parse(within(screen.getByTestId(`alarm-chart-${id}`)).getByTestId('chart-option').textContent!);

describe('stats search', () => {
  it("defaults to the tenant's last seven whole days and orders a reversed range", () => {
    saveLogin('tok', demoUser);
    // 01:30 in Shanghai on the 22nd is still the 21st in UTC and New York: the tenant's day counts.
    const now = Date.parse('2026-11-22T01:30:00+08:00');
    expect(statsRange({}, now)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(statsRange({ from: '2026-11-20', to: '2026-11-01' }, now)).toEqual({ from: '2026-11-01', to: '2026-11-20' });
    const body = statsBody({ from: '2026-11-01', to: '2026-11-02', bucket: 'hour' }, now);
    expect(body.bucket).toBe('hour');
    // The picked days are the tenant's days (Asia/Shanghai), whatever the browser's zone.
    expect(body.from).toBe('2026-10-31T16:00:00.000Z');
    expect(body.to).toBe('2026-11-02T15:59:59.999Z');
  });
});

describe('/alarmTongji', () => {
  let calls: Call[];
  beforeEach(() => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    calls = mockApi({ '/api/device/alarm/stats': stats });
  });
  afterEach(() => resetRequestDeps());

  it('renders totals, the four charts from the answer with translated labels, and the top devices', async () => {
    const search = { from: '2026-11-19', to: '2026-11-20' };
    renderWithProviders(<AlarmStatsScreen search={search} onSearchChange={() => undefined} />);
    expect(await screen.findByTestId('alarm-total-total')).toHaveTextContent('42');
    expect(screen.getByTestId('alarm-total-unread')).toHaveTextContent('7');
    expect(screen.getByTestId('alarm-total-pending')).toHaveTextContent('9');
    expect(calls.find((c) => c.url === '/api/device/alarm/stats')?.body).toEqual(statsBody(search));

    await screen.findByTestId('alarm-chart-type');
    expect(option('type').series[0].data).toEqual([
      { name: 'SOS求救', value: 30 },
      { name: '心率告警', value: 12 },
    ]);
    expect(option('kind').xAxis.data).toEqual(['智能安全帽', '烟感']);
    expect(option('kind').series[0].data).toEqual([25, 17]);
    expect(option('handle').series[0].data.map((d: { name: string }) => d.name)).toEqual(['未处理', '已处理', '误报']);
    expect(option('trend').series[0].data).toEqual([20, 22]);
    expect(option('trend').xAxis.data).toEqual(['2026-11-19', '2026-11-20']);
    const top = screen.getByTestId('alarm-top-devices');
    expect(within(top).getByText('Helmet 1')).toBeInTheDocument();
    expect(within(top).getByText('30')).toBeInTheDocument();
  });

  it('shows the time to acknowledge by type and by operator, and how many escalated', async () => {
    renderWithProviders(<AlarmStatsScreen search={{}} onSearchChange={() => undefined} />);
    const card = await screen.findByTestId('alarm-response');
    expect(within(card).getByTestId('alarm-escalated')).toHaveTextContent('4');
    const byType = within(within(card).getByTestId('response-by-type')).getAllByRole('row');
    expect(byType[1]).toHaveTextContent(/SOS求救.*12.*18\.5.*44/);
    const byOperator = within(within(card).getByTestId('response-by-operator')).getAllByRole('row');
    expect(byOperator[1]).toHaveTextContent(/desk1.*12.*18\.5.*44/);
  });

  it('switching the bucket asks for hourly figures', async () => {
    const onSearch = vi.fn();
    renderWithProviders(<AlarmStatsScreen search={{}} onSearchChange={onSearch} />);
    await screen.findByTestId('alarm-total-total');
    fireEvent.click(screen.getByText('按小时'));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ bucket: 'hour' }));
  });
});
