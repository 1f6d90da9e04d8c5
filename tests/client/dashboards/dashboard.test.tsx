import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CampusPanelScreen } from '../../../src/client/features/dashboards/CampusDashboard';
import { DashboardScreen } from '../../../src/client/features/dashboards/DashboardScreen';
import { DataWall, wallLayout } from '../../../src/client/features/dashboards/DataWall';
import { alarmHoursOption, byMonth } from '../../../src/client/features/dashboards/dashboardCharts';
import { LIVE_MIN_GAP_MS } from '../../../src/client/live/useLiveRefetch';
import { setLiveBridge } from '../../../src/client/live/liveStore';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import type { DashboardSummary } from '../../../src/shared/dashboard';
import { tenantDashboardTopic } from '../../../src/shared/topics';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';
import { fakeBridge } from '../indoor/indoorMocks';
import { alarmQueryClient } from '../alarms/fixtures';

// jsdom has no canvas and no WebGL: charts render their option as JSON, the map a placeholder.
vi.mock('../../../src/client/components/Chart', () => ({
  Chart: ({ option }: { option: unknown }) => <pre data-testid="chart-option">{JSON.stringify(option)}</pre>,
}));
vi.mock('../../../src/client/features/dashboards/DashboardMap', () => ({
  default: ({ kinds }: { kinds?: string[] }) => <div data-testid="fake-map" data-kinds={kinds?.join(',') ?? 'all'} />,
}));

// The handling dialog's autosizing note listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

function summary(online: number, scenario: DashboardSummary['scenario'] = 'fire'): DashboardSummary {
  return {
    scenario,
    at: 1,
    from: '2026-11-16T00:00:00.000Z',
    to: '2026-11-23T00:00:00.000Z',
    devices: {
      total: 10,
      online,
      offline: 10 - online,
      inactive: 0,
      alarming: 1,
      byKind: [{ kind: 'smoke', total: 10, online, offline: 10 - online, inactive: 0, alarming: 1 }],
    },
    alarms: {
      today: 3,
      period: 5,
      byType: [{ type: 8, today: 3, period: 5 }],
      byHour: Array.from({ length: 24 }, (_, h) => (h === 9 ? 3 : 0)),
      byDay: [
        { day: '2026-11-22', count: 2 },
        { day: '2026-11-23', count: 3 },
      ],
      handled: 4,
      pending: 1,
      handleRate: 0.8,
      meanHandleS: 600,
      ackMedianS: 12,
      ackP90S: 40,
      escalated: 2,
    },
    readings: [
      { metric: 'smoke', devices: online, avg: 1.5, max: 12, days: [{ day: '2026-11-23', avg: 1.5, max: 12 }] },
    ],
    figures: {
      peopleOnSite: 0,
      wearables: 0,
      smokeAlarming: 1,
      gasAlarming: 0,
      pressureAlarming: 0,
      breakersOnline: 2,
      breakerTrips: 0,
      wristbandsOnline: 7,
      wristbands: 9,
      attendance: 6,
    },
    latest: [
      {
        id: 41,
        type: 8,
        level: 3,
        title: 'Smoke',
        imei: '860000000000001',
        deviceName: 'Smoke 1',
        personName: null,
        ts: '2026-11-23T09:00:00.000Z',
        read: 0,
        handleState: 0,
      },
    ],
  };
}

/** The campus personnel figures of a period with `alarms` people's alarms (falls). */
function personnel(alarms: number): NonNullable<DashboardSummary['personnel']> {
  return {
    fromDay: '2026-11-19',
    toDay: '2026-11-25',
    people: 12,
    byDepartment: [
      { departmentId: 5, name: 'Crew A', people: 10, wearables: 8 },
      { departmentId: null, name: null, people: 2, wearables: 0 },
    ],
    byRole: [{ roleId: 1, name: '管理员', people: 12 }],
    onDutyToday: 5,
    attendance: { records: 20, normal: 15, late: 3, early: 0, absent: 2, leave: 0 },
    attendanceDays: [{ day: '2026-11-25', normal: 15, late: 3, absent: 2, leave: 0 }],
    alarms,
    alarmsByType: [{ type: 13, count: alarms }],
    alarmDays: [{ day: '2026-11-25', count: alarms }],
  };
}

const figure = (id: string) => screen.getByTestId(`dash-figure-${id}`).getAttribute('data-value');

