import type { ThemeName } from '../../lib/themeStore';

/**
 * ECharts themes for the two console themes (src/client/theme.ts): blue technology (dark navy,
 * cyan accents) and white campus (light, teal accents). Registered by the chart host; the
 * option builders stay theme-free, so a theme switch only re-creates the instance.
 */
const CHART_PALETTES: Record<ThemeName, string[]> = {
  blue: ['#22d3ee', '#3b82f6', '#a78bfa', '#34d399', '#fbbf24', '#f472b6', '#fb7185', '#94a3b8', '#2dd4bf', '#60a5fa'],
  white: ['#0d9488', '#2563eb', '#7c3aed', '#16a34a', '#d97706', '#db2777', '#dc2626', '#64748b', '#0891b2', '#4f46e5'],
};

interface Ink {
  text: string;
  muted: string;
  axis: string;
  split: string;
  tooltip: string;
  tooltipBorder: string;
}

const INK: Record<ThemeName, Ink> = {
  blue: {
    text: '#d5dff0',
    muted: '#8fa3c4',
    axis: '#3b557f',
    split: '#1a3158',
    tooltip: 'rgba(11,27,56,0.92)',
    tooltipBorder: '#284069',
  },
  white: {
    text: '#1f2937',
    muted: '#6b7280',
    axis: '#cbd5e1',
    split: '#eef2f7',
    tooltip: 'rgba(255,255,255,0.96)',
    tooltipBorder: '#e2e8f0',
  },
};

function axis(ink: Ink) {
  return {
    axisLine: { lineStyle: { color: ink.axis } },
    axisTick: { lineStyle: { color: ink.axis } },
    axisLabel: { color: ink.muted },
    splitLine: { lineStyle: { color: [ink.split] } },
    nameTextStyle: { color: ink.muted },
  };
}

/** The ECharts theme object of a console theme (the keys of ECharts' theme builder). */
export function echartsTheme(name: ThemeName): Record<string, unknown> {
  const ink = INK[name];
  return {
    color: CHART_PALETTES[name],
    backgroundColor: 'transparent',
    textStyle: { color: ink.text },
    title: { textStyle: { color: ink.text }, subtextStyle: { color: ink.muted } },
    legend: { textStyle: { color: ink.text }, inactiveColor: ink.axis },
    tooltip: { backgroundColor: ink.tooltip, borderColor: ink.tooltipBorder, textStyle: { color: ink.text } },
    categoryAxis: axis(ink),
    valueAxis: axis(ink),
    timeAxis: axis(ink),
    logAxis: axis(ink),
    dataZoom: { textStyle: { color: ink.muted }, borderColor: ink.axis },
    line: { symbolSize: 5 },
  };
}

export const themeKey = (name: ThemeName) => `console-${name}`;
