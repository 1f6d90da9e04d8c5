/* eslint-disable @typescript-eslint/no-explicit-any -- the drawn options are read as loose JSON trees */
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { screen, render } from '@testing-library/react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { I18nProvider } from '@lingui/react';
import type { ReactElement } from 'react';
import {
  CategoryChart,
  Chart,
  LineChart,
  PieChart,
  ScatterChart,
  StateLineChart,
  StatePieChart,
  TreeBarChart,
  rgb,
  type ChartOption,
} from '../../../src/client/components/Chart';
import { flattenTree, stateLabel } from '../../../src/client/components/Chart/options';
import { echartsTheme } from '../../../src/client/components/Chart/themes';
import { i18n } from '../../../src/client/i18n/i18n';
import { THEMES } from '../../../src/client/theme';

// jsdom has no canvas: the lazily loaded ECharts host is replaced by one that keeps the option it was given.
const drawn: ChartOption[] = [];
vi.mock('../../../src/client/components/Chart/EChart', () => ({
  default: ({ option, 'data-testid': testId }: { option: ChartOption; 'data-testid'?: string }) => {
    drawn.push(option);
    return <pre data-testid={testId ?? 'chart'}>{JSON.stringify(option)}</pre>;
  },
}));

beforeEach(() => {
  drawn.length = 0;
});

function renderIn(ui: ReactElement, dir: 'ltr' | 'rtl' = 'ltr') {
  return render(
    <I18nProvider i18n={i18n}>
      <DirectionProvider initialDirection={dir} detectDirection={false}>
        <MantineProvider theme={THEMES.white.theme} forceColorScheme="light" env="test">
          {ui}
        </MantineProvider>
      </DirectionProvider>
    </I18nProvider>,
  );
}

/** The option the host received last, after the lazy chunk resolved. */
async function lastOption(testId = 'chart'): Promise<Record<string, any>> {
  await screen.findByTestId(testId);
  return drawn.at(-1) as Record<string, any>;
}

describe('rgb', () => {
  it('turns the rgb triple of chart items into a CSS colour, clamps, passes CSS colours through and drops garbage', () => {
    expect(rgb('64,158,255')).toBe('rgb(64,158,255)');
    expect(rgb(' 1, 2 ,3 ')).toBe('rgb(1,2,3)');
    expect(rgb('300,0,0')).toBe('rgb(255,0,0)');
    expect(rgb('10,20,30', 0.5)).toBe('rgba(10,20,30,0.5)');
    expect(rgb('#ff0000')).toBe('#ff0000');
    expect(rgb('rgb(1,2,3)')).toBe('rgb(1,2,3)');
    expect(rgb('red; background:url(x)')).toBeUndefined();
    expect(rgb(undefined)).toBeUndefined();
  });
});

