import { useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Menu, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ALARM_HANDLE } from '../../../shared/alarms/types';
import { DEVICE_KIND_TABLE } from '../../../shared/codes';
import type {
  DashboardBody,
  DashboardPanel,
  DashboardSummary,
  KindCounts as KindCount,
  ScenarioFigures,
} from '../../../shared/dashboard';
import { Chart } from '../../components/Chart';
import { DataTable, type Column } from '../../components/DataTable';
import { toast } from '../../lib/request';
import { hasMark, isReadOnly } from '../../lib/session';
import { LevelBadge } from '../alarms/AlarmCells';
import { ALARM_HANDLE_LABELS, alarmTypeText, labelText } from '../alarms/alarmLabels';
import { HANDLE_MARK } from '../alarms/alarmMutations';
import { HandleModal } from '../alarms/HandleModal';
import { useAlarmActions } from '../alarms/useAlarmActions';
import { metricLabel, metricUnit } from '../devices/labels';
import { useCodeLabel } from '../resources/display';
import {
  periodDays,
  alarmDaysOption,
  alarmHoursOption,
  alarmTypesOption,
  kindsOption,
  readingOption,
  type ChartNames,
} from './dashboardCharts';
import { exportPanel } from './dashboard.queries';
import { savePng } from './snapshot';
import classes from './dashboard.module.css';
import { formatDateCell } from '../../lib/dates';

export const FIGURE_LABELS: Record<keyof ScenarioFigures, MessageDescriptor> = {
  peopleOnSite: msg`在岗人数`,
  wearables: msg`穿戴设备`,
  helmetsWorn: msg`安全帽佩戴`,
  helmetsOff: msg`安全帽未戴`,
  wristbandsOnline: msg`手环在线`,
  wristbands: msg`手环总数`,
  attendance: msg`今日出勤`,
  smokeAlarming: msg`烟感报警中`,
  gasAlarming: msg`燃气报警中`,
  pressureAlarming: msg`水压异常`,
  breakersOnline: msg`断路器在线`,
  breakerTrips: msg`今日断电`,
  doorCallsToday: msg`今日访客呼叫`,
  doorCalls: msg`期间访客呼叫`,
  cardsToday: msg`今日发卡`,
  cards: msg`期间发卡`,
  outOfFence: msg`出围栏人员`,
  braceletsOff: msg`脚环摘除`,
};

export function useChartNames(): ChartNames {
  const { t } = useLingui();
  return {
    online: t`在线`,
    offline: t`离线`,
    alarming: t`报警中`,
    today: t`今日`,
    period: t`期间`,
    alarms: t`报警数`,
    avg: t`平均`,
    max: t`最大`,
  };
}

/** A figure with a test id carrying its key and value, so tests and the bench can read it. */
export function Figure({
  id,
  label,
  value,
  color,
  suffix,
}: {
  id: string;
  label: string;
  value: number | string | null;
  color?: string;
  suffix?: string;
}) {
  return (
    <Card withBorder padding="sm" data-testid={`dash-figure-${id}`} data-value={value ?? ''}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={26} c={color} className={classes.figure}>
        {value ?? '-'}
        {suffix && value !== null ? <Text span size="sm" c="dimmed">{` ${suffix}`}</Text> : null}
      </Text>
    </Card>
  );
}

interface PanelProps {
  title: string;
  /** The server-side panel its data exports as (absent: PNG only). */
  panel?: DashboardPanel;
  body: DashboardBody;
  testId: string;
  children: ReactNode;
  span?: number;
}

/** A dashboard panel: a title, an export menu (CSV, XLSX from the service; PNG of what it shows) and its content. */
export function Panel({ title, panel, body, testId, children }: PanelProps) {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const run = (job: () => Promise<void>) => {
    setBusy(true);
    job()
      .catch((err: unknown) => toast('error', err instanceof Error ? err.message : t`导出失败`))
      .finally(() => setBusy(false));
  };
  return (
    <Card withBorder ref={ref} className={classes.panel} data-testid={testId}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              size="sm"
              loading={busy}
              aria-label={t`导出 ${title}`}
              className={classes.noPrint}
              data-testid={`${testId}-export`}
            >
              <IconDownload size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {panel && (
              <>
                <Menu.Item
                  onClick={() => run(() => exportPanel({ ...body, panel, format: 'csv' }))}
                  data-testid={`${testId}-csv`}
                >
                  CSV
                </Menu.Item>
                <Menu.Item
                  onClick={() => run(() => exportPanel({ ...body, panel, format: 'xlsx' }))}
                  data-testid={`${testId}-xlsx`}
                >
                  Excel (XLSX)
                </Menu.Item>
              </>
            )}
            <Menu.Item
              onClick={() => ref.current && run(() => savePng(ref.current!, `${testId}.png`))}
              data-testid={`${testId}-png`}
            >
              <Trans>图片 (PNG)</Trans>
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {children}
    </Card>
  );
}

