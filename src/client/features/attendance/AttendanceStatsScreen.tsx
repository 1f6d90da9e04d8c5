import { useMemo, useState } from 'react';
import { Card, Center, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Chart, type ChartOption } from '../../components/Chart';
import { cartesianFrame } from '../../components/Chart/layout';
import { DataTable, type Column } from '../../components/DataTable';
import { DAY_RE, monthToDate, statsQuery } from './attendance.api';
import { MonthlyReportButton } from './AttendanceJobs';
import type { AttendanceStats } from '../../../shared/attendance/stats';

type LateRow = AttendanceStats['topLate'][number];

const LATE_COLUMNS: Column<LateRow>[] = [
  { id: 'name', name: 'name', title: <Trans>人员</Trans>, width: 140, sortable: true },
  { id: 'late', name: 'late', title: <Trans>迟到</Trans>, width: 80, sortable: true, type: 'number' },
  { id: 'early', name: 'early', title: <Trans>早退</Trans>, width: 80, sortable: true, type: 'number' },
  { id: 'absent', name: 'absent', title: <Trans>缺勤</Trans>, width: 80, sortable: true, type: 'number' },
];

/**
 * `attendance` (map layout): the records of a span (default: the first of the month to today)
 * as per-day normal, late, early and absent counts, totals per department and the workers late
 * most often; the monthly report from here too.
 */
export function AttendanceStatsScreen() {
  const { t } = useLingui();
  const [span, setSpan] = useState(monthToDate());
  const valid = DAY_RE.test(span.from) && DAY_RE.test(span.to) && span.from <= span.to;
  const stats = useQuery({ ...statsQuery(span), enabled: valid });
  const s = stats.data;
  const charts = useMemo(() => {
    if (!s) return null;
    const names = [t`正常`, t`迟到`, t`早退`, t`缺勤`];
    const colors = ['#22c55e', '#f59e0b', '#a855f7', '#ef4444'];
    const keys = ['normal', 'late', 'early', 'absent'] as const;
    const days: ChartOption = {
      tooltip: { trigger: 'axis' },
      ...cartesianFrame({ data: names }),
      xAxis: { type: 'category', data: s.days.map((d) => d.day.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: keys.map((k, i) => ({
        name: names[i],
        type: 'bar',
        stack: 'day',
        color: colors[i],
        data: s.days.map((d) => d[k]),
      })),
    };
    const depts: ChartOption = {
      tooltip: { trigger: 'axis' },
      ...cartesianFrame({ data: names }),
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: {
        type: 'category',
        data: s.departments.map((d) => d.name ?? t`未分配部门`),
        axisLabel: { width: 90, overflow: 'truncate' },
      },
      series: keys.map((k, i) => ({
        name: names[i],
        type: 'bar',
        stack: 'dept',
        color: colors[i],
        data: s.departments.map((d) => d[k]),
      })),
    };
    return { days, depts };
  }, [s, t]);

  return (
    <Stack gap="sm" p="sm" data-testid="attendance-stats">
      <Group justify="space-between" align="flex-end">
        <Title order={4}>
          <Trans>考勤统计</Trans>
        </Title>
        <Group align="flex-end">
          <TextInput
            type="date"
            label={t`开始日期`}
            value={span.from}
            onChange={(e) => setSpan({ ...span, from: e.currentTarget.value })}
            error={!valid}
            data-testid="attendance-from"
          />
          <TextInput
            type="date"
            label={t`结束日期`}
            value={span.to}
            onChange={(e) => setSpan({ ...span, to: e.currentTarget.value })}
            data-testid="attendance-to"
          />
          <MonthlyReportButton />
        </Group>
      </Group>
      {!s || !charts ? (
        <Center h={200}>
          {stats.isError ? (
            <Text c="red">
              <Trans>加载失败</Trans>
            </Text>
          ) : (
            <Loader />
          )}
        </Center>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 5 }}>
            {(
              [
                [t`考勤记录`, s.totals.records, 'records'],
                [t`正常`, s.totals.normal, 'normal'],
                [t`迟到`, s.totals.late, 'late'],
                [t`早退`, s.totals.early, 'early'],
                [t`缺勤`, s.totals.absent, 'absent'],
              ] as const
            ).map(([label, value, id]) => (
              <Card key={id} withBorder padding="sm" data-testid={`attendance-total-${id}`}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={600} size="lg">
                  {value}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <Card withBorder data-testid="attendance-days-card">
            <Text fw={600} mb="xs">
              <Trans>每日考勤</Trans>
            </Text>
            <Chart option={charts.days} height={300} data-testid="attendance-days" />
          </Card>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Card withBorder data-testid="attendance-departments-card">
              <Text fw={600} mb="xs">
                <Trans>部门考勤</Trans>
              </Text>
              <Chart
                option={charts.depts}
                height={Math.max(200, 40 * s.departments.length + 80)}
                data-testid="attendance-departments"
              />
            </Card>
            <Card withBorder>
              <Text fw={600} mb="xs">
                <Trans>迟到排行</Trans>
              </Text>
              <DataTable<LateRow>
                columns={LATE_COLUMNS}
                rows={s.topLate}
                rowKey={(p) => p.userId}
                client={{}}
                compact
                testId="attendance-top-late"
              />
            </Card>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
