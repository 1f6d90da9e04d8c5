import { alarmTypeInfo } from '../../shared/alarms/types';
import type { DashboardPanel, DashboardSummary, ScenarioFigures } from '../../shared/dashboard';
import { KIND_INFO, type DeviceKind } from '../../shared/devices/kinds';
import { type Cell, defuse } from '../engine/files';

const kindName = (kind: string) => KIND_INFO[kind as DeviceKind]?.cn ?? kind;
const typeName = (type: number) => alarmTypeInfo(type)?.cn ?? String(type);
const text = (v: string | null) => (v === null ? null : defuse(v));

/** Chinese labels of the scenario figures, in the order the file lists them. */
const FIGURE_LABELS: Record<keyof ScenarioFigures, string> = {
  peopleOnSite: '在岗人数',
  wearables: '穿戴设备',
  helmetsWorn: '安全帽佩戴',
  helmetsOff: '安全帽未戴',
  wristbandsOnline: '手环在线',
  wristbands: '手环总数',
  attendance: '今日出勤',
  smokeAlarming: '烟感报警中',
  gasAlarming: '燃气报警中',
  pressureAlarming: '水压异常',
  breakersOnline: '断路器在线',
  breakerTrips: '今日断电',
  doorCallsToday: '今日门口机呼叫',
  doorCalls: '期间门口机呼叫',
  cardsToday: '今日发卡',
  cards: '期间发卡',
  outOfFence: '出围栏人数',
  braceletsOff: '脚环摘除',
};

/** One panel of a summary as a header and rows (Chinese headers, like the engine's exports). */
export function panelTable(
  summary: DashboardSummary,
  panel: DashboardPanel,
): { sheet: string; header: string[]; cells: Cell[][] } {
  switch (panel) {
    case 'devices':
      return {
        sheet: '设备状态',
        header: ['设备类型', '总数', '在线', '离线', '未激活', '报警中'],
        cells: summary.devices.byKind.map((k) => [
          kindName(k.kind),
          k.total,
          k.online,
          k.offline,
          k.inactive,
          k.alarming,
        ]),
      };
    case 'alarmTypes':
      return {
        sheet: '报警类型',
        header: ['报警类型', '今日', '期间'],
        cells: summary.alarms.byType.map((r) => [typeName(r.type), r.today, r.period]),
      };
    case 'alarmHours':
      return {
        sheet: '今日分时报警',
        header: ['小时', '报警数'],
        cells: summary.alarms.byHour.map((n, h) => [`${String(h).padStart(2, '0')}:00`, n]),
      };
    case 'alarmDays': {
      const a = summary.alarms;
      return {
        sheet: '每日报警',
        header: ['日期', '报警数'],
        cells: [
          ...a.byDay.map((d): Cell[] => [d.day, d.count]),
          ['已处理', a.handled],
          ['未处理', a.pending],
          ['处理率', a.handleRate],
          ['平均处理秒数', a.meanHandleS],
          ['确认用时中位秒数', a.ackMedianS],
          ['确认用时P90秒数', a.ackP90S],
          ['已升级', a.escalated],
        ],
      };
    }
    case 'readings':
      return {
        sheet: '读数',
        header: ['指标', '日期', '平均', '最大', '上报设备'],
        cells: summary.readings.flatMap((r) => [
          [r.metric, '当前', r.avg, r.max, r.devices] as Cell[],
          ...r.days.map((d): Cell[] => [r.metric, d.day, d.avg, d.max, null]),
        ]),
      };
    case 'latest':
      return {
        sheet: '最新报警',
        header: ['时间', '报警类型', '级别', '标题', 'IMEI', '设备', '人员', '已读', '处理状态'],
        cells: summary.latest.map((r) => [
          r.ts,
          typeName(r.type),
          r.level,
          text(r.title),
          r.imei,
          text(r.deviceName),
          text(r.personName),
          r.read,
          r.handleState,
        ]),
      };
    case 'specific':
      return {
        sheet: '场景指标',
        header: ['指标', '数值'],
        cells: (Object.keys(FIGURE_LABELS) as (keyof ScenarioFigures)[])
          .filter((k) => summary.figures[k] !== undefined)
          .map((k) => [FIGURE_LABELS[k], summary.figures[k]!]),
      };
  }
}
