import type { BoxProps } from '@mantine/core';
import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  MarkLineComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';

/** Every option the console's charts may use: the series and components `EChart` registers. */
export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | PieSeriesOption
  | ScatterSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | TitleComponentOption
  | DataZoomComponentOption
  | MarkLineComponentOption
>;

export interface ChartClick {
  name: string;
  seriesName?: string;
  value: unknown;
}

export interface ChartProps extends Omit<BoxProps, 'children'> {
  option: ChartOption;
  height?: number | string;
  /** After the user zooms a time axis: the visible window in epoch milliseconds. */
  onZoom?: (from: number, to: number) => void;
  /** A click on a slice, bar or point. */
  onItemClick?: (item: ChartClick) => void;
  'data-testid'?: string;
}
