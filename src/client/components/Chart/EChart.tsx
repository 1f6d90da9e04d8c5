import { useEffect, useRef } from 'react';
import { Box } from '@mantine/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { THEME_NAMES, useThemeName } from '../../lib/themeStore';
import type { ChartProps } from './types';
import { onTenantClock } from './options';
import { echartsTheme, themeKey } from './themes';

// Tree-shaken registration: only what the console's charts use ends up in the (lazy) chunk.
echarts.use([
  LineChart,
  BarChart,
  PieChart,
  ScatterChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  TitleComponent,
  DataZoomComponent,
  MarkLineComponent,
  CanvasRenderer,
]);
for (const name of THEME_NAMES) echarts.registerTheme(themeKey(name), echartsTheme(name));

/** The system asks for less motion: charts draw their data at once, without ECharts' transitions. */
const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The ECharts host behind `Chart`: one instance per element, resized with its box, themed by the console theme. */
export default function EChart({ option, height = 280, onZoom, onItemClick, ...box }: ChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const theme = useThemeName();
  const zoomed = useRef(onZoom);
  const clicked = useRef(onItemClick);
  useEffect(() => {
    zoomed.current = onZoom;
    clicked.current = onItemClick;
  }, [onZoom, onItemClick]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const instance = echarts.init(el, themeKey(theme), { renderer: 'canvas' });
    chart.current = instance;
    // ResizeObserver is missing in some test environments; the chart then keeps its first size.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(el);
    instance.on('datazoom', () => {
      // The first x axis' visible extent after the zoom (a time axis gives milliseconds).
      const axis = (
        instance as unknown as {
          getModel(): {
            getComponent(t: string, i: number): { axis?: { scale: { getExtent(): [number, number] } } } | undefined;
          };
        }
      )
        .getModel()
        .getComponent('xAxis', 0)?.axis;
      const extent = axis?.scale.getExtent();
      if (extent && zoomed.current) zoomed.current(extent[0], extent[1]);
    });
    instance.on('click', (params) =>
      clicked.current?.({ name: String(params.name ?? ''), seriesName: params.seriesName, value: params.value }),
    );
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [theme]);

  useEffect(() => {
    chart.current?.setOption(
      { backgroundColor: 'transparent', ...onTenantClock(option), ...(reducedMotion() && { animation: false }) },
      { notMerge: true },
    );
  }, [option, theme]);

  return <Box ref={ref} h={height} w="100%" {...box} />;
}
