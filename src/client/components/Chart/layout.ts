import type { PieSeriesOption } from 'echarts/charts';
import type { DataZoomComponentOption, GridComponentOption, LegendComponentOption } from 'echarts/components';

/**
 * Where every chart of the console puts its legend, plot area and pie labels: one place, so no
 * option builder places them by hand (docs/architecture.md, "Charts" under src/client).
 *
 * Cartesian charts: the legend is one scrolling line at the top or the bottom (never wrapping into
 * the plot), and the plot area keeps that line's band free; its axis labels and axis names are
 * laid out inside the plot box (ECharts 6 `outerBounds`, the successor of `containLabel`), so a
 * rotated category label or a unit name never reaches the legend or leaves the canvas.
 *
 * Pies: the legend at the bottom and the pie above it; a few slices carry outside labels that
 * ECharts moves apart and hides where they would still overlap, many slices leave the names to the
 * legend and the tooltip.
 */

/** Height of a one-line legend (14 px symbols, 5 px padding) and the gap after it. */
export const LEGEND_BAND = 30;
/** Height of a data-zoom slider and its gap. */
export const ZOOM_BAND = 30;
/** Space between the plot box and the canvas edge. */
export const EDGE = 8;
/** Width kept after the plot for mark-line labels ("上限: 120"). */
const MARK_LABEL_BAND = 56;
/** Pies with more slices than this show no outside labels (the legend names them). */
export const PIE_LABELS = 6;

type LegendPlace = 'top' | 'bottom' | 'none';

interface FrameOptions {
  /** Where the legend goes (default top); 'none': the chart has none. */
  legend?: LegendPlace;
  /** Right to left: the legend starts at the right. */
  rtl?: boolean;
  /** The legend's entries, when they are not every series' name. */
  data?: string[];
  /** Leave room under the plot for a data-zoom slider (`zoomSlider`). */
  zoom?: boolean;
  /** Legend text colour (the data wall's light ink); default the theme's. */
  color?: string;
  /** Leave room after the plot's end for the labels of horizontal mark lines (limits). */
  markLabels?: boolean;
}

/** A one-line scrolling legend at the top or bottom, starting at the reading start. */
function legendAt(
  place: Exclude<LegendPlace, 'none'>,
  o: Pick<FrameOptions, 'rtl' | 'data' | 'color'> = {},
): LegendComponentOption {
  return {
    type: 'scroll',
    ...(place === 'top' ? { top: 0 } : { bottom: 0 }),
    ...(o.rtl ? { right: EDGE, align: 'right' as const } : { left: EDGE, align: 'left' as const }),
    ...(o.data ? { data: o.data } : {}),
    ...(o.color ? { textStyle: { color: o.color }, pageTextStyle: { color: o.color } } : {}),
  };
}

/** The plot box of a cartesian chart: clear of the legend's band and the slider, axis labels and names inside it. */
function plotGrid(o: Pick<FrameOptions, 'legend' | 'zoom' | 'markLabels'> = {}): GridComponentOption {
  const legend = o.legend ?? 'top';
  return {
    left: EDGE,
    right: EDGE + (o.markLabels ? MARK_LABEL_BAND : 0),
    top: EDGE + (legend === 'top' ? LEGEND_BAND : 0),
    bottom: EDGE + (legend === 'bottom' ? LEGEND_BAND : 0) + (o.zoom ? ZOOM_BAND : 0),
    outerBoundsMode: 'same',
    outerBoundsContain: 'all',
  };
}

/** Legend and grid of a cartesian chart (bar, line, scatter): spread them into the option. */
export function cartesianFrame(o: FrameOptions = {}): { legend?: LegendComponentOption; grid: GridComponentOption } {
  const legend = o.legend ?? 'top';
  return { ...(legend === 'none' ? {} : { legend: legendAt(legend, o) }), grid: plotGrid(o) };
}

/** The zoom slider under a plot framed with `zoom: true` (above a bottom legend). */
export function zoomSlider(o: Pick<FrameOptions, 'legend'> = {}): DataZoomComponentOption[] {
  return [
    { type: 'inside' },
    { type: 'slider', height: 18, bottom: EDGE / 2 + (o.legend === 'bottom' ? LEGEND_BAND : 0) },
  ];
}

interface PieFrameOptions {
  rtl?: boolean;
  donut?: boolean;
  color?: string;
}

/** What `pieSeriesLayout` sets on a pie series. */
type PieLayout = Pick<
  PieSeriesOption,
  'center' | 'radius' | 'avoidLabelOverlap' | 'label' | 'labelLine' | 'labelLayout'
>;

/** The pie series' placement and label policy for `count` slices. */
function pieSeriesLayout(count: number, o: Pick<PieFrameOptions, 'donut'> = {}): PieLayout {
  const labelled = count <= PIE_LABELS;
  // Outside labels need room beside the pie; without them the pie may fill the box above the legend.
  // Centred on the canvas (a title in a donut's hole stays centred with `top: 'center'`); at these radii a pie
  // 200 px high or more ends above the legend's band.
  const outer = labelled ? 55 : 62;
  return {
    center: ['50%', '50%'],
    radius: o.donut ? [`${Math.round(outer * 0.6)}%`, `${outer}%`] : `${outer}%`,
    avoidLabelOverlap: true,
    // In the slice's colour without a halo: readable on both console themes (ECharts draws outside labels dark with
    // a white border otherwise, which the dark theme turns into smudges).
    label: labelled
      ? { show: true, formatter: '{b}: {d}%', color: 'inherit', textBorderWidth: 0, width: 120, overflow: 'truncate' }
      : { show: false },
    labelLine: { show: labelled, length: 8, length2: 8 },
    labelLayout: { hideOverlap: true, moveOverlap: 'shiftY' },
  };
}

/** Legend and series layout of a pie of `count` slices: spread `legend` into the option and `series` into the pie series. */
export function pieFrame(count: number, o: PieFrameOptions = {}): { legend: LegendComponentOption; series: PieLayout } {
  return { legend: legendAt('bottom', o), series: pieSeriesLayout(count, o) };
}
