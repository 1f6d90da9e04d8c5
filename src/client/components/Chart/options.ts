import { zoned } from '../../lib/zone';
import type { ChartOption } from './types';
import { cartesianFrame, pieFrame, zoomSlider } from './layout';
import { formatDateCell } from '../../lib/dates';

/**
 * The option builders of the seven chart kinds of docs/requirements/widgets.md#charts. Pure
 * functions of the data shapes named there, so tests assert the option without a canvas; the
 * components in kinds.tsx call them with the reading direction and the translated labels.
 */

/** Simple items: value, name, color (an rgb triple string such as "64,158,255"). */
export interface ChartItem {
  name: string;
  value: number;
  color?: string;
}

/** Category data: name[] axis labels, title[] legends, data[] series with name, value[], color. */
export interface CategoryData {
  name: string[];
  title?: string[];
  data: { name: string; value: (number | null)[]; color?: string }[];
}

/** A time series: points of [time (ISO or epoch ms), value]. */
export interface TimeSeries {
  name: string;
  color?: string;
  points: [t: string | number, v: number | null][];
  area?: boolean;
}

/** A node of a tree-bar: a leaf's value, or the sum of its children. */
export interface TreeBarNode {
  name: string;
  value?: number;
  color?: string;
  children?: TreeBarNode[];
}

/** The state line's y values of docs/requirements/states-and-codes.md: 1 = 在线, 2 = 离线. */
export const STATE_ONLINE = 1;
export const STATE_OFFLINE = 2;
export type DeviceState = typeof STATE_ONLINE | typeof STATE_OFFLINE;

export interface StateSeries {
  name: string;
  color?: string;
  points: { t: string | number; state: DeviceState }[];
}

export interface StateCounts {
  online: number;
  offline: number;
  alarm?: number;
}

export interface ScatterSeries {
  name: string;
  color?: string;
  points: [x: number, y: number][];
}

export interface ChartContext {
  rtl: boolean;
}

interface StateLabels {
  online: string;
  offline: string;
  alarm: string;
}

/** Fixed state colors, the same in both themes (green online, grey offline, red alarm). */
export const STATE_COLORS = { online: '34,197,94', offline: '148,163,184', alarm: '239,68,68' } as const;

const TRIPLE = /^\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*$/;

/**
 * A chart item's colour (docs/requirements/widgets.md#charts), an rgb triple string ("255,0,0"), as
 * a CSS colour ("rgb(255,0,0)"); with `alpha`, rgba. Values clamp to 0..255. A CSS colour (#hex,
 * rgb(...)) passes through; anything else is dropped so the theme palette decides.
 */
export function rgb(color: string | undefined, alpha?: number): string | undefined {
  if (!color) return undefined;
  const m = TRIPLE.exec(color);
  if (m) {
    const [r, g, b] = [m[1], m[2], m[3]].map((c) => Math.min(255, Number(c)));
    return alpha === undefined ? `rgb(${r},${g},${b})` : `rgba(${r},${g},${b},${alpha})`;
  }
  return /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\))$/i.test(color.trim()) ? color.trim() : undefined;
}

const colored = (color: string | undefined) => (rgb(color) ? { itemStyle: { color: rgb(color) } } : {});
const lineColored = (color: string | undefined) =>
  rgb(color) ? { itemStyle: { color: rgb(color) }, lineStyle: { color: rgb(color) } } : {};

/** Cartesian axes that mirror in RTL: the x axis runs right to left and the y axis sits on the right. */
const xMirror = (ctx: ChartContext) => (ctx.rtl ? { inverse: true } : {});
const yMirror = (ctx: ChartContext) => (ctx.rtl ? { position: 'right' as const } : {});

/** Pie: items as slices, the legend under it (layout.ts: labels on a few slices, the legend alone for many). */
export function pieOption(
  items: ChartItem[],
  ctx: ChartContext,
  opts: { name?: string; donut?: boolean } = {},
): ChartOption {
  const frame = pieFrame(items.length, { rtl: ctx.rtl, donut: opts.donut });
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: frame.legend,
    series: [
      {
        type: 'pie',
        name: opts.name,
        ...frame.series,
        data: items.map((item) => ({ name: item.name, value: item.value, ...colored(item.color) })),
      },
    ],
  };
}

