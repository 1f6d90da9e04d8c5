import { Card, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { I18n } from '@lingui/core';
import { Trans } from '@lingui/react/macro';
import type { Metric } from '../../../shared/devices/kinds';
import { kindsReporting, metricAlarmType } from '../../../shared/devices/metric-limits';
import { alarmTypeText } from '../alarms/alarmLabels';
import { alarmListQuery } from '../alarms/alarms.queries';
import { fmt } from './MetricDevices';
import { formatDateCell } from '../../lib/dates';

const ALARM_ROWS = 10;

/**
 * The newest alarms of the metric's alarm type raised by the kinds of device that report it, so a
 * screen lists only its own devices' alarms (low-balance alarms of utility meters share the
 * low-battery type, and a gateway raises them).
 */
export function MetricAlarms({ metric, i18n }: { metric: Metric; i18n: I18n }) {
  const type = metricAlarmType(metric);
  const kinds = kindsReporting(metric);
  const alarms = useQuery({
    ...alarmListQuery({
      page: 1,
      size: ALARM_ROWS,
      sort: [{ field: 'ts', order: 'desc' }],
      filters: { type: type ?? 0, ...(kinds.length ? { deviceKind: kinds } : {}) },
    }),
    enabled: type !== undefined,
  });
  const rows = alarms.data?.rows ?? [];
  return (
    <Card withBorder data-testid="metric-alarms">
      <Text fw={600} mb="xs">
        <Trans>最近报警</Trans>
      </Text>
      {type === undefined ? (
        <Text c="dimmed" size="sm">
          <Trans>此指标没有报警规则</Trans>
        </Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>暂无报警</Trans>
        </Text>
      ) : (
        <ScrollArea.Autosize mah={260}>
          <Stack gap={6}>
            {rows.map((a) => (
              <div key={String(a.id)} data-testid="metric-alarm">
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={500} truncate>
                    {String(a.deviceName ?? a.imei ?? '')}
                  </Text>
                  <Text size="sm" style={{ flex: 'none' }}>
                    {fmt(a.value as number | null)}
                    {a.threshold !== null && a.threshold !== undefined ? ` / ${fmt(a.threshold as number)}` : ''}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDateCell(a.ts as string)} · {alarmTypeText(i18n, Number(a.type))}
                </Text>
              </div>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Card>
  );
}
