import { useEffect, useRef } from 'react';
import { Box, useComputedColorScheme, type BoxProps } from '@mantine/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart, type BarSeriesOption, type LineSeriesOption, type PieSeriesOption } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  type DataZoomComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type MarkLineComponentOption,
  type TitleComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Tree-shaken registration: only what the console's charts use ends up in the bundle.
echarts.use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, TitleComponent, DataZoomComponent, MarkLineComponent, CanvasRenderer]);

export type ChartOption = echarts.ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | TitleComponentOption
  | DataZoomComponentOption
  | MarkLineComponentOption
>;

export interface ChartProps extends Omit<BoxProps, 'children'> {
  option: ChartOption;
  height?: number | string;
  /** After the user zooms a time axis: the visible window in epoch milliseconds. */
  onZoom?: (from: number, to: number) => void;
  'data-testid'?: string;
}

/** A small ECharts host: one instance per element, resized with its box, dark-aware. */
export function Chart({ option, height = 280, onZoom, ...box }: ChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const scheme = useComputedColorScheme('light');
  const zoomed = useRef(onZoom);
  useEffect(() => {
    zoomed.current = onZoom;
  }, [onZoom]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const instance = echarts.init(el, scheme === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    // ResizeObserver is missing in some test environments; the chart then keeps its first size.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(el);
    instance.on('datazoom', () => {
      // The first x axis' visible extent after the zoom (a time axis gives milliseconds).
      const axis = (instance as unknown as { getModel(): { getComponent(t: string, i: number): { axis?: { scale: { getExtent(): [number, number] } } } | undefined } })
        .getModel()
        .getComponent('xAxis', 0)?.axis;
      const extent = axis?.scale.getExtent();
      if (extent && zoomed.current) zoomed.current(extent[0], extent[1]);
    });
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [scheme]);

  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true });
  }, [option, scheme]);

  return <Box ref={ref} h={height} w="100%" {...box} />;
}