/** Bar or line by category: name[] on the x axis (y for horizontal bars), one series per data[] entry, title[] as the legend. */
export function categoryOption(
  data: CategoryData,
  kind: 'bar' | 'line',
  ctx: ChartContext,
  opts: { horizontal?: boolean; stack?: boolean } = {},
): ChartOption {
  const legend = data.title ?? data.data.map((s) => s.name);
  const category = { type: 'category' as const, data: data.name, ...(kind === 'line' ? { boundaryGap: false } : {}) };
  const value = { type: 'value' as const, minInterval: 1 };
  const horizontal = kind === 'bar' && opts.horizontal;
  return {
    tooltip: { trigger: 'axis' },
    ...cartesianFrame({ rtl: ctx.rtl, data: legend, legend: legend.length > 0 ? 'top' : 'none' }),
    xAxis: horizontal ? { ...value, ...xMirror(ctx) } : { ...category, ...xMirror(ctx) },
    yAxis: horizontal ? { ...category, inverse: true, ...yMirror(ctx) } : { ...value, ...yMirror(ctx) },
    series: data.data.map((s) =>
      kind === 'bar'
        ? {
            type: 'bar' as const,
            name: s.name,
            data: s.value,
            ...(opts.stack ? { stack: 'total' } : {}),
            ...colored(s.color),
          }
        : {
            type: 'line' as const,
            name: s.name,
            data: s.value,
            smooth: true,
            ...(opts.stack ? { stack: 'total' } : {}),
            ...lineColored(s.color),
          },
    ),
  };
}

/** Line over time: one line per series on a time axis, optional zoom slider. */
export function lineOption(
  series: TimeSeries[],
  ctx: ChartContext,
  opts: { unit?: string; zoom?: boolean } = {},
): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    ...cartesianFrame({ rtl: ctx.rtl, zoom: opts.zoom }),
    xAxis: { type: 'time', ...xMirror(ctx) },
    yAxis: { type: 'value', scale: true, name: opts.unit, ...yMirror(ctx) },
    ...(opts.zoom ? { dataZoom: zoomSlider() } : {}),
    series: series.map((s) => ({
      type: 'line' as const,
      name: s.name,
      showSymbol: false,
      connectNulls: false,
      data: s.points.map(([t, v]) => [t, v]),
      ...lineColored(s.color),
      ...(s.area ? { areaStyle: { opacity: 0.15 } } : {}),
    })),
  };
}

interface TreeBarRow {
  name: string;
  depth: number;
  value: number;
  color?: string;
  path: string;
}

/** The sum a node stands for: its own value when it has no children, else its children's. */
function treeTotal(node: TreeBarNode): number {
  if (!node.children?.length) return node.value ?? 0;
  return node.children.reduce((sum, child) => sum + treeTotal(child), 0);
}

/** The tree flattened in depth-first order down to `maxDepth` (0 = roots only), each row with its subtotal. */
export function flattenTree(nodes: TreeBarNode[], maxDepth = Infinity): TreeBarRow[] {
  const rows: TreeBarRow[] = [];
  const walk = (list: TreeBarNode[], depth: number, parentColor: string | undefined, parentPath: string) => {
    for (const node of list) {
      const color = node.color ?? parentColor;
      const path = parentPath ? `${parentPath} / ${node.name}` : node.name;
      rows.push({ name: node.name, depth, value: treeTotal(node), color, path });
      if (node.children?.length && depth < maxDepth) walk(node.children, depth + 1, color, path);
    }
  };
  walk(nodes, 0, undefined, '');
  return rows;
}

const INDENT = '\u2003'; // an em space per level: indentation that survives in either direction

/**
 * Tree-bar: horizontal bars for the nodes of a tree (departments > sub-departments ...), each
 * bar the node's subtotal, labels indented by depth, deeper levels lighter.
 */
export function treeBarOption(
  nodes: TreeBarNode[],
  ctx: ChartContext,
  opts: { name?: string; maxDepth?: number } = {},
): ChartOption {
  const rows = flattenTree(nodes, opts.maxDepth);
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c}' },
    ...cartesianFrame({ legend: 'none' }),
    xAxis: { type: 'value', minInterval: 1, ...xMirror(ctx) },
    yAxis: {
      type: 'category',
      inverse: true,
      data: rows.map((r) => INDENT.repeat(r.depth) + r.name),
      ...yMirror(ctx),
      axisLabel: { align: ctx.rtl ? 'left' : 'right' },
    },
    series: [
      {
        type: 'bar',
        name: opts.name,
        barMaxWidth: 22,
        data: rows.map((r) => ({
          value: r.value,
          name: r.path,
          itemStyle: { ...(rgb(r.color) ? { color: rgb(r.color) } : {}), opacity: Math.max(0.45, 1 - r.depth * 0.2) },
        })),
      },
    ],
  };
}

/** The state line's y-axis label of a value: 1 = 在线, 2 = 离线, nothing between. */
export function stateLabel(value: number, labels: Pick<StateLabels, 'online' | 'offline'>): string {
  return value === STATE_ONLINE ? labels.online : value === STATE_OFFLINE ? labels.offline : '';
}

