/* eslint-disable @typescript-eslint/no-explicit-any -- the options are read as loose JSON trees */
import { describe, expect, it } from 'vitest';
import type { ChartOption } from '../../../src/client/components/Chart';
import {
  EDGE,
  LEGEND_BAND,
  PIE_LABELS,
  ZOOM_BAND,
  cartesianFrame,
  pieFrame,
  zoomSlider,
} from '../../../src/client/components/Chart/layout';
import {
  categoryOption,
  lineOption,
  pieOption,
  scatterOption,
  stateLineOption,
  statePieOption,
  treeBarOption,
} from '../../../src/client/components/Chart/options';
import {
  handlePieOption,
  kindBarOption,
  trendLineOption,
  typePieOption,
} from '../../../src/client/features/alarms/statsCharts';
import {
  alarmDaysOption,
  alarmHoursOption,
  alarmTypesOption,
  kindsOption,
  readingOption,
} from '../../../src/client/features/dashboards/dashboardCharts';
import { mallChartOptions } from '../../../src/client/features/mall-orders/mallCharts';
import { i18n } from '../../../src/client/i18n/i18n';
import type { AlarmStats } from '../../../src/shared/alarms/api';
import type { DashboardSummary } from '../../../src/shared/dashboard';

const ltr = { rtl: false };

describe('chart frame', () => {
  it('puts a one-line legend at the top and keeps its band free of the plot, labels and axis names inside the plot box', () => {
    const frame = cartesianFrame();
    expect(frame.legend).toMatchObject({ type: 'scroll', top: 0, left: EDGE, align: 'left' });
    expect(frame.grid).toEqual({
      left: EDGE,
      right: EDGE,
      top: EDGE + LEGEND_BAND,
      bottom: EDGE,
      outerBoundsMode: 'same',
      outerBoundsContain: 'all',
    });
  });

  it('a bottom legend and a zoom slider take their bands from the bottom, the slider above the legend', () => {
    const frame = cartesianFrame({ legend: 'bottom', zoom: true });
    expect(frame.legend).toMatchObject({ type: 'scroll', bottom: 0 });
    expect(frame.grid.top).toBe(EDGE);
    expect(frame.grid.bottom).toBe(EDGE + LEGEND_BAND + ZOOM_BAND);
    expect((zoomSlider({ legend: 'bottom' })[1] as any).bottom).toBeGreaterThanOrEqual(LEGEND_BAND);
  });

  it('without a legend the plot takes the whole box; right to left starts the legend at the right', () => {
    expect(cartesianFrame({ legend: 'none' })).toEqual({ grid: expect.objectContaining({ top: EDGE, bottom: EDGE }) });
    const rtl = cartesianFrame({ rtl: true, color: '#fff' }).legend as any;
    expect(rtl).toMatchObject({ right: EDGE, align: 'right', textStyle: { color: '#fff' } });
    expect(rtl.left).toBeUndefined();
  });

  it('pies: a few slices carry labels that ECharts moves apart and hides on overlap; many slices leave the names to the legend', () => {
    const few = pieFrame(PIE_LABELS);
    expect(few.legend).toMatchObject({ type: 'scroll', bottom: 0 });
    expect(few.series.label).toMatchObject({ show: true });
    expect(few.series.labelLine).toMatchObject({ show: true });
    expect(few.series.labelLayout).toEqual({ hideOverlap: true, moveOverlap: 'shiftY' });
    expect(few.series.avoidLabelOverlap).toBe(true);
    const many = pieFrame(PIE_LABELS + 1, { donut: true });
    expect(many.series.label).toEqual({ show: false });
    expect(many.series.labelLine).toMatchObject({ show: false });
    expect(Array.isArray(many.series.radius)).toBe(true);
  });
});

const stats: AlarmStats = {
  response: { byType: [], byOperator: [], escalated: 0 },
  total: 40,
  unread: 3,
  pending: 5,
  byType: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((type) => ({ type, count: type })),
  byLevel: [],
  byKind: [
    { kind: 'helmet', count: 4 },
    { kind: 'smoke', count: 2 },
  ],
  byHandle: [
    { state: 0, count: 5 },
    { state: 1, count: 35 },
  ],
  trend: [{ at: '2026-11-23T00:00:00.000Z', count: 4 }],
  topDevices: [],
};

const summary: DashboardSummary = {
  scenario: 'city',
  at: 1,
  from: '2026-11-16T00:00:00.000Z',
  to: '2026-11-23T00:00:00.000Z',
  devices: {
    total: 10,
    online: 6,
    offline: 4,
    inactive: 0,
    alarming: 1,
    byKind: [{ kind: 'smoke', total: 10, online: 6, offline: 4, inactive: 0, alarming: 1 }],
  },
  alarms: {
    today: 3,
    period: 5,
    byType: [{ type: 8, today: 3, period: 5 }],
    byHour: Array.from({ length: 24 }, () => 0),
    byDay: [{ day: '2026-11-23', count: 3 }],
    handled: 4,
    pending: 1,
    handleRate: 0.8,
    meanHandleS: 600,
    ackMedianS: 12,
    ackP90S: 40,
    escalated: 2,
  },
  readings: [],
  figures: { peopleOnSite: 3, wearables: 5 },
  latest: [],
} as unknown as DashboardSummary;

