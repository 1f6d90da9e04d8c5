import { useMemo, useState } from 'react';
import { Card, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { MALL_ORDER_TABLE } from '../../../entities/mall-order/resource';
import { Chart, type ChartOption } from '../../components/Chart';
import { request } from '../../lib/request';
import { lastDays } from '../../lib/zone';
import { useCodeLabel } from '../resources/display';
import { fenYuan } from './mallOrders.api';

interface Stats {
  byDay: { day: string; paidFen: number; orders: number }[];
  byStatus: { status: number; n: number }[];
  top: { productId: number; name: string; qty: number; fen: number }[];
  totals: { placed: number; paid: number; paidFen: number; refundedFen: number; views: number };
  conversion: number;
}

/** /MallData: paid amount and orders by day, orders by status, top products and conversion (paid orders / product views) over a date range. */
export function MallDataScreen() {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  // The tenant's last 30 days: the service counts the mall's days on the same clock.
  const [from, setFrom] = useState(() => lastDays(30)[0]);
  const [to, setTo] = useState(() => lastDays(30)[1]);
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const fromError = day.test(from) ? undefined : t`请选择日期`;
  const toError = !day.test(to) ? t`请选择日期` : !fromError && from > to ? t`结束日期不能早于开始日期` : undefined;
  const valid = !fromError && !toError;
  const stats = useQuery({ queryKey: ['mall', 'stats', from, to], queryFn: () => request<Stats>('mall', 'order/stats', { from, to }), enabled: valid });
  const s = stats.data;
  const charts = useMemo(() => {
    if (!s) return null;
    const days: ChartOption = {
      tooltip: { trigger: 'axis' },
      legend: { data: [t`销售额（元）`, t`订单数`] },
      grid: { left: 50, right: 40, top: 40, bottom: 30 },
      xAxis: { type: 'category', data: s.byDay.map((d) => d.day) },
      yAxis: [{ type: 'value', name: t`元` }, { type: 'value', name: t`单`, minInterval: 1 }],
      series: [
        { name: t`销售额（元）`, type: 'line', smooth: true, areaStyle: {}, data: s.byDay.map((d) => d.paidFen / 100) },
        { name: t`订单数`, type: 'line', yAxisIndex: 1, data: s.byDay.map((d) => d.orders) },
      ],
    };
    const status: ChartOption = {
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { bottom: 0, type: 'scroll' },
      series: [{ type: 'pie', radius: ['35%', '65%'], data: s.byStatus.map((r) => ({ name: codeLabel(MALL_ORDER_TABLE, r.status), value: r.n })) }],
    };
    const top = [...s.top].reverse();
    const products: ChartOption = {
      tooltip: { trigger: 'axis' },
      grid: { left: 120, right: 30, top: 10, bottom: 30 },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: top.map((r) => r.name), axisLabel: { width: 110, overflow: 'truncate' } },
      series: [{ name: t`销量`, type: 'bar', data: top.map((r) => r.qty) }],
    };
    const conversion: ChartOption = {
      tooltip: { trigger: 'axis' },
      grid: { left: 50, right: 20, top: 30, bottom: 30 },
      xAxis: { type: 'category', data: [t`商品浏览`, t`下单`, t`付款`] },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', label: { show: true, position: 'top' }, data: [s.totals.views, s.totals.placed, s.totals.paid] }],
    };
    return { days, status, products, conversion };
  }, [s, t, codeLabel]);

  return (
    <Stack gap="sm" data-testid="mall-data">
      <Group justify="space-between">
        <Title order={4}>
          <Trans>商城数据</Trans>
        </Title>
        <Group>
          <TextInput type="date" label={t`开始日期`} value={from} onChange={(e) => setFrom(e.currentTarget.value)} error={fromError} data-testid="mall-data-from" />
          <TextInput type="date" label={t`结束日期`} value={to} onChange={(e) => setTo(e.currentTarget.value)} error={toError} data-testid="mall-data-to" />
        </Group>
      </Group>
      {s && charts && (
        <>
          <SimpleGrid cols={{ base: 2, md: 5 }}>
            {[
              [t`下单数`, String(s.totals.placed)],
              [t`付款订单`, String(s.totals.paid)],
              [t`销售额`, fenYuan(s.totals.paidFen)],
              [t`退款额`, fenYuan(s.totals.refundedFen)],
              [t`转化率（付款订单/商品浏览）`, `${(s.conversion * 100).toFixed(2)}%`],
            ].map(([label, value]) => (
              <Card key={label} withBorder padding="sm" data-testid="mall-data-figure">
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={600} size="lg">
                  {value}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <Card withBorder>
            <Text fw={600} mb="xs">
              <Trans>每日销售额</Trans>
            </Text>
            <Chart option={charts!.days} height={300} data-testid="mall-data-days" />
          </Card>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <Card withBorder>
              <Text fw={600} mb="xs">
                <Trans>订单状态分布</Trans>
              </Text>
              <Chart option={charts!.status} height={280} data-testid="mall-data-status" />
            </Card>
            <Card withBorder>
              <Text fw={600} mb="xs">
                <Trans>热销商品</Trans>
              </Text>
              <Chart option={charts!.products} height={280} data-testid="mall-data-top" />
            </Card>
            <Card withBorder>
              <Text fw={600} mb="xs">
                <Trans>转化（浏览 → 下单 → 付款）</Trans>
              </Text>
              <Chart option={charts!.conversion} height={280} data-testid="mall-data-conversion" />
            </Card>
          </SimpleGrid>
          <Card withBorder>
            <Text fw={600} mb="xs">
              <Trans>热销商品明细</Trans>
            </Text>
            <Table>
              <Table.Tbody>
                {s.top.map((r) => (
                  <Table.Tr key={r.productId}>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>{r.qty}</Table.Td>
                    <Table.Td>{fenYuan(r.fen)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        </>
      )}
    </Stack>
  );
}
