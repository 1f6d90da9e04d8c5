import type { ChartOption } from '../../components/Chart';
import { cartesianFrame, pieFrame } from '../../components/Chart/layout';

/** The figures of /MallData (`mall/order/stats`). */
export interface MallStats {
  byDay: { day: string; paidFen: number; orders: number }[];
  byStatus: { status: number; n: number }[];
  top: { productId: number; name: string; qty: number; fen: number }[];
  totals: { placed: number; paid: number; paidFen: number; refundedFen: number; views: number };
  conversion: number;
}

interface MallChartTexts {
  sales: string;
  orders: string;
  yuan: string;
  orderUnit: string;
  sold: string;
  steps: [views: string, placed: string, paid: string];
  status: (status: number) => string;
}

/** The four charts of /MallData, pure so their layout can be checked without a canvas. */
export function mallChartOptions(
  s: MallStats,
  x: MallChartTexts,
  rtl = false,
): { days: ChartOption; status: ChartOption; products: ChartOption; conversion: ChartOption } {
  const days: ChartOption = {
    tooltip: { trigger: 'axis' },
    ...cartesianFrame({ rtl, data: [x.sales, x.orders] }),
    xAxis: { type: 'category', data: s.byDay.map((d) => d.day) },
    yAxis: [
      { type: 'value', name: x.yuan },
      { type: 'value', name: x.orderUnit, minInterval: 1 },
    ],
    series: [
      { name: x.sales, type: 'line', smooth: true, areaStyle: {}, data: s.byDay.map((d) => d.paidFen / 100) },
      { name: x.orders, type: 'line', yAxisIndex: 1, data: s.byDay.map((d) => d.orders) },
    ],
  };
  const frame = pieFrame(s.byStatus.length, { rtl, donut: true });
  const status: ChartOption = {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: frame.legend,
    series: [{ type: 'pie', ...frame.series, data: s.byStatus.map((r) => ({ name: x.status(r.status), value: r.n })) }],
  };
  const top = [...s.top].reverse();
  const products: ChartOption = {
    tooltip: { trigger: 'axis' },
    ...cartesianFrame({ legend: 'none' }),
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: top.map((r) => r.name), axisLabel: { width: 110, overflow: 'truncate' } },
    series: [{ name: x.sold, type: 'bar', data: top.map((r) => r.qty) }],
  };
  const conversion: ChartOption = {
    tooltip: { trigger: 'axis' },
    ...cartesianFrame({ legend: 'none' }),
    xAxis: { type: 'category', data: x.steps },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'bar', label: { show: true, position: 'top' }, data: [s.totals.views, s.totals.placed, s.totals.paid] },
    ],
  };
  return { days, status, products, conversion };
}