const names = {
  online: 'on',
  offline: 'off',
  alarming: 'al',
  today: 'today',
  period: 'period',
  alarms: 'alarms',
  avg: 'avg',
  max: 'max',
};
const mall = mallChartOptions(
  {
    byDay: [{ day: '2026-11-23', paidFen: 1000, orders: 2 }],
    byStatus: [
      { status: 1, n: 2 },
      { status: 2, n: 1 },
    ],
    top: [{ productId: 1, name: 'A very long product name indeed', qty: 3, fen: 900 }],
    totals: { placed: 3, paid: 2, paidFen: 1000, refundedFen: 0, views: 30 },
    conversion: 0.07,
  },
  {
    sales: '销售额（元）',
    orders: '订单数',
    yuan: '元',
    orderUnit: '单',
    sold: '销量',
    steps: ['浏览', '下单', '付款'],
    status: (s) => String(s),
  },
);

/** Every option builder of the console, by what it draws. */
const WITH_LEGEND: [string, ChartOption][] = [
  ['kinds: category', categoryOption({ name: ['x'], title: ['s'], data: [{ name: 's', value: [1] }] }, 'bar', ltr)],
  ['kinds: line', lineOption([{ name: 's', points: [] }], ltr, { zoom: true, unit: 'bpm' })],
  ['kinds: state line', stateLineOption([], ltr, { online: 'on', offline: 'off' })],
  ['kinds: scatter', scatterOption([], ltr, { xName: 'x', yName: 'y' })],
  ['dashboard: kinds', kindsOption(summary, (k) => k, names, { text: '#dbe4ff' })],
  ['dashboard: alarm types', alarmTypesOption(summary, i18n, names)],
  ['MallData: days', mall.days],
];
const WITHOUT_LEGEND: [string, ChartOption][] = [
  ['kinds: tree bar', treeBarOption([{ name: 'a', value: 1 }], ltr)],
  ['alarmTongji: kinds', kindBarOption(stats, (k) => k, 'n')],
  ['alarmTongji: trend', trendLineOption(stats, 'day', 'n')],
  ['dashboard: hours', alarmHoursOption(summary, names)],
  ['dashboard: days', alarmDaysOption(summary.alarms.byDay, names)],
  [
    'dashboard: reading',
    readingOption(
      { metric: 'smoke', devices: 1, avg: 1, max: 2, days: [{ day: '2026-11-23', avg: 1, max: 2 }] } as never,
      names,
    ),
  ],
  ['MallData: products', mall.products],
  ['MallData: conversion', mall.conversion],
];
const PIES: [string, ChartOption][] = [
  ['kinds: pie', pieOption([{ name: 'a', value: 1 }], ltr)],
  ['kinds: state pie', statePieOption({ online: 1, offline: 1 }, ltr, { online: 'on', offline: 'off', alarm: 'al' })],
  ['alarmTongji: types', typePieOption(stats, i18n, 'types')],
  ['alarmTongji: handling', handlePieOption(stats, i18n, 'handling')],
  ['MallData: status', mall.status],
];

describe('every chart option builder places its legend and plot through the frame', () => {
  it.each(WITH_LEGEND)(
    '%s: a one-line legend at the top, the plot below its band, labels and axis names inside the plot',
    (_, option) => {
      const o = option as any;
      expect(o.legend).toMatchObject({ type: 'scroll', top: 0 });
      expect(o.legend.orient).toBeUndefined();
      expect(o.grid).toMatchObject({ top: EDGE + LEGEND_BAND, outerBoundsMode: 'same', outerBoundsContain: 'all' });
      expect(o.grid.containLabel).toBeUndefined();
    },
  );

  it.each(WITHOUT_LEGEND)('%s: no legend, labels and axis names inside the plot', (_, option) => {
    const o = option as any;
    expect(o.legend).toBeUndefined();
    expect(o.grid).toMatchObject({ top: EDGE, outerBoundsMode: 'same', outerBoundsContain: 'all' });
  });

  it.each(PIES)('%s: the legend under the pie, labels kept apart', (_, option) => {
    const o = option as any;
    expect(o.legend).toMatchObject({ type: 'scroll', bottom: 0 });
    expect(o.legend.orient).toBeUndefined();
    expect(o.series[0]).toMatchObject({
      type: 'pie',
      center: ['50%', '50%'],
      avoidLabelOverlap: true,
      labelLayout: { hideOverlap: true, moveOverlap: 'shiftY' },
    });
  });

  it('the alarm types pie (ten types) names its slices in the legend only; the handling pie (two states) labels them', () => {
    expect((typePieOption(stats, i18n, 't') as any).series[0].label).toEqual({ show: false });
    expect((handlePieOption(stats, i18n, 'h') as any).series[0].label).toMatchObject({ show: true });
  });

  it("the data wall's kinds chart keeps its legend in the wall's light ink and above the plot", () => {
    const o = kindsOption(summary, (k) => k, names, { text: '#dbe4ff' }) as any;
    expect(o.legend).toMatchObject({ top: 0, type: 'scroll', textStyle: { color: '#dbe4ff' } });
    expect(o.grid.top).toBe(EDGE + LEGEND_BAND);
  });
});
