import type { I18n } from '@lingui/core';
import type { AlarmStats } from '../../../shared/alarms/api';
import type { ChartOption } from '../../components/Chart';
import { cartesianFrame, pieFrame } from '../../components/Chart/layout';
import { ALARM_HANDLE_LABELS, alarmTypeText, labelText } from './alarmLabels';
import { formatDateCell } from '../../lib/dates';

/** Chart options of /alarmTongji, pure so the figures can be checked without a canvas. */

/** A donut of named counts, its legend below (also the campus dashboard's shares). */
export function pie(name: string, data: { name: string; value: number }[], rtl = false): ChartOption {
  const frame = pieFrame(data.length, { rtl, donut: true });
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: frame.legend,
    series: [{ type: 'pie', name, ...frame.series, data }],
  };
}

export function typePieOption(stats: AlarmStats, i18n: I18n, name: string, rtl = false): ChartOption {
  return pie(
    name,
    stats.byType.map((b) => ({ name: alarmTypeText(i18n, b.type), value: b.count })),
    rtl,
  );
}

export function handlePieOption(stats: AlarmStats, i18n: I18n, name: string, rtl = false): ChartOption {
  return pie(
    name,
    stats.byHandle.map((b) => ({ name: labelText(i18n, ALARM_HANDLE_LABELS, b.state), value: b.count })),
    rtl,
  );
}

export function kindBarOption(stats: AlarmStats, kindLabel: (kind: string) => string, name: string): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    ...cartesianFrame({ legend: 'none' }),
    xAxis: {
      type: 'category',
      data: stats.byKind.map((b) => kindLabel(b.kind)),
      axisLabel: { interval: 0, rotate: 30 },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name, data: stats.byKind.map((b) => b.count), barMaxWidth: 32 }],
  };
}

export function trendLineOption(stats: AlarmStats, bucket: 'day' | 'hour', name: string): ChartOption {
  const format = bucket === 'hour' ? 'MM-DD HH:00' : 'YYYY-MM-DD';
  return {
    tooltip: { trigger: 'axis' },
    ...cartesianFrame({ legend: 'none' }),
    xAxis: { type: 'category', data: stats.trend.map((p) => formatDateCell(p.at, format)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'line', name, smooth: true, areaStyle: { opacity: 0.15 }, data: stats.trend.map((p) => p.count) }],
  };
}
