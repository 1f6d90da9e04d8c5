import { useMemo, useState } from 'react';
import { Center, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEVICE_STATE } from '../../../shared/codes';
import type { AlarmAnalytics } from '../../../shared/analytics';
import { CategoryChart, LineChart, PieChart } from '../../components/Chart';
import { DataTable, type Column } from '../../components/DataTable';
import { alarmTypeText } from '../alarms/alarmLabels';
import {
  alarmAnalyticsQuery,
  analyticsBody,
  defaultFilter,
  deviceAnalyticsQuery,
  type AnalyticsFilter,
} from './analytics.queries';
import { Figure, FilterBar, Panel, useDuration } from './parts';

type TopDevice = AlarmAnalytics['topDevices'][number];

/** /analyze (数据分析): alarm and device analytics over a day range and department, every panel exportable. */
export function AnalyzeScreen() {
  const { t, i18n } = useLingui();
  const duration = useDuration();
  const [filter, setFilter] = useState<AnalyticsFilter>(() => defaultFilter(7));
  const body = useMemo(() => analyticsBody(filter), [filter]);
  const alarms = useQuery(alarmAnalyticsQuery(body));
  const devices = useQuery(deviceAnalyticsQuery(body));
  const a = alarms.data;
  const d = devices.data;
  const topColumns: Column<TopDevice>[] = [
    { id: 'imei', name: 'imei', title: 'IMEI', width: 160, sortable: true },
    { id: 'name', name: 'name', title: t`设备名称`, width: 160, sortable: true, render: (x) => x.name ?? '-' },
    { id: 'count', name: 'count', title: t`报警数`, width: 90, sortable: true, type: 'number', align: 'end' },
  ];

  const charts = useMemo(() => {
    if (!a) return undefined;
    return {
      types: a.byType.map((x) => ({ name: alarmTypeText(i18n, x.type), value: x.count })),
      days: {
        name: a.byDay.map((x) => x.day.slice(5)),
        title: [t`报警数`, t`已处理`],
        data: [
          { name: t`报警数`, value: a.byDay.map((x) => x.count), color: '239,68,68' },
          { name: t`已处理`, value: a.handledByDay, color: '34,197,94' },
        ],
      },
      hours: {
        name: a.byHour.map((_, h) => `${String(h).padStart(2, '0')}:00`),
        data: [{ name: t`报警数`, value: a.byHour }],
      },
    };
  }, [a, i18n, t]);
  const trend = useMemo(
    () =>
      d
        ? [
            {
              name: t`在线设备`,
              color: '34,197,94',
              area: true,
              points: d.onlineTrend.map((p) => [p.t, p.count] as [string, number]),
            },
          ]
        : [],
    [d, t],
  );
  const online = d?.byState.find((s) => s.state === DEVICE_STATE.online)?.count ?? 0;

  return (
    <Stack gap="sm" data-testid="analyze-screen">
      <Group justify="space-between" wrap="wrap">
        <Title order={4}>
          <Trans>数据分析</Trans>
        </Title>
        <FilterBar filter={filter} onChange={setFilter} />
      </Group>
      {!a || !d || !charts ? (
        <Center h={200}>
          {alarms.isError || devices.isError ? (
            <Text c="red">
              <Trans>加载失败</Trans>
            </Text>
          ) : (
            <Loader />
          )}
        </Center>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }}>
            <Figure id="alarms" label={t`报警总数`} value={a.total} />
            <Figure id="handled" label={t`已处理`} value={a.handled} color="green" />
            <Figure id="rate" label={t`处理率`} value={`${Math.round(a.handlingRate * 1000) / 10}%`} />
            <Figure id="mean" label={t`平均处理时长`} value={duration(a.meanHandleS)} />
            <Figure id="ack" label={t`确认用时中位数`} value={duration(a.ackMedianS)} />
            <Figure id="devices" label={t`设备总数`} value={d.total} />
            <Figure id="online" label={t`在线设备`} value={online} color="green" />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Panel id="days" title={t`每日报警`} panel="alarmDays" body={body}>
              <CategoryChart categories={charts.days} kind="bar" height={260} />
            </Panel>
            <Panel id="types" title={t`按报警类型`} panel="alarmTypes" body={body}>
              <PieChart items={charts.types} donut height={260} />
            </Panel>
            <Panel id="hours" title={t`按时段`} panel="alarmHours" body={body}>
              <CategoryChart categories={charts.hours} kind="line" height={260} />
            </Panel>
            <Panel id="online" title={t`在线设备趋势`} panel="onlineTrend" body={body}>
              <LineChart series={trend} height={260} />
            </Panel>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Panel id="handling" title={t`处理情况`} panel="alarmHandling" body={body}>
              <Table data-testid="handling-table">
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td>{t`报警总数`}</Table.Td>
                    <Table.Td>{a.total}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>{t`已处理`}</Table.Td>
                    <Table.Td>{a.handled}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>{t`处理率`}</Table.Td>
                    <Table.Td data-testid="handling-rate">{`${Math.round(a.handlingRate * 1000) / 10}%`}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>{t`平均处理时长`}</Table.Td>
                    <Table.Td>{duration(a.meanHandleS)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>{t`确认用时中位数`}</Table.Td>
                    <Table.Td data-testid="handling-ack">{duration(a.ackMedianS)}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </Panel>
            <Panel id="top" title={t`报警最多的设备`} panel="topDevices" body={body}>
              <DataTable<TopDevice>
                columns={topColumns}
                rows={a.topDevices}
                rowKey={(x) => x.imei}
                client={{}}
                compact
                testId="top-devices"
                rowOptions={() => ({ attrs: { 'data-testid': 'top-device' } })}
              />
            </Panel>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
