import { useMemo, useState } from 'react';
import { Center, Group, Loader, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DepartmentCount } from '../../../shared/analytics';
import { DEVICE_KIND_TABLE, DEVICE_STATE } from '../../../shared/codes';
import { METRICS, type Metric } from '../../../shared/devices/kinds';
import {
  CategoryChart,
  PieChart,
  ScatterChart,
  StateLineChart,
  StatePieChart,
  TreeBarChart,
  type TreeBarNode,
} from '../../components/Chart';
import { alarmTypeText } from '../alarms/alarmLabels';
import { useCodeLabel } from '../resources/display';
import { refOptionsQuery } from '../resources/resources.queries';
import {
  alarmAnalyticsQuery,
  analyticsBody,
  defaultFilter,
  deviceAnalyticsQuery,
  scatterQuery,
  stateLineQuery,
  type AnalyticsFilter,
} from './analytics.queries';
import { FilterBar, Panel } from './parts';

/** Department counts as tree-bar nodes: a department with sub-departments shows its own devices as a "direct" row. */
function toTree(nodes: DepartmentCount[], direct: string): TreeBarNode[] {
  return nodes.map((n) =>
    n.children.length
      ? {
          name: n.name,
          children: [...(n.count ? [{ name: direct, value: n.count }] : []), ...toTree(n.children, direct)],
        }
      : { name: n.name, value: n.count },
  );
}

/** /figure (统计图): the seven chart kinds over the tenant's real figures. */
export function FigureScreen() {
  const { t, i18n } = useLingui();
  const codeLabel = useCodeLabel();
  const [filter, setFilter] = useState<AnalyticsFilter>(() => defaultFilter(7));
  const [alarmKind, setAlarmKind] = useState<'bar' | 'line'>('bar');
  const [imei, setImei] = useState<string | null>(null);
  const [x, setX] = useState<Metric>('heartRate');
  const [y, setY] = useState<Metric>('bodyTemp');
  const body = useMemo(() => analyticsBody(filter), [filter]);
  const devices = useQuery(deviceAnalyticsQuery(body));
  const alarms = useQuery(alarmAnalyticsQuery(body));
  const deviceOptions = useQuery(refOptionsQuery({ kind: 'device', resource: 'device' }));
  const chosen = imei ?? String(deviceOptions.data?.[0]?.imei ?? '');
  const state = useQuery(stateLineQuery(chosen, body));
  const points = useQuery(scatterQuery(body, x, y));
  const d = devices.data;
  const a = alarms.data;

  const kinds = useMemo(
    () => (d ? d.byKind.map((k) => ({ name: codeLabel(DEVICE_KIND_TABLE, k.kind), value: k.count })) : []),
    [d, codeLabel],
  );
  const counts = useMemo(() => {
    const of = (s: number) => d?.byState.find((x) => x.state === s)?.count ?? 0;
    return { online: of(DEVICE_STATE.online), offline: of(DEVICE_STATE.offline), alarm: of(DEVICE_STATE.abnormal) };
  }, [d]);
  const categories = useMemo(
    () =>
      a
        ? {
            name: a.byDay.map((x) => x.day.slice(5)),
            title: [t`报警数`, t`已处理`],
            data: [
              { name: t`报警数`, value: a.byDay.map((x) => x.count), color: '239,68,68' },
              { name: t`已处理`, value: a.handledByDay, color: '34,197,94' },
            ],
          }
        : undefined,
    [a, t],
  );
  const typeCategories = useMemo(
    () =>
      a
        ? {
            name: a.byType.map((x) => alarmTypeText(i18n, x.type)),
            data: [{ name: t`报警数`, value: a.byType.map((x) => x.count), color: '239,68,68' }],
          }
        : undefined,
    [a, i18n, t],
  );
  const tree = useMemo(() => (d ? toTree(d.departments, t`本级`) : []), [d, t]);
  const stateSeries = useMemo(
    () => (state.data ? [{ name: state.data.name ?? state.data.imei, points: state.data.points }] : []),
    [state.data],
  );
  const scatter = useMemo(
    () =>
      points.data
        ? points.data.series.map((s) => ({ name: codeLabel(DEVICE_KIND_TABLE, s.kind), points: s.points }))
        : [],
    [points.data, codeLabel],
  );
  const metricOptions = METRICS.map((m) => ({ value: m, label: m }));

  if (!d || !a || !categories || !typeCategories) {
    return (
      <Center h={200}>
        {devices.isError || alarms.isError ? (
          <Text c="red">
            <Trans>加载失败</Trans>
          </Text>
        ) : (
          <Loader />
        )}
      </Center>
    );
  }
  return (
    <Stack gap="sm" data-testid="figure-screen">
      <Group justify="flex-end">
        <FilterBar filter={filter} onChange={setFilter} />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        <Panel id="kinds" title={t`设备类型分布`} panel="deviceKinds" body={body}>
          <PieChart items={kinds} height={260} data-testid="chart-kinds" />
        </Panel>
        <Panel id="states" title={t`设备状态`}>
          <StatePieChart counts={counts} height={260} data-testid="chart-states" />
        </Panel>
        <Panel
          id="alarms"
          title={t`报警类型统计`}
          panel="alarmTypes"
          body={body}
          extra={
            <SegmentedControl
              size="xs"
              value={alarmKind}
              onChange={(v) => setAlarmKind(v as 'bar' | 'line')}
              data={[
                { value: 'bar', label: t`柱状` },
                { value: 'line', label: t`折线` },
              ]}
            />
          }
        >
          <CategoryChart categories={typeCategories} kind={alarmKind} height={260} data-testid="chart-alarm-types" />
        </Panel>
        <Panel id="days" title={t`每日报警`} panel="alarmDays" body={body}>
          <CategoryChart categories={categories} kind="line" height={260} data-testid="chart-alarm-days" />
        </Panel>
        <Panel id="departments" title={t`部门设备`} panel="departments" body={body}>
          <TreeBarChart nodes={tree} name={t`设备数`} height={260} data-testid="chart-departments" />
        </Panel>
        <Panel
          id="state-line"
          title={t`在线离线状态`}
          extra={
            <Select
              size="xs"
              w={170}
              searchable
              aria-label={t`设备`}
              data={(deviceOptions.data ?? []).map((r) => ({ value: String(r.imei), label: String(r.name || r.imei) }))}
              value={chosen || null}
              onChange={(v) => v && setImei(v)}
              data-testid="state-device"
            />
          }
        >
          <StateLineChart series={stateSeries} height={260} data-testid="chart-state-line" />
        </Panel>
        <Panel
          id="scatter"
          title={t`读数散点`}
          extra={
            <Group gap={4} wrap="nowrap">
              <Select
                size="xs"
                w={120}
                aria-label={t`横轴`}
                data={metricOptions}
                value={x}
                onChange={(v) => v && setX(v as Metric)}
              />
              <Select
                size="xs"
                w={120}
                aria-label={t`纵轴`}
                data={metricOptions}
                value={y}
                onChange={(v) => v && setY(v as Metric)}
              />
            </Group>
          }
        >
          <ScatterChart series={scatter} xName={x} yName={y} height={260} data-testid="chart-scatter" />
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}