describe('the seven chart kinds', () => {
  it('PieChart maps items to pie slices with their rgb colours, the legend under the pie', async () => {
    renderIn(
      <PieChart
        items={[
          { name: '手环', value: 5, color: '255,0,0' },
          { name: '头盔', value: 3 },
        ]}
      />,
    );
    const option = await lastOption();
    expect(option.series[0].type).toBe('pie');
    expect(option.series[0].data).toEqual([
      { name: '手环', value: 5, itemStyle: { color: 'rgb(255,0,0)' } },
      { name: '头盔', value: 3 },
    ]);
    expect(option.legend).toMatchObject({ left: 8, bottom: 0, type: 'scroll' });
    expect(option.legend.orient).toBeUndefined();
  });

  it('CategoryChart draws name[] as the axis, title[] as the legend and one series per data[] entry, bar or line', async () => {
    const categories = {
      name: ['周一', '周二'],
      title: ['SOS', '低电'],
      data: [
        { name: 'SOS', value: [1, 2], color: '0,128,0' },
        { name: '低电', value: [3, 4] },
      ],
    };
    const { rerender } = renderIn(<CategoryChart categories={categories} kind="bar" />);
    let option = await lastOption();
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['周一', '周二'] });
    expect(option.legend.data).toEqual(['SOS', '低电']);
    expect(option.series.map((s: { type: string }) => s.type)).toEqual(['bar', 'bar']);
    expect(option.series[0]).toMatchObject({ name: 'SOS', data: [1, 2], itemStyle: { color: 'rgb(0,128,0)' } });
    rerender(
      <I18nProvider i18n={i18n}>
        <DirectionProvider>
          <MantineProvider env="test">
            <CategoryChart categories={categories} kind="line" />
          </MantineProvider>
        </DirectionProvider>
      </I18nProvider>,
    );
    option = drawn.at(-1) as Record<string, any>;
    expect(option.series.map((s: { type: string }) => s.type)).toEqual(['line', 'line']);
    expect(option.series[0].lineStyle).toEqual({ color: 'rgb(0,128,0)' });
  });

  it('horizontal category bars put the categories on the y axis', async () => {
    renderIn(
      <CategoryChart categories={{ name: ['a', 'b'], data: [{ name: 'n', value: [1, 2] }] }} kind="bar" horizontal />,
    );
    const option = await lastOption();
    expect(option.yAxis).toMatchObject({ type: 'category', data: ['a', 'b'] });
    expect(option.xAxis.type).toBe('value');
    expect(option.legend.data).toEqual(['n']);
  });

  it('LineChart draws time series on a time axis with a zoom slider when asked', async () => {
    renderIn(
      <LineChart
        series={[
          {
            name: '心率',
            color: '1,2,3',
            points: [
              ['2026-11-23T08:00:00Z', 70],
              ['2026-11-23T09:00:00Z', null],
            ],
          },
        ]}
        zoom
        unit="bpm"
      />,
    );
    const option = await lastOption();
    expect(option.xAxis.type).toBe('time');
    expect(option.yAxis.name).toBe('bpm');
    expect(option.series[0]).toMatchObject({
      type: 'line',
      name: '心率',
      data: [
        ['2026-11-23T08:00:00Z', 70],
        ['2026-11-23T09:00:00Z', null],
      ],
      lineStyle: { color: 'rgb(1,2,3)' },
    });
    expect(option.dataZoom).toHaveLength(2);
  });

  it('TreeBarChart draws subtotals of a tree, indented by depth, children lighter and in their root colour', async () => {
    const nodes = [
      {
        name: '总部',
        color: '10,20,30',
        children: [
          { name: '安全部', value: 4 },
          {
            name: '工程部',
            children: [
              { name: '一队', value: 2 },
              { name: '二队', value: 1 },
            ],
          },
        ],
      },
      { name: '分公司', value: 5 },
    ];
    renderIn(<TreeBarChart nodes={nodes} name="设备数" />);
    const option = await lastOption();
    expect(option.series[0].type).toBe('bar');
    expect(option.yAxis.data).toEqual([
      '总部',
      '\u2003安全部',
      '\u2003工程部',
      '\u2003\u2003一队',
      '\u2003\u2003二队',
      '分公司',
    ]);
    expect(option.series[0].data.map((d: { value: number }) => d.value)).toEqual([7, 4, 3, 2, 1, 5]);
    expect(option.series[0].data[3]).toMatchObject({
      name: '总部 / 工程部 / 一队',
      itemStyle: { color: 'rgb(10,20,30)', opacity: 0.6 },
    });
    expect(flattenTree(nodes, 0).map((r) => r.name)).toEqual(['总部', '分公司']);
  });

  it('StateLineChart steps between 1 = 在线 and 2 = 离线', async () => {
    renderIn(
      <StateLineChart
        series={[
          {
            name: 'Helmet 1',
            points: [
              { t: '2026-11-23T08:00:00Z', state: 1 },
              { t: '2026-11-23T09:00:00Z', state: 2 },
            ],
          },
        ]}
      />,
    );
    const option = await lastOption();
    expect(option.series[0]).toMatchObject({
      type: 'line',
      step: 'end',
      data: [
        ['2026-11-23T08:00:00Z', 1],
        ['2026-11-23T09:00:00Z', 2],
      ],
    });
    expect(option.yAxis).toMatchObject({ min: 0.5, max: 2.5, interval: 1 });
    const format = option.yAxis.axisLabel.formatter as (v: number) => string;
    expect([1, 2, 1.5].map(format)).toEqual(['在线', '离线', '']);
    expect(stateLabel(2, { online: 'on', offline: 'off' })).toBe('off');
  });

  it('StatePieChart shows online/offline/alarm in state colours with the online rate', async () => {
    renderIn(<StatePieChart counts={{ online: 3, offline: 1, alarm: 2 }} />);
    const option = await lastOption();
    expect(option.series[0].type).toBe('pie');
    expect(option.series[0].data).toEqual([
      { name: '在线', value: 3, itemStyle: { color: 'rgb(34,197,94)' } },
      { name: '离线', value: 1, itemStyle: { color: 'rgb(148,163,184)' } },
      { name: '告警', value: 2, itemStyle: { color: 'rgb(239,68,68)' } },
    ]);
    expect(option.title.text).toBe('75%');
  });

  it('ScatterChart draws [x, y] points with the metric names on the axes', async () => {
    renderIn(
      <ScatterChart
        series={[
          {
            name: 'Band',
            color: '9,9,9',
            points: [
              [36.5, 72],
              [37.1, 90],
            ],
          },
        ]}
        xName="体温"
        yName="心率"
      />,
    );
    const option = await lastOption();
    expect(option.series[0]).toMatchObject({
      type: 'scatter',
      data: [
        [36.5, 72],
        [37.1, 90],
      ],
      itemStyle: { color: 'rgb(9,9,9)' },
    });
    expect(option.xAxis.name).toBe('体温');
    expect(option.yAxis.name).toBe('心率');
  });

  it('the option-based Chart passes its option through unchanged', async () => {
    const option: ChartOption = {
      xAxis: { type: 'time' },
      yAxis: { type: 'value' },
      series: [{ type: 'line', data: [], markLine: { data: [{ yAxis: 120 }] } }],
    };
    renderIn(<Chart option={option} data-testid="raw" />);
    expect(await lastOption('raw')).toBe(option);
  });
});

