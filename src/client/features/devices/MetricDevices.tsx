import { useMemo } from 'react';
import { Badge, Text } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MetricDeviceRow } from '../../../shared/devices/api';
import type { Metric } from '../../../shared/devices/kinds';
import type { MetricLevel, MetricLimits } from '../../../shared/devices/metric-limits';
import { DataTable, type Column } from '../../components/DataTable';
import { KindLabel } from './cells';
import { useModelUnit } from './MetricChartCard';
import { formatDateCell } from '../../lib/dates';

/** A level's colour and name, on the counts, the badges and the values of the list. */
export const LEVEL_COLOR: Record<MetricLevel, string> = {
  high: 'red',
  low: 'orange',
  normal: 'green',
  offline: 'gray',
};
export const LEVEL_LABELS: Record<MetricLevel, MessageDescriptor> = {
  high: msg`偏高`,
  low: msg`偏低`,
  normal: msg`正常`,
  offline: msg`离线`,
};

/** A reading to two decimals; '-' when there is none. */
export const fmt = (v: number | null | undefined) =>
  v === null || v === undefined ? '-' : String(Math.round(v * 100) / 100);

function limitsText(limits: MetricLimits): string {
  if (limits.min !== undefined && limits.max !== undefined) return `${fmt(limits.min)} ~ ${fmt(limits.max)}`;
  if (limits.min !== undefined) return `≥ ${fmt(limits.min)}`;
  if (limits.max !== undefined) return `≤ ${fmt(limits.max)}`;
  return '-';
}

export function LevelBadge({ level }: { level: MetricLevel }) {
  const { i18n } = useLingui();
  return (
    <Badge color={LEVEL_COLOR[level]} variant="light" data-testid="metric-level" data-level={level}>
      {i18n._(LEVEL_LABELS[level])}
    </Badge>
  );
}

export function DeviceValues({
  rows,
  metric,
  selected,
  onSelect,
  pending,
}: {
  rows: MetricDeviceRow[];
  metric: Metric;
  selected: string | null;
  onSelect: (imei: string) => void;
  pending: boolean;
}) {
  const { t } = useLingui();
  const unit = useModelUnit(metric);
  const columns = useMemo<Column<MetricDeviceRow>[]>(
    () => [
      {
        id: 'device',
        name: 'name',
        title: t`设备`,
        width: 170,
        render: (r) => (
          <>
            <Text size="sm" fw={500} truncate>
              {r.name || r.imei}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {r.imei}
            </Text>
          </>
        ),
      },
      {
        id: 'value',
        name: 'value',
        title: t`当前值`,
        width: 100,
        render: (r) => (
          <Text
            size="sm"
            fw={700}
            c={`var(--mantine-color-${LEVEL_COLOR[r.level]}-7)`}
            data-testid="metric-value"
            component="span"
          >
            {fmt(r.value)}
            {r.value !== null && unit ? ` ${unit}` : ''}
          </Text>
        ),
      },
      { id: 'level', name: 'level', title: t`状态`, width: 80, render: (r) => <LevelBadge level={r.level} /> },
      { id: 'limits', name: 'limits', title: t`报警阈值`, width: 110, render: (r) => limitsText(r.limits) },
      { id: 'at', name: 'at', title: t`通讯时间`, width: 150, render: (r) => (r.at ? formatDateCell(r.at) : '-') },
      { id: 'kind', name: 'kind', title: t`设备类型`, width: 110, render: (r) => <KindLabel kind={r.kind} /> },
    ],
    [t, unit],
  );
  if (!pending && rows.length === 0)
    return (
      <Text c="dimmed" size="sm" ta="center" py="md">
        <Trans>没有上报此指标的设备</Trans>
      </Text>
    );
  return (
    <div data-testid="metric-devices">
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.imei}
        loading={pending}
        rowOptions={(r) => ({
          onClick: () => onSelect(r.imei),
          active: selected === r.imei,
          attrs: { 'data-testid': 'metric-device', 'data-imei': r.imei, 'data-level': r.level },
        })}
      />
    </div>
  );
}
