import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMaximize } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEVICE_KIND_TABLE } from '../../../shared/codes';
import { CRITICAL_LEVEL } from '../../../shared/alarms/escalation';
import { ALARM_HANDLE } from '../../../shared/alarms/types';
import type { DashboardBody, DashboardSummary, LatestAlarm } from '../../../shared/dashboard';
import { Chart } from '../../components/Chart';
import { isReadOnly } from '../../lib/session';
import { alarmTypeText } from '../alarms/alarmLabels';
import { useTakenAlarms } from '../alarms/useTakenAlarms';
import { metricLabel } from '../devices/labels';
import { useCodeLabel } from '../resources/display';
import {
  periodDays,
  alarmDaysOption,
  alarmHoursOption,
  alarmTypesOption,
  kindsOption,
  readingOption,
  type ChartLook,
} from './dashboardCharts';
import { useDashboardSummary } from './dashboard.queries';
import { FIGURE_LABELS, useChartNames } from './panels';
import classes from './dashboard.module.css';
import { formatDateCell } from '../../lib/dates';

const MapLayer = lazy(() => import('./DashboardMap'));

/** Each rotating slot shows its next panel after this long. */
const ROTATE_MS = 12_000;
const LOOK: ChartLook = { text: '#dbe4ff' };
const BODY: DashboardBody = { scenario: 'city' };

type WallLayout = '1080' | '2160';

/** The stage for a screen: 3840x2160 from 2,880 CSS pixels wide up, else 1920x1080; scaled to fit, never scrolled. */
export function wallLayout(width: number, height: number): { layout: WallLayout; scale: number } {
  const layout: WallLayout = width >= 2880 ? '2160' : '1080';
  const [w, h] = layout === '2160' ? [3840, 2160] : [1920, 1080];
  return { layout, scale: Math.min(width / w, height / h) };
}

function useViewport() {
  const [size, setSize] = useState(() => ({ w: window.innerWidth, h: window.innerHeight }));
  useEffect(() => {
    const on = () => setSize({ w: window.innerWidth, h: window.innerHeight });
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return size;
}

/** The index of the panel a rotating slot shows now. */
function useRotation(count: number, offset = 0): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setTick((n) => n + 1), ROTATE_MS);
    return () => clearInterval(id);
  }, []);
  return count ? (tick + offset) % count : 0;
}

function WallPanel({
  title,
  children,
  testId,
  size,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  size?: 'fill' | 'content';
}) {
  return (
    <div className={classes.wallPanel} data-size={size} data-testid={testId}>
      <div className={classes.wallTitle}>{title}</div>
      <div className={classes.wallGrow}>{children}</div>
    </div>
  );
}

function Number_({ id, label, value }: { id: string; label: string; value: number | string }) {
  return (
    <Stack gap={0} data-testid={`wall-figure-${id}`} data-value={value}>
      <Text c="#91a7ff" fz="0.9em">
        {label}
      </Text>
      <div className={classes.wallNumber}>{value}</div>
    </Stack>
  );
}

/** /index8: the city's figures on a big screen: dark, full-screen, fixed 16:9 layouts, rotating panels. */
export function DataWall() {
  const { t } = useLingui();
  const query = useDashboardSummary(BODY);
  const { w, h } = useViewport();
  const { layout, scale } = wallLayout(w, h);
  const [clock, setClock] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setClock(new Date()), 1000);
    return () => clearInterval(id);
  }, []);
  const s = query.data;
  return (
    <div className={classes.wall} data-testid="data-wall" data-layout={layout}>
      <div className={classes.stage} data-layout={layout} style={{ transform: `scale(${scale})` }}>
        <div className={classes.wallHead}>
          <Text fz="1.8em" fw={800} c="#ffffff">
            <Trans>城市安全数据大屏</Trans>
          </Text>
          <Group gap="md">
            <Text c="#91a7ff" ff="monospace" fz="1.2em">
              {formatDateCell(clock)}
            </Text>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t`全屏`}
              onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}
              data-testid="wall-fullscreen"
            >
              <IconMaximize />
            </ActionIcon>
          </Group>
        </div>
        {s ? (
          <WallBody s={s} layout={layout} />
        ) : (
          <Text c="dimmed">{query.isError ? t`看板数据加载失败` : t`加载中`}</Text>
        )}
      </div>
    </div>
  );
}

