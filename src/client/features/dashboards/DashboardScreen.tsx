import '@mantine/dates/styles.css';
import { lazy, Suspense, useDeferredValue, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Center, Grid, Group, Loader, Select, Stack, Text, Title, type GridColProps } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { IconPhoto, IconPrinter } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  scenarioKinds,
  type DashboardBody,
  type DashboardScenario,
  type DashboardSummary,
} from '../../../shared/dashboard';
import { LiveDot } from '../../live/LiveDot';
import { toast } from '../../lib/request';
import { dayEnd, dayStart } from '../../lib/zone';
import { refOptionsQuery } from '../resources/resources.queries';
import { useDashboardSummary } from './dashboard.queries';
import { CommunityPanel } from './CommunityPanel';
import { SupervisionPanel } from './SupervisionPanel';
import {
  AlarmDaysPanel,
  AlarmHoursPanel,
  AlarmTypesPanel,
  FiguresPanel,
  KindsPanel,
  KpiRow,
  LatestPanel,
  Panel,
  ReadingsPanel,
} from './panels';
import { savePng } from './snapshot';
import classes from './dashboard.module.css';

const MapLayer = lazy(() => import('./DashboardMap'));

interface DashboardFilter {
  departmentId?: number;
  range: [string | null, string | null];
}

/** The body of the summary for a scenario and the filter: the picked days are the tenant's, from its first midnight to the end of the last day. */
function bodyOf(scenario: DashboardScenario, f: DashboardFilter): DashboardBody {
  const [from, to] = f.range;
  return {
    scenario,
    ...(f.departmentId ? { departmentId: f.departmentId } : {}),
    ...(from && to ? { from: dayStart(from), to: dayEnd(to) } : {}),
  };
}

/** Department and date-range filter, print and PNG of the whole dashboard. */
export function DashboardToolbar({
  title,
  filter,
  onFilter,
  target,
}: {
  title: string;
  filter: DashboardFilter;
  onFilter: (f: DashboardFilter) => void;
  target: React.RefObject<HTMLDivElement | null>;
}) {
  const { t } = useLingui();
  const departments = useQuery(refOptionsQuery({ kind: 'user', resource: 'department' }));
  const options = (departments.data ?? []).map((d) => ({ value: String(d.id), label: String(d.name ?? d.id) }));
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Group gap="xs">
        <Title order={3}>{title}</Title>
        <LiveDot />
      </Group>
      <Group gap="xs" className={classes.noPrint}>
        <Select
          placeholder={t`全部部门`}
          aria-label={t`部门`}
          data={options}
          clearable
          searchable
          w={180}
          value={filter.departmentId ? String(filter.departmentId) : null}
          onChange={(v) => onFilter({ ...filter, departmentId: v ? Number(v) : undefined })}
          data-testid="dash-department"
        />
        <DatePickerInput
          type="range"
          aria-label={t`统计时间`}
          placeholder={t`最近7天`}
          valueFormat="YYYY-MM-DD"
          clearable
          w={240}
          value={filter.range}
          onChange={(range) => onFilter({ ...filter, range: range as [string | null, string | null] })}
          data-testid="dash-range"
        />
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} />}
          onClick={() => window.print()}
          data-testid="dash-print"
        >
          <Trans>打印 / PDF</Trans>
        </Button>
        <Button
          variant="default"
          leftSection={<IconPhoto size={16} />}
          onClick={() =>
            target.current && savePng(target.current, `${title}.png`).catch(() => toast('error', t`导出失败`))
          }
          data-testid="dash-png"
        >
          PNG
        </Button>
      </Group>
    </Group>
  );
}

/** The map of the scenario's devices with live states (src/client/map), loaded with its own chunk. */
export function MapPanel({
  scenario,
  body,
  height,
}: {
  scenario: DashboardScenario;
  body: DashboardBody;
  height?: number;
}) {
  const { t } = useLingui();
  const kinds = useMemo(
    () => (scenario === 'city' || scenario === 'overview' ? undefined : scenarioKinds(scenario)),
    [scenario],
  );
  return (
    <Panel title={t`设备地图`} body={body} testId="dash-map">
      <div className={classes.mapBox} style={height ? { height } : undefined}>
        <Suspense fallback={<Loading />}>
          <MapLayer kinds={kinds} />
        </Suspense>
      </div>
    </Panel>
  );
}

function Loading() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}

