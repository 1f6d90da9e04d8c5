import type { I18n } from '@lingui/core';
import type { AlarmStats } from '../../../shared/alarms/api';
import type { ChartOption } from '../../components/Chart';
import { formatDateCell } from '../../components/DataTable/cells';
import { ALARM_HANDLE_LABELS, alarmTypeText, labelText } from './alarmLabels';

/** Chart options of /alarmTongji, pure so the figures can be checked without a canvas. */

/** A donut of named counts with a scrolling legend (also the dashboards' shares). */
export const pie = (name: string, data: { name: string; value: number }[]): ChartOption => ({
  tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
  legend: { type: 'scroll', bottom: 0 },
  series: [{ type: 'pie', name, radius: ['35%', '65%'], center: ['50%', '45%'], data }],
});

export function typePieOption(stats: AlarmStats, i18n: I18n, name: string): ChartOption {
  return pie(
    name,
    stats.byType.map((b) => ({ name: alarmTypeText(i18n, b.type), value: b.count })),
  );
}

export function handlePieOption(stats: AlarmStats, i18n: I18n, name: string): ChartOption {
  return pie(
    name,
    stats.byHandle.map((b) => ({ name: labelText(i18n, ALARM_HANDLE_LABELS, b.state), value: b.count })),
  );
}

export function kindBarOption(stats: AlarmStats, kindLabel: (kind: string) => string, name: string): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 16, bottom: 56 },
    xAxis: { type: 'category', data: stats.byKind.map((b) => kindLabel(b.kind)), axisLabel: { interval: 0, rotate: 30 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name, data: stats.byKind.map((b) => b.count), barMaxWidth: 32 }],
  };
}

export function trendLineOption(stats: AlarmStats, bucket: 'day' | 'hour', name: string): ChartOption {
  const format = bucket === 'hour' ? 'MM-DD HH:00' : 'YYYY-MM-DD';
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 16, bottom: 32 },
    xAxis: { type: 'category', data: stats.trend.map((p) => formatDateCell(p.at, format)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'line', name, smooth: true, areaStyle: { opacity: 0.15 }, data: stats.trend.map((p) => p.count) }],
  };
}
