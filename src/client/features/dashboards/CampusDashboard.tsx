import { useMemo } from 'react';
import { Grid, SimpleGrid, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { CampusPanel, DashboardBody, DashboardSummary } from '../../../shared/dashboard';
import { Chart } from '../../components/Chart';
import { dayEnd, dayOf, dayStart } from '../../lib/zone';
import { alarmTypeText } from '../alarms/alarmLabels';
import { pie } from '../alarms/statsCharts';
import {
  alarmDaysOption,
  attendanceDaysOption,
  byMonth,
  peopleByDepartmentOption,
  type PersonnelNames,
} from './dashboardCharts';
import { useDashboardSummary } from './dashboard.queries';
import { DashboardGrid, DashboardToolbar, MapPanel, useDashboard, WithSummary } from './DashboardScreen';
import {
  AlarmDaysPanel,
  AlarmHoursPanel,
  AlarmTypesPanel,
  Figure,
  FiguresPanel,
  KindsPanel,
  KpiRow,
  LatestPanel,
  Panel,
  ReadingsPanel,
  useChartNames,
} from './panels';

/** The campus year so far on the tenant's clock (the yearly panel's period). */
function yearBody(body: DashboardBody, now: number = Date.now()): DashboardBody {
  const today = dayOf(now);
  return { ...body, from: dayStart(`${today.slice(0, 4)}-01-01`), to: dayEnd(today) };
}

/** index4yearly: the year's alarms by month. */
function YearlyPanel({ body }: { body: DashboardBody }) {
  const { t } = useLingui();
  const names = useChartNames();
  const year = useMemo(() => yearBody(body), [body]);
  const query = useDashboardSummary(year);
  return (
    <Panel title={t`年度报警统计`} panel="alarmDays" body={year} testId="campus-yearly">
      <WithSummary query={query}>
        {(s) => {
          const months = byMonth(s.alarms.byDay);
          return (
            <>
              <Chart
                option={alarmDaysOption(
                  months.map((m) => ({ day: m.month, count: m.count })),
                  names,
                )}
                height={220}
              />
              <SimpleGrid cols={3} spacing="xs" mt="xs">
                <Figure id="yearAlarms" label={t`年度报警`} value={s.alarms.period} />
                <Figure id="yearHandled" label={t`已处理`} value={s.alarms.handled} color="green" />
                <Figure id="yearPending" label={t`未处理`} value={s.alarms.pending} color="orange" />
              </SimpleGrid>
            </>
          );
        }}
      </WithSummary>
    </Panel>
  );
}

/** index4personnel: students' wristbands, attendance, people on campus. */
function PersonnelPanel({ s, body }: { s: DashboardSummary; body: DashboardBody }) {
  const { t } = useLingui();
  const f = s.figures;
  const rate = f.wearables ? `${Math.round(((f.attendance ?? 0) / f.wearables) * 100)}%` : null;
  return (
    <Panel title={t`人员统计`} panel="specific" body={body} testId="campus-personnel">
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing="xs">
        <Figure id="wristbandsOnline" label={t`手环在线`} value={f.wristbandsOnline ?? 0} color="green" />
        <Figure id="wristbands" label={t`手环总数`} value={f.wristbands ?? 0} />
        <Figure id="peopleOnSite" label={t`在校人数`} value={f.peopleOnSite} />
        <Figure id="attendance" label={t`今日出勤`} value={f.attendance ?? 0} />
        <Figure id="attendanceRate" label={t`出勤率`} value={rate} />
        <Figure id="outOfFence" label={t`出围栏人员`} value={f.outOfFence ?? 0} color="red" />
      </SimpleGrid>
    </Panel>
  );
}

/**
 * index4personnel's page: the people now (by department and role, on duty today) and what the
 * filter's period held for them (attendance per day, people's alarms by type and day), all from
 * the campus summary's `personnel`, which the service counts over the period's days.
 */
function PersonnelScreen({ s, body }: { s: DashboardSummary; body: DashboardBody }) {
  const { t, i18n } = useLingui();
  const names = useChartNames();
  const p = s.personnel;
  const labels: PersonnelNames = {
    people: t`人数`,
    wearables: t`穿戴设备`,
    noDepartment: t`未分配部门`,
    normal: t`正常`,
    late: t`迟到`,
    absent: t`缺勤`,
    leave: t`请假`,
    alarms: t`报警数`,
  };
  const period = p ? `${p.fromDay} ~ ${p.toDay}` : '';
  const present = p ? p.attendance.records - p.attendance.absent : 0;
  return (
    <Stack gap="sm" data-testid="personnel" data-period={period}>
      <PersonnelPanel s={s} body={body} />
      {p && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs" data-testid="personnel-period">
            <Figure id="people" label={t`人员总数`} value={p.people} />
            <Figure id="onDutyToday" label={t`今日在岗`} value={p.onDutyToday} color="green" />
            <Figure id="periodAttendance" label={t`期间出勤人次`} value={present} />
            <Figure id="periodLate" label={t`期间迟到`} value={p.attendance.late} color="orange" />
            <Figure id="periodAbsent" label={t`期间缺勤`} value={p.attendance.absent} color="red" />
            <Figure id="peopleAlarms" label={t`期间人员报警`} value={p.alarms} color="red" />
          </SimpleGrid>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Panel title={t`各部门人数`} body={body} testId="personnel-departments">
                <Chart option={peopleByDepartmentOption(p, labels)} height={240} />
              </Panel>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Panel title={t`角色分布`} body={body} testId="personnel-roles">
                <Chart
                  option={pie(
                    labels.people,
                    p.byRole.map((r) => ({ name: r.name, value: r.people })),
                  )}
                  height={240}
                />
              </Panel>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Panel title={t`每日出勤`} body={body} testId="personnel-attendance">
                <Chart option={attendanceDaysOption(p, labels)} height={240} />
              </Panel>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Panel title={t`人员报警类型`} body={body} testId="personnel-alarm-types">
                <Chart
                  option={pie(
                    labels.alarms,
                    p.alarmsByType.map((a) => ({ name: alarmTypeText(i18n, a.type), value: a.count })),
                  )}
                  height={240}
                />
              </Panel>
            </Grid.Col>
            <Grid.Col span={12}>
              <Panel title={t`人员报警趋势`} body={body} testId="personnel-alarm-days">
                <Chart option={alarmDaysOption(p.alarmDays, names)} height={200} />
              </Panel>
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}

/** index4manager: what the people in charge work on: handling figures and the alarms awaiting them. */
function ManagerPanel({ s, body }: { s: DashboardSummary; body: DashboardBody }) {
  const { t } = useLingui();
  const rate = s.alarms.handleRate === null ? null : `${Math.round(s.alarms.handleRate * 100)}%`;
  return (
    <Stack gap="sm" data-testid="campus-manager">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
        <Figure id="handled" label={t`已处理`} value={s.alarms.handled} color="green" />
        <Figure id="pending" label={t`未处理`} value={s.alarms.pending} color="orange" />
        <Figure id="rate" label={t`处理率`} value={rate} />
        <Figure
          id="mean"
          label={t`平均处理时长`}
          value={s.alarms.meanHandleS === null ? null : Math.round(s.alarms.meanHandleS / 60)}
          suffix={t`分钟`}
        />
      </SimpleGrid>
      <LatestPanel s={s} body={body} />
    </Stack>
  );
}

/** index4info: the campus in figures and charts. */
function InfoPanel({ s, body }: { s: DashboardSummary; body: DashboardBody }) {
  return (
    <Stack gap="sm" data-testid="campus-info">
      <KpiRow s={s} />
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <KindsPanel s={s} body={body} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <AlarmTypesPanel s={s} body={body} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** One campus panel as its own map-layout route (index4map, index4yearly, ...), with the same filter. */
export function CampusPanelScreen({ panel, title }: { panel: CampusPanel; title: string }) {
  const { filter, setFilter, body, query, ref } = useDashboard('campus');
  return (
    <Stack gap="sm" ref={ref} data-testid="dashboard" data-scenario="campus" data-panel={panel}>
      <DashboardToolbar title={title} filter={filter} onFilter={setFilter} target={ref} />
      {panel === 'index4map' && <MapPanel scenario="campus" body={body} height={560} />}
      {panel === 'index4yearly' && <YearlyPanel body={body} />}
      {panel !== 'index4map' && panel !== 'index4yearly' && (
        <WithSummary query={query}>
          {(s) => (
            <>
              {panel === 'index4personnel' && <PersonnelScreen s={s} body={body} />}
              {panel === 'index4info' && <InfoPanel s={s} body={body} />}
              {panel === 'index4manager' && <ManagerPanel s={s} body={body} />}
            </>
          )}
        </WithSummary>
      )}
    </Stack>
  );
}

/** index4: the campus dashboard, composed of the five campus panels and the common ones. */
export function CampusDashboard({ title }: { title: string }) {
  const half = { base: 12, md: 6 };
  return (
    <DashboardGrid
      scenario="campus"
      title={title}
      head={(s, body) => <InfoPanel s={s} body={body} />}
      panels={(s, body) => [
        { key: 'map', span: { base: 12, lg: 8 }, panel: <MapPanel scenario="campus" body={body} /> },
        { key: 'manager', span: { base: 12, lg: 4 }, panel: <ManagerPanel s={s} body={body} /> },
        { key: 'personnel', span: half, panel: <PersonnelPanel s={s} body={body} /> },
        { key: 'yearly', span: half, panel: <YearlyPanel body={body} /> },
        { key: 'alarmHours', span: half, panel: <AlarmHoursPanel s={s} body={body} /> },
        { key: 'alarmDays', span: half, panel: <AlarmDaysPanel s={s} body={body} /> },
        { key: 'figures', span: 12, panel: <FiguresPanel s={s} body={body} /> },
        { key: 'readings', span: 12, panel: <ReadingsPanel s={s} body={body} /> },
      ]}
    />
  );
}