/** Devices and alarms in figures: the top row of every dashboard. */
export function KpiRow({ s }: { s: DashboardSummary }) {
  const { t } = useLingui();
  const rate = s.alarms.handleRate === null ? null : `${Math.round(s.alarms.handleRate * 100)}%`;
  const mean = s.alarms.meanHandleS === null ? null : Math.round(s.alarms.meanHandleS / 60);
  // Seconds to acknowledge, median / p90 (docs/alarms.md#acknowledgement-and-escalation).
  const ack = s.alarms.ackMedianS === null ? null : `${s.alarms.ackMedianS} / ${s.alarms.ackP90S ?? '-'}`;
  return (
    <SimpleGrid cols={{ base: 2, sm: 5, lg: 10 }} spacing="xs">
      <Figure id="total" label={t`设备总数`} value={s.devices.total} />
      <Figure id="online" label={t`在线`} value={s.devices.online} color="green" />
      <Figure id="offline" label={t`离线`} value={s.devices.offline} color="gray" />
      <Figure id="alarming" label={t`报警中`} value={s.devices.alarming} color="red" />
      <Figure id="today" label={t`今日报警`} value={s.alarms.today} color="orange" />
      <Figure id="period" label={t`期间报警`} value={s.alarms.period} />
      <Figure id="rate" label={t`处理率`} value={rate} />
      <Figure id="mean" label={t`平均处理时长`} value={mean} suffix={t`分钟`} />
      <Figure id="ack" label={t`确认用时 中位/P90`} value={ack} suffix={t`秒`} />
      <Figure
        id="escalated"
        label={t`已升级`}
        value={s.alarms.escalated}
        color={s.alarms.escalated ? 'red' : undefined}
      />
    </SimpleGrid>
  );
}

export function KindsPanel({ s, body }: { s: DashboardSummary; body: DashboardBody }) {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const names = useChartNames();
  const figure = (name: 'total' | 'online' | 'offline' | 'alarming', title: ReactNode): Column<KindCount> => ({
    id: name,
    name,
    title,
    width: 70,
    sortable: true,
    type: 'number',
    align: 'end',
  });
  const columns: Column<KindCount>[] = [
    {
      id: 'kind',
      name: 'kind',
      title: <Trans>类型</Trans>,
      width: 110,
      sortable: true,
      render: (k) => codeLabel(DEVICE_KIND_TABLE, k.kind),
      sortValue: (k) => codeLabel(DEVICE_KIND_TABLE, k.kind),
    },
    figure('total', <Trans>总数</Trans>),
    figure('online', names.online),
    figure('offline', names.offline),
    figure('alarming', names.alarming),
  ];
  return (
    <Panel title={t`设备状态（按类型）`} panel="devices" body={body} testId="dash-kinds">
      <Chart option={kindsOption(s, (k) => codeLabel(DEVICE_KIND_TABLE, k), names)} height={240} />
      <DataTable<KindCount>
        columns={columns}
        rows={s.devices.byKind}
        rowKey={(k) => k.kind}
        client={{}}
        compact
        testId="dash-kinds-table"
        rowOptions={(k) => ({ attrs: { 'data-kind': k.kind } })}
      />
    </Panel>
  );
}

export function AlarmTypesPanel({ s, body }: { s: DashboardSummary; body: DashboardBody }) {
  const { t, i18n } = useLingui();
  const names = useChartNames();
  return (
    <Panel title={t`报警类型（今日 / 期间）`} panel="alarmTypes" body={body} testId="dash-types">
      {s.alarms.byType.length ? <Chart option={alarmTypesOption(s, i18n, names)} height={260} /> : <Empty />}
    </Panel>
  );
}

export function AlarmHoursPanel({ s, body }: { s: DashboardSummary; body: DashboardBody }) {
  const { t } = useLingui();
  return (
    <Panel title={t`今日分时报警`} panel="alarmHours" body={body} testId="dash-hours">
      <Chart option={alarmHoursOption(s, useChartNames())} height={220} />
    </Panel>
  );
}