describe('right to left', () => {
  it('cartesian kinds mirror: the x axis runs right to left, the y axis and legend sit on the right', async () => {
    renderIn(<CategoryChart categories={{ name: ['a'], data: [{ name: 's', value: [1] }] }} kind="bar" />, 'rtl');
    const option = await lastOption();
    expect(option.xAxis.inverse).toBe(true);
    expect(option.yAxis.position).toBe('right');
    expect(option.legend).toMatchObject({ right: 8, align: 'right' });
    expect(option.legend.left).toBeUndefined();
  });

  it('pies start the legend at the right', async () => {
    renderIn(<PieChart items={[{ name: 'a', value: 1 }]} />, 'rtl');
    const option = await lastOption();
    expect(option.legend).toMatchObject({ right: 8, align: 'right', bottom: 0 });
    expect(option.series[0].center).toEqual(['50%', '50%']);
  });

  it('the state line mirrors too', async () => {
    renderIn(<StateLineChart series={[]} />, 'rtl');
    const option = await lastOption();
    expect(option.xAxis).toMatchObject({ type: 'time', inverse: true });
    expect(option.yAxis.position).toBe('right');
  });
});

describe('themes', () => {
  it('the blue technology and white campus themes differ in palette and text colour', () => {
    const blue = echartsTheme('blue');
    const white = echartsTheme('white');
    expect(blue.color).not.toEqual(white.color);
    expect((blue.textStyle as { color: string }).color).not.toBe((white.textStyle as { color: string }).color);
    expect(blue.backgroundColor).toBe('transparent');
  });
});
