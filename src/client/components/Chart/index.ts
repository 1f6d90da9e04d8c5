export { Chart } from './Chart';
export type { ChartOption, ChartProps, ChartClick } from './types';
export { PieChart, CategoryChart, LineChart, TreeBarChart, StateLineChart, StatePieChart, ScatterChart } from './kinds';
export {
  rgb,
  STATE_ONLINE,
  STATE_OFFLINE,
  STATE_COLORS,
  type ChartItem,
  type CategoryData,
  type TimeSeries,
  type TreeBarNode,
  type StateSeries,
  type StateCounts,
  type ScatterSeries,
  type DeviceState,
} from './options';