function WallBody({ s, layout }: { s: DashboardSummary; layout: WallLayout }) {
  const { t, i18n } = useLingui();
  const names = useChartNames();
  const codeLabel = useCodeLabel();
  const big = layout === '2160';
  const chartH = big ? 760 : 360;
  const rotating: { key: string; title: string; node: ReactNode }[] = [
    { key: 'hours', title: t`今日分时报警`, node: <Chart option={alarmHoursOption(s, names, LOOK)} height={chartH} /> },
    {
      key: 'types',
      title: t`报警类型（今日 / 期间）`,
      node: <Chart option={alarmTypesOption(s, i18n, names, LOOK)} height={chartH} />,
    },
    {
      key: 'days',
      title: t`每日报警与处理`,
      node: <Chart option={alarmDaysOption(periodDays(s), names, LOOK)} height={chartH} />,
    },
    ...s.readings
      .filter((r) => r.days.length > 0)
      .map((r) => ({
        key: `reading-${r.metric}`,
        title: metricLabel(i18n, r.metric),
        node: <Chart option={readingOption(r, names, LOOK)} height={chartH} />,
      })),
  ];
  const first = useRotation(rotating.length);
  const second = useRotation(rotating.length, 1);
  const slotA = rotating[first]!;
  const slotB = rotating[second]!;
  const rate = s.alarms.handleRate === null ? '-' : `${Math.round(s.alarms.handleRate * 100)}%`;
  return (
    <>
      {/* The left column: the devices panel takes what the people panel (sized to its content) leaves. */}
      <div className={classes.wallColumn} data-testid="wall-left">
        <WallPanel title={t`设备`} testId="wall-devices" size="fill">
          <Stack gap="sm" h="100%">
            <Group grow>
              <Number_ id="total" label={t`设备总数`} value={s.devices.total} />
              <Number_ id="online" label={t`在线`} value={s.devices.online} />
            </Group>
            <Group grow>
              <Number_ id="offline" label={t`离线`} value={s.devices.offline} />
              <Number_ id="alarming" label={t`报警中`} value={s.devices.alarming} />
            </Group>
            <div className={classes.wallGrow}>
              <Chart option={kindsOption(s, (k) => codeLabel(DEVICE_KIND_TABLE, k), names, LOOK)} height="100%" />
            </div>
          </Stack>
        </WallPanel>
        <WallPanel title={t`人员与场景指标`} testId="wall-figures" size="content">
          <WallPeople s={s} max={big ? 12 : 6} />
        </WallPanel>
      </div>
      <div
        className={classes.wallPanel}
        style={{ gridRow: big ? '2 / 3' : '2 / 4', gridColumn: big ? '2 / 4' : undefined }}
        data-testid="wall-map"
      >
        <div className={classes.wallTitle}>{t`设备地图`}</div>
        <div className={classes.wallGrow} style={{ position: 'relative' }}>
          <Suspense fallback={null}>
            <MapLayer />
          </Suspense>
        </div>
      </div>
      <WallPanel title={t`报警`} testId="wall-alarms">
        <Stack gap="sm">
          <Group grow>
            <Number_ id="today" label={t`今日报警`} value={s.alarms.today} />
            <Number_ id="rate" label={t`处理率`} value={rate} />
          </Group>
          <WallAlarms latest={s.latest.slice(0, big ? 10 : 5)} />
        </Stack>
      </WallPanel>
      <WallPanel title={slotA.title} testId="wall-rotating">
        <div data-testid="wall-slot" data-panel={slotA.key}>
          {slotA.node}
        </div>
      </WallPanel>
      {big && (
        <WallPanel title={slotB.title} testId="wall-rotating-2">
          <div data-testid="wall-slot" data-panel={slotB.key}>
            {slotB.node}
          </div>
        </WallPanel>
      )}
    </>
  );
}

/**
 * The alarm ticker: a critical alarm still pending offers 我来处理 until someone takes it, then says who
 * (docs/alarms.md#acknowledgement-and-escalation); read-only users see who, never the button.
 */
function WallAlarms({ latest }: { latest: LatestAlarm[] }) {
  const { i18n } = useLingui();
  const { taken, acknowledge } = useTakenAlarms();
  return latest.map((a) => {
    const open = a.level >= CRITICAL_LEVEL && a.handleState === ALARM_HANDLE.pending;
    const name = taken.get(a.id) ?? a.ackedByName ?? undefined;
    return (
      <Group key={a.id} justify="space-between" wrap="nowrap" data-testid="wall-alarm" data-id={a.id}>
        <Text c={a.level >= 3 ? '#ff8787' : '#ffd43b'} truncate fz="0.95em">
          {alarmTypeText(i18n, a.type)} · {a.personName || a.deviceName || a.imei}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {open && name !== undefined && (
            <Text c="#69db7c" fz="0.8em" truncate data-testid="wall-alarm-taken">
              <Trans>已由 {name} 接手</Trans>
            </Text>
          )}
          {open && name === undefined && !isReadOnly() && (
            <Button size="compact-xs" color="red" onClick={() => acknowledge(a.id)} data-testid="wall-alarm-ack">
              <Trans>我来处理</Trans>
            </Button>
          )}
          <Text c="#91a7ff" fz="0.8em" ff="monospace">
            {formatDateCell(a.ts).slice(11)}
          </Text>
        </Group>
      </Group>
    );
  });
}

/**
 * The people panel: wearers on duty (wearables online) against all wearables as a bar, then the
 * scenario's other figures. Sized to its content; with no wearables it says what would fill it.
 */
function WallPeople({ s, max }: { s: DashboardSummary; max: number }) {
  const { t, i18n } = useLingui();
  const { peopleOnSite, wearables } = s.figures;
  const keys = (Object.keys(FIGURE_LABELS) as (keyof typeof FIGURE_LABELS)[])
    .filter((k) => k !== 'peopleOnSite' && k !== 'wearables' && s.figures[k] !== undefined)
    .slice(0, max);
  const share = wearables > 0 ? Math.round((peopleOnSite / wearables) * 100) : 0;
  return (
    <Stack gap="sm">
      {wearables > 0 ? (
        <div data-testid="wall-people" data-value={peopleOnSite} data-total={wearables}>
          <Group justify="space-between" wrap="nowrap">
            <Text c="#91a7ff" fz="0.9em">
              <Trans>在岗人数 / 穿戴设备</Trans>
            </Text>
            <Text c="#ffffff" fw={700} ff="monospace">
              {peopleOnSite} / {wearables}
            </Text>
          </Group>
          <Progress value={share} color="teal" size="lg" radius="sm" mt={6} aria-label={t`在岗率`} />
        </div>
      ) : (
        <Text c="#91a7ff" fz="0.9em" data-testid="wall-people-empty">
          <Trans>暂无在岗人员：安全帽、手环、胸卡等穿戴设备上线后，这里显示在岗人数。</Trans>
        </Text>
      )}
      {keys.length > 0 && (
        <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
          {keys.map((k) => (
            <Number_ key={k} id={k} label={i18n._(FIGURE_LABELS[k])} value={s.figures[k] ?? 0} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