export function AlarmDaysPanel({ s, body }: { s: DashboardSummary; body: DashboardBody }) {
  const { t } = useLingui();
  return (
    <Panel title={t`每日报警与处理`} panel="alarmDays" body={body} testId="dash-days">
      <Chart option={alarmDaysOption(periodDays(s), useChartNames())} height={200} />
      <Group gap="xs" mt="xs">
        <Badge color="green" variant="light" data-testid="dash-handled">
          {t`已处理`} {s.alarms.handled}
        </Badge>
        <Badge color="orange" variant="light" data-testid="dash-pending">
          {t`未处理`} {s.alarms.pending}
        </Badge>
      </Group>
    </Panel>
  );
}

/** The latest alarms with one-click handling (the alarm screens' dialog and mutations). */
export function LatestPanel({ s, body, compact }: { s: DashboardSummary; body: DashboardBody; compact?: boolean }) {
  const { t, i18n } = useLingui();
  const canHandle = hasMark(HANDLE_MARK);
  const actions = useAlarmActions();
  const [handling, setHandling] = useState<number[] | null>(null);
  return (
    <Panel title={t`最新报警`} panel="latest" body={body} testId="dash-latest">
      {s.latest.length === 0 ? (
        <Empty />
      ) : (
        <Stack gap={6}>
          {s.latest.slice(0, compact ? 5 : undefined).map((a) => (
            <Group key={a.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="dash-alarm" data-id={a.id}>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <LevelBadge level={a.level} />
                  <Text size="sm" fw={500} truncate>
                    {alarmTypeText(i18n, a.type)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {formatDateCell(a.ts)} · {a.personName || a.deviceName || a.imei}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap" className={classes.noPrint}>
                {!isReadOnly() && a.read === 0 && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    color="gray"
                    onClick={() => actions.markRead([a.id])}
                    data-testid="dash-alarm-read"
                  >
                    <Trans>标为已读</Trans>
                  </Button>
                )}
                {canHandle && a.handleState === ALARM_HANDLE.pending ? (
                  <Button
                    size="compact-xs"
                    variant="light"
                    color="orange"
                    onClick={() => setHandling([a.id])}
                    data-testid="dash-alarm-handle"
                  >
                    <Trans>处理</Trans>
                  </Button>
                ) : (
                  <Text size="xs" c="dimmed">
                    {labelText(i18n, ALARM_HANDLE_LABELS, a.handleState)}
                  </Text>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <HandleModal ids={handling} onClose={() => setHandling(null)} />
    </Panel>
  );
}

/** People on site and the scenario's own figures (only those the service gave for it). */
export function FiguresPanel({ s, body, title }: { s: DashboardSummary; body: DashboardBody; title?: string }) {
  const { t, i18n } = useLingui();
  const keys = (Object.keys(FIGURE_LABELS) as (keyof ScenarioFigures)[]).filter((k) => s.figures[k] !== undefined);
  return (
    <Panel title={title ?? t`人员与场景指标`} panel="specific" body={body} testId="dash-figures">
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing="xs">
        {keys.map((k) => (
          <Figure key={k} id={k} label={i18n._(FIGURE_LABELS[k])} value={s.figures[k] ?? null} />
        ))}
      </SimpleGrid>
    </Panel>
  );
}

export function ReadingsPanel({ s, body }: { s: DashboardSummary; body: DashboardBody }) {
  const { t, i18n } = useLingui();
  const names = useChartNames();
  const round = (v: number | null) => (v === null ? '-' : String(Math.round(v * 100) / 100));
  return (
    <Panel title={t`场景读数`} panel="readings" body={body} testId="dash-readings">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {s.readings.map((r) => (
          <Stack key={r.metric} gap={2} data-testid="dash-reading" data-metric={r.metric}>
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                {metricLabel(i18n, r.metric)}{' '}
                {metricUnit(r.metric) && (
                  <Text span size="xs" c="dimmed">
                    ({metricUnit(r.metric)})
                  </Text>
                )}
              </Text>
              <Text size="xs" c="dimmed">
                {t`当前均值`} <b data-testid="dash-reading-avg">{round(r.avg)}</b> · {t`最大`} {round(r.max)} ·{' '}
                {t`设备`} {r.devices}
              </Text>
            </Group>
            {r.days.length > 0 && <Chart option={readingOption(r, names)} height={140} />}
          </Stack>
        ))}
      </SimpleGrid>
    </Panel>
  );
}

function Empty() {
  return (
    <Text c="dimmed" size="sm" ta="center" py="md">
      <Trans>暂无数据</Trans>
    </Text>
  );
}
