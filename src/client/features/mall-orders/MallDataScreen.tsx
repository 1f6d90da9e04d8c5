import { useMemo, useState } from 'react';
import { Card, Group, SimpleGrid, Stack, Table, Text, TextInput, Title, useDirection } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { MALL_ORDER_TABLE } from '../../../entities/mall-order/resource';
import { Chart } from '../../components/Chart';
import { request } from '../../lib/request';
import { lastDays } from '../../lib/zone';
import { useCodeLabel } from '../resources/display';
import { mallChartOptions, type MallStats } from './mallCharts';
import { fenYuan } from './mallOrders.api';

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
  const stats = useQuery({
    queryKey: ['mall', 'stats', from, to],
    queryFn: () => request<MallStats>('mall', 'order/stats', { from, to }),
    enabled: valid,
  });
  const s = stats.data;
  const rtl = useDirection().dir === 'rtl';
  const charts = useMemo(
    () =>
      s &&
      mallChartOptions(
        s,
        {
          sales: t`销售额（元）`,
          orders: t`订单数`,
          yuan: t`元`,
          orderUnit: t`单`,
          sold: t`销量`,
          steps: [t`商品浏览`, t`下单`, t`付款`],
          status: (status) => codeLabel(MALL_ORDER_TABLE, status),
        },
        rtl,
      ),
    [s, t, codeLabel, rtl],
  );

  return (
    <Stack gap="sm" data-testid="mall-data">
      <Group justify="space-between">
        <Title order={4}>
          <Trans>商城数据</Trans>
        </Title>
        <Group>
          <TextInput
            type="date"
            label={t`开始日期`}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            error={fromError}
            data-testid="mall-data-from"
          />
          <TextInput
            type="date"
            label={t`结束日期`}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            error={toError}
            data-testid="mall-data-to"
          />
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