describe('scenario dashboards', () => {
  let calls: Call[];
  let online: number;
  beforeEach(() => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    online = 6;
    calls = mockApi({
      '/api/device/dashboard/summary': () => summary(online),
      '/api/user/department/list': { rows: [{ id: 5, name: 'Crew A' }], total: 1 },
    });
  });
  afterEach(() => {
    setLiveBridge(null);
    resetRequestDeps();
  });

  it('shows the figures, the scenario map, the latest alarms and the readings of its summary', async () => {
    renderWithProviders(<DashboardScreen scenario="fire" title="消防看板" />);
    await screen.findByTestId('dash-figure-online');
    expect(figure('online')).toBe('6');
    expect(figure('rate')).toBe('80%');
    expect(figure('mean')).toBe('10');
    // Seconds to acknowledge, median / p90, and the alarms that escalated.
    expect(figure('ack')).toBe('12 / 40');
    expect(figure('escalated')).toBe('2');
    expect(figure('smokeAlarming')).toBe('1');
    expect(calls.find((c) => c.url === '/api/device/dashboard/summary')?.body).toEqual({ scenario: 'fire' });
    expect((await screen.findByTestId('fake-map')).getAttribute('data-kinds')).toBe(
      'smoke,fireButton,gas,waterPressure,breaker,gateway4g',
    );
    expect(within(screen.getByTestId('dash-latest')).getAllByTestId('dash-alarm')).toHaveLength(1);
    expect(within(screen.getByTestId('dash-readings')).getByTestId('dash-reading-avg')).toHaveTextContent('1.5');
    expect(within(screen.getByTestId('dash-kinds-table')).getByText('10')).toBeInTheDocument();
  });

  it('fetches again on a live dashboard notice, throttled, and shows the new number', async () => {
    const live = fakeBridge();
    setLiveBridge(live.bridge);
    renderWithProviders(<DashboardScreen scenario="fire" title="消防看板" />);
    await screen.findByTestId('dash-figure-online');
    const topic = tenantDashboardTopic(demoUser.tenantId);
    expect(live.subscribed).toContain(topic);
    const before = calls.filter((c) => c.url === '/api/device/dashboard/summary').length;
    online = 9;
    // A burst of notices (and a malformed one) ends in one or two fetches, not one per notice.
    act(() => {
      for (let i = 0; i < 5; i++) live.push(topic, { code: '9040', parts: ['devices', 'readings'], at: i });
      live.push(topic, { code: '9040', parts: 'x' });
    });
    await waitFor(() => expect(figure('online')).toBe('9'));
    await new Promise((r) => setTimeout(r, LIVE_MIN_GAP_MS * 3));
    const fetched = calls.filter((c) => c.url === '/api/device/dashboard/summary').length - before;
    expect(fetched).toBeGreaterThanOrEqual(1);
    expect(fetched).toBeLessThanOrEqual(2);
  });

  it('lets a notice of readings alone wait, and fetches at once for an alarm', async () => {
    const live = fakeBridge();
    setLiveBridge(live.bridge);
    renderWithProviders(<DashboardScreen scenario="fire" title="消防看板" />);
    await screen.findByTestId('dash-figure-online');
    const topic = tenantDashboardTopic(demoUser.tenantId);
    const summaries = () => calls.filter((c) => c.url === '/api/device/dashboard/summary').length;
    const before = summaries();
    act(() => {
      for (let i = 0; i < 5; i++) live.push(topic, { code: '9040', parts: ['readings'], at: i });
    });
    await new Promise((r) => setTimeout(r, LIVE_MIN_GAP_MS * 3));
    expect(summaries()).toBe(before);
    online = 9;
    act(() => live.push(topic, { code: '9040', parts: ['alarms'], at: 9 }));
    await waitFor(() => expect(figure('online')).toBe('9'));
    expect(summaries()).toBe(before + 1);
  });

  it('filters by department', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DashboardScreen scenario="fire" title="消防看板" />);
    await screen.findByTestId('dash-figure-online');
    await user.click(screen.getByTestId('dash-department'));
    await user.click(await screen.findByRole('option', { name: 'Crew A' }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.url === '/api/device/dashboard/summary' && (c.body as { departmentId?: number }).departmentId === 5,
        ),
      ).toBe(true),
    );
  });

  it("handles an alarm in one click through the alarm screens' dialog", async () => {
    renderWithProviders(<DashboardScreen scenario="fire" title="消防看板" />, { queryClient: alarmQueryClient() });
    await screen.findByTestId('dash-figure-online');
    fireEvent.click(within(screen.getByTestId('dash-latest')).getByTestId('dash-alarm-handle'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('已处理'));
    fireEvent.click(within(dialog).getByTestId('handle-submit'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/device/alarm/handle')?.body).toMatchObject({ ids: [41], state: 1 }),
    );
  });

  it('campus personnel panel shows wristbands and attendance', async () => {
    renderWithProviders(<CampusPanelScreen panel="index4personnel" title="人员统计" />);
    await screen.findByTestId('campus-personnel');
    expect(figure('wristbandsOnline')).toBe('7');
    expect(figure('attendance')).toBe('6');
  });

  it("index4personnel sends the picked days as the tenant's days and shows the period's figures the service answers", async () => {
    // Only Date is faked: the calendar opens on November 2026; the queries' timers run for real.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T04:00:00Z'));
    const user = userEvent.setup();
    calls = mockApi({
      '/api/device/dashboard/summary': (body: unknown) => ({
        ...summary(6, 'campus'),
        personnel: personnel((body as { from?: string }).from ? 9 : 4),
      }),
      '/api/user/department/list': { rows: [], total: 0 },
    });
    try {
      renderWithProviders(<CampusPanelScreen panel="index4personnel" title="人员统计" />);
      await waitFor(() => expect(figure('peopleAlarms')).toBe('4'));
      expect(figure('people')).toBe('12');
      expect(figure('onDutyToday')).toBe('5');
      expect(figure('periodAttendance')).toBe('18');
      const departments = JSON.parse(
        within(screen.getByTestId('personnel-departments')).getByTestId('chart-option').textContent!,
      );
      expect(departments.xAxis.data).toEqual(['Crew A', '未分配部门']);
      expect(departments.series.map((s: { data: number[] }) => s.data)).toEqual([
        [10, 2],
        [8, 0],
      ]);
      const types = JSON.parse(
        within(screen.getByTestId('personnel-alarm-types')).getByTestId('chart-option').textContent!,
      );
      expect(types.series[0].data).toEqual([{ name: '跌倒告警', value: 4 }]);

      await user.click(screen.getByTestId('dash-range'));
      await user.click(await screen.findByRole('button', { name: '20 November 2026' }));
      await user.click(screen.getByRole('button', { name: '22 November 2026' }));
      // The picked days are Shanghai's (the tenant's): from its midnight on the 20th to the end of the 22nd.
      await waitFor(() =>
        expect(calls.filter((c) => c.url === '/api/device/dashboard/summary').at(-1)?.body).toEqual({
          scenario: 'campus',
          from: '2026-11-19T16:00:00.000Z',
          to: '2026-11-22T15:59:59.999Z',
        }),
      );
      await waitFor(() => expect(figure('peopleAlarms')).toBe('9'));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the data wall', () => {
  beforeEach(() => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    mockApi({ '/api/device/dashboard/summary': () => summary(4, 'city') });
  });
  afterEach(() => resetRequestDeps());

  it('picks the 4K stage from 2,880 pixels wide and scales each stage to fit without scrolling', () => {
    expect(wallLayout(1920, 1080)).toEqual({ layout: '1080', scale: 1 });
    expect(wallLayout(1280, 1024)).toEqual({ layout: '1080', scale: 1280 / 1920 });
    expect(wallLayout(3840, 2160)).toEqual({ layout: '2160', scale: 1 });
    expect(wallLayout(2880, 1620).layout).toBe('2160');
  });

  it('shows the city figures on the dark stage with a rotating panel', async () => {
    renderWithProviders(<DataWall />);
    expect((await screen.findByTestId('wall-figure-online')).getAttribute('data-value')).toBe('4');
    expect(screen.getByTestId('data-wall').getAttribute('data-layout')).toBe('1080');
    expect(screen.getByTestId('wall-slot').getAttribute('data-panel')).toBe('hours');
    expect(screen.getAllByTestId('wall-alarm')).toHaveLength(1);
  });

  it('the people panel says what would fill it while no wearable is registered', async () => {
    renderWithProviders(<DataWall />);
    const panel = await screen.findByTestId('wall-figures');
    expect(within(panel).getByTestId('wall-people-empty')).toHaveTextContent('穿戴设备上线后');
    expect(within(panel).queryByTestId('wall-people')).toBeNull();
    // The scenario's other figures follow.
    expect(within(panel).getByTestId('wall-figure-wristbandsOnline').getAttribute('data-value')).toBe('7');
  });

  it('the people panel shows the wearers on duty against all wearables', async () => {
    mockApi({
      '/api/device/dashboard/summary': () => ({ ...summary(4, 'city'), figures: { peopleOnSite: 12, wearables: 20 } }),
    });
    renderWithProviders(<DataWall />);
    const people = await screen.findByTestId('wall-people');
    expect([people.dataset.value, people.dataset.total]).toEqual(['12', '20']);
    expect(people).toHaveTextContent('12 / 20');
    expect(screen.queryByTestId('wall-people-empty')).toBeNull();
  });
  // docs/alarms.md#acknowledgement-and-escalation: the ticker takes a critical alarm, and says who did.
  const wallWith = (latest: DashboardSummary['latest']) => {
    const base = summary(4, 'city');
    return mockApi({
      '/api/device/dashboard/summary': () => ({ ...base, latest }),
      '/api/device/alarm/ack': { updated: 1, taken: [{ id: 41, ackedByName: demoUser.name, ackedAt: 'x' }] },
    });
  };
  const smoke = summary(4, 'city').latest[0]!;

  it('an unacknowledged critical alarm on the wall has 我来处理; it sends alarm/ack and then names the taker', async () => {
    const sent = wallWith([smoke, { ...smoke, id: 42, ackedByName: '李四' }, { ...smoke, id: 43, level: 2, type: 6 }]);
    renderWithProviders(<DataWall />, { queryClient: alarmQueryClient() });
    const rows = await screen.findAllByTestId('wall-alarm');
    expect(rows.map((r) => [r.dataset.id, Boolean(within(r).queryByTestId('wall-alarm-ack'))])).toEqual([
      ['41', true],
      ['42', false],
      ['43', false],
    ]);
    expect(within(rows[1]!).getByTestId('wall-alarm-taken')).toHaveTextContent('已由 李四 接手');
    fireEvent.click(within(rows[0]!).getByTestId('wall-alarm-ack'));
    await waitFor(() =>
      expect(sent.filter((c) => c.url === '/api/device/alarm/ack').map((c) => c.body)).toEqual([
        { ids: [41], requestId: expect.stringMatching(/^[0-9a-f]{32}$/) },
      ]),
    );
    expect(within(rows[0]!).getByTestId('wall-alarm-taken')).toHaveTextContent(`已由 ${demoUser.name} 接手`);
    expect(within(rows[0]!).queryByTestId('wall-alarm-ack')).toBeNull();
  });

  it('a visitor sees who took an alarm on the wall, never 我来处理', async () => {
    saveLogin('tok', { ...demoUser, kind: 'visitor', marks: [] });
    wallWith([smoke, { ...smoke, id: 42, ackedByName: '李四' }]);
    renderWithProviders(<DataWall />, { queryClient: alarmQueryClient() });
    expect(await screen.findAllByTestId('wall-alarm')).toHaveLength(2);
    expect(screen.queryByTestId('wall-alarm-ack')).toBeNull();
    expect(screen.getByTestId('wall-alarm-taken')).toHaveTextContent('已由 李四 接手');
  });
});

describe('chart options', () => {
  it('sums days into months and charts every hour of the day', () => {
    expect(
      byMonth([
        { day: '2026-01-03', count: 2 },
        { day: '2026-02-01', count: 1 },
        { day: '2026-01-30', count: 3 },
      ]),
    ).toEqual([
      { month: '2026-01', count: 5 },
      { month: '2026-02', count: 1 },
    ]);
    // Read at 23:30 in Shanghai (the tenant's clock): the whole day so far is every hour.
    const option = alarmHoursOption(
      { ...summary(1), at: Date.parse('2026-11-23T15:30:00Z') },
      { online: '', offline: '', alarming: '', today: 'today', period: '', alarms: '', avg: '', max: '' },
    );
    expect((option.xAxis as { data: string[] }).data).toHaveLength(24);
    expect((option.series as { data: number[] }[])[0]!.data[9]).toBe(3);
  });
});
