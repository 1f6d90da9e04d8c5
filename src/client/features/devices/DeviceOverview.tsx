import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { STOCK_STATE_TABLE } from '../../../shared/codes';
import type { DeviceDetail } from '../../../shared/devices/api';
import { useCodeLabel } from '../resources/display';
import { BatteryCell, KindLabel, SignalBars, StateBadge } from './cells';
import { metricLabel, metricUnit } from './labels';
import { formatDateCell } from '../../lib/dates';

function Item({ label, children }: { label: React.ReactNode; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** Name, IMEI, kind, state, battery, signal, last communication and stock state. */
export function DeviceHeader({ detail }: { detail: DeviceDetail }) {
  const codeLabel = useCodeLabel();
  return (
    <Card withBorder data-testid="device-header">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{detail.name || detail.imei}</Title>
        <StateBadge state={detail.state} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 7 }}>
        <Item label="IMEI">
          <Text size="sm" ff="monospace" data-testid="device-imei">
            {detail.imei}
          </Text>
        </Item>
        <Item label={<Trans>设备类型</Trans>}>
          <Text size="sm">
            <KindLabel kind={detail.kind} />
          </Text>
        </Item>
        <Item label={<Trans>电量</Trans>}>
          <BatteryCell battery={detail.battery} />
        </Item>
        <Item label={<Trans>信号</Trans>}>
          <SignalBars state={detail.state} signal={detail.signal} />
        </Item>
        <Item label={<Trans>最后通讯时间</Trans>}>
          <Text size="sm">{formatDateCell(detail.lastCommunicationAt) || '-'}</Text>
        </Item>
        <Item label={<Trans>库存状态</Trans>}>
          <Text size="sm">{codeLabel(STOCK_STATE_TABLE, detail.stockState)}</Text>
        </Item>
        <Item label={<Trans>位置</Trans>}>
          <Text size="sm">
            {detail.lat !== null && detail.lon !== null ? `${detail.lat.toFixed(5)}, ${detail.lon.toFixed(5)}` : '-'}
          </Text>
        </Item>
      </SimpleGrid>
    </Card>
  );
}

/** One card per last reported value, with its unit. */
export function LastValues({ values }: { values: Record<string, number> }) {
  const { i18n } = useLingui();
  const entries = Object.entries(values);
  if (entries.length === 0)
    return (
      <Text c="dimmed" size="sm">
        <Trans>暂无上报数据</Trans>
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} data-testid="last-values">
      {entries.map(([metric, value]) => (
        <Card key={metric} withBorder padding="sm">
          <Text size="xs" c="dimmed">
            {metricLabel(i18n, metric)}
          </Text>
          <Text fw={700} size="lg">
            {Number.isInteger(value) ? value : value.toFixed(2)}
            <Text span size="xs" c="dimmed" ml={4}>
              {metricUnit(metric)}
            </Text>
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