/** The summary, or a loader / an error line while there is none. */
export function WithSummary({
  query,
  children,
}: {
  query: { data?: DashboardSummary; isError: boolean };
  children: (s: DashboardSummary) => ReactNode;
}) {
  if (query.data) return <>{children(query.data)}</>;
  return (
    <Center py="xl">
      {query.isError ? (
        <Text c="dimmed">
          <Trans>看板数据加载失败</Trans>
        </Text>
      ) : (
        <Loader />
      )}
    </Center>
  );
}

/**
 * False for the first render, true in a deferred one right after: the figures are drawn and
 * painted first, and the charts, map and tables (hundreds of milliseconds of rendering) follow in
 * a render React may interrupt, so a duty officer reads the numbers without waiting for them.
 */
function usePanelsAfterFigures(): boolean {
  return useDeferredValue(true, false);
}

function useDashboardFilter(): [DashboardFilter, (f: DashboardFilter) => void] {
  return useState<DashboardFilter>({ range: [null, null] });
}

/** A dashboard's state: its filter, the summary's request body and query, and the element its snapshot takes. */
export function useDashboard(scenario: DashboardScenario) {
  const [filter, setFilter] = useDashboardFilter();
  const body = bodyOf(scenario, filter);
  const query = useDashboardSummary(body);
  const ref = useRef<HTMLDivElement>(null);
  return { filter, setFilter, body, query, ref };
}

/** One panel of a dashboard's grid, with its column span; false or null leaves it out. */
interface GridPanel {
  key: string;
  span: GridColProps['span'];
  panel: ReactNode;
}

/**
 * The dashboard every scenario shows: the toolbar (filter, snapshot, print), then, once the
 * summary is there, the figures above (`head`) and the grid of panels. With `deferPanels` the
 * grid follows the figures in a deferred render (usePanelsAfterFigures).
 */
export function DashboardGrid({
  scenario,
  title,
  head,
  panels,
  deferPanels = false,
}: {
  scenario: DashboardScenario;
  title: string;
  head: (s: DashboardSummary, body: DashboardBody) => ReactNode;
  panels: (s: DashboardSummary, body: DashboardBody) => (GridPanel | false | null | undefined)[];
  deferPanels?: boolean;
}) {
  const { filter, setFilter, body, query, ref } = useDashboard(scenario);
  const ready = usePanelsAfterFigures();
  return (
    <Stack gap="sm" ref={ref} data-testid="dashboard" data-scenario={scenario} data-at={query.data?.at ?? ''}>
      <DashboardToolbar title={title} filter={filter} onFilter={setFilter} target={ref} />
      <WithSummary query={query}>
        {(s) => (
          <>
            {head(s, body)}
            {(ready || !deferPanels) && (
              <Grid gap="sm">
                {panels(s, body).map(
                  (p) =>
                    p && (
                      <Grid.Col key={p.key} span={p.span}>
                        {p.panel}
                      </Grid.Col>
                    ),
                )}
              </Grid>
            )}
          </>
        )}
      </WithSummary>
    </Stack>
  );
}

const HALF = { base: 12, md: 6 };
const THIRD = { base: 12, md: 6, lg: 4 };

/** A scenario dashboard (index, index1..index3, index5, index6): figures, charts, map, alarms, people, readings. */
export function DashboardScreen({ scenario, title }: { scenario: DashboardScenario; title: string }) {
  return (
    <DashboardGrid
      scenario={scenario}
      title={title}
      deferPanels
      head={(s) => <KpiRow s={s} />}
      panels={(s, body) => [
        { key: 'map', span: { base: 12, lg: 8 }, panel: <MapPanel scenario={scenario} body={body} /> },
        { key: 'latest', span: { base: 12, lg: 4 }, panel: <LatestPanel s={s} body={body} /> },
        { key: 'kinds', span: THIRD, panel: <KindsPanel s={s} body={body} /> },
        { key: 'alarmTypes', span: THIRD, panel: <AlarmTypesPanel s={s} body={body} /> },
        { key: 'figures', span: THIRD, panel: <FiguresPanel s={s} body={body} /> },
        s.community && { key: 'community', span: 12, panel: <CommunityPanel s={s} body={body} /> },
        s.supervision && { key: 'supervision', span: 12, panel: <SupervisionPanel s={s} body={body} /> },
        { key: 'alarmHours', span: HALF, panel: <AlarmHoursPanel s={s} body={body} /> },
        { key: 'alarmDays', span: HALF, panel: <AlarmDaysPanel s={s} body={body} /> },
        { key: 'readings', span: 12, panel: <ReadingsPanel s={s} body={body} /> },
      ]}
    />
  );
}