/** Online/offline state line: a step line per device over time on a y axis of 1 = online, 2 = offline. */
export function stateLineOption(
  series: StateSeries[],
  ctx: ChartContext,
  labels: Pick<StateLabels, 'online' | 'offline'>,
): ChartOption {
  const formatter = (value: number) => stateLabel(value, labels);
  return {
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value) => formatter(Number(value)),
    },
    ...cartesianFrame({ rtl: ctx.rtl }),
    xAxis: { type: 'time', ...xMirror(ctx) },
    yAxis: { type: 'value', min: 0.5, max: 2.5, interval: 1, axisLabel: { formatter }, ...yMirror(ctx) },
    series: series.map((s) => ({
      type: 'line' as const,
      name: s.name,
      step: 'end' as const,
      showSymbol: false,
      data: s.points.map((p) => [p.t, p.state]),
      ...lineColored(s.color),
    })),
  };
}

/** State pie: online / offline (/ alarming) counts as a donut with the state colours, online rate in the middle. */
export function statePieOption(counts: StateCounts, ctx: ChartContext, labels: StateLabels): ChartOption {
  const items: ChartItem[] = [
    { name: labels.online, value: counts.online, color: STATE_COLORS.online },
    { name: labels.offline, value: counts.offline, color: STATE_COLORS.offline },
    ...(counts.alarm === undefined ? [] : [{ name: labels.alarm, value: counts.alarm, color: STATE_COLORS.alarm }]),
  ];
  const total = counts.online + counts.offline;
  const rate = total > 0 ? Math.round((counts.online / total) * 1000) / 10 : 0;
  const pie = pieOption(items, ctx, { donut: true });
  const center = (pie.series as { center: [string, string] }[])[0]!.center;
  return {
    ...pie,
    title: {
      text: `${rate}%`,
      subtext: labels.online,
      left: center[0],
      top: 'center',
      textAlign: 'center',
      textStyle: { fontSize: 18 },
    },
  };
}

/** Scatter: points of [x, y] per series, the axes named after the two metrics. */
export function scatterOption(
  series: ScatterSeries[],
  ctx: ChartContext,
  opts: { xName?: string; yName?: string } = {},
): ChartOption {
  return {
    tooltip: { trigger: 'item' },
    ...cartesianFrame({ rtl: ctx.rtl }),
    xAxis: { type: 'value', scale: true, name: opts.xName, nameLocation: 'middle', nameGap: 24, ...xMirror(ctx) },
    yAxis: { type: 'value', scale: true, name: opts.yName, ...yMirror(ctx) },
    series: series.map((s) => ({
      type: 'scatter' as const,
      name: s.name,
      symbolSize: 7,
      data: s.points.map(([x, y]) => [x, y]),
      ...colored(s.color),
    })),
  };
}

type AnyAxis = {
  type?: string;
  axisLabel?: Record<string, unknown>;
  axisPointer?: { label?: Record<string, unknown> } & Record<string, unknown>;
} & Record<string, unknown>;

/**
 * A time axis tick on the tenant's clock: the day at midnight, else the time of day. ECharts
 * places a multi-day axis's ticks at the browser's midnights, which are another hour on the
 * tenant's clock (08:00 in Shanghai for a browser on UTC: a week's axis read 08:00 seven times),
 * so a tick at either midnight names its day.
 */
export function timeTick(value: number): string {
  const at = zoned(value);
  const browser = new Date(value);
  const midnight = (at.hour() === 0 && at.minute() === 0) || (browser.getHours() === 0 && browser.getMinutes() === 0);
  return midnight ? at.format('MM-DD') : at.format('HH:mm');
}

/**
 * Time axes on the tenant's clock (lib/zone.ts): ECharts labels a time axis, and the tooltip's
 * heading, in the browser's zone otherwise. Axes with their own formatter keep it.
 */
export function onTenantClock(option: ChartOption): ChartOption {
  const fix = (axis: AnyAxis): AnyAxis =>
    axis.type !== 'time' || axis.axisLabel?.formatter
      ? axis
      : {
          ...axis,
          axisLabel: { ...axis.axisLabel, formatter: timeTick },
          axisPointer: {
            ...axis.axisPointer,
            label: { ...axis.axisPointer?.label, formatter: (p: { value: unknown }) => formatDateCell(p.value) },
          },
        };
  const x = option.xAxis as unknown as AnyAxis | AnyAxis[] | undefined;
  if (!x) return option;
  return { ...option, xAxis: (Array.isArray(x) ? x.map(fix) : fix(x)) as unknown as ChartOption['xAxis'] };
}
