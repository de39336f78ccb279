import type { BarChartSpec, ChartSpec, HeatmapSpec } from '../../../../shared/domain/analysis.js';

/**
 * ChartSpec → an ECharts option object (plain data; the adapter owns echarts itself).
 * Text uses a CJK-capable font first: the SVG is rasterized by librsvg via fontconfig, and
 * a Latin-only font would turn 微信 into tofu boxes.
 */
export const CHART_FONT_FAMILY = "'Noto Sans CJK SC', 'Noto Sans CJK', 'Noto Sans SC', sans-serif";

export interface ChartSize {
  width: number;
  height: number;
}

export function chartSize(spec: ChartSpec): ChartSize {
  if (spec.kind === 'bar') return { width: Math.max(640, 120 + spec.categories.length * spec.series.length * 36), height: 480 };
  const n = Math.max(spec.xLabels.length, spec.yLabels.length);
  return { width: Math.max(640, 260 + n * 40), height: Math.max(520, 220 + n * 34) };
}

const pct = (v: number): number => Math.round(v * 10000) / 100;

function barOption(spec: BarChartSpec): Record<string, unknown> {
  const manyLabels = spec.categories.length > 5 || spec.categories.some((c) => c.length > 14);
  return {
    title: { text: spec.title, left: 'center', textStyle: { fontSize: CHART_TEXT.title } },
    legend: spec.series.length > 1 ? { top: 40, textStyle: { fontSize: CHART_TEXT.base } } : undefined,
    grid: { left: 70, right: 30, top: spec.series.length > 1 ? 90 : 60, bottom: manyLabels ? 140 : 60 },
    xAxis: {
      type: 'category',
      data: spec.categories,
      axisLabel: { interval: 0, rotate: manyLabels ? 35 : 0, fontSize: CHART_TEXT.label },
    },
    yAxis: {
      type: 'value',
      name: spec.yLabel ?? (spec.percent ? '%' : ''),
      nameTextStyle: { fontSize: CHART_TEXT.label },
      axisLabel: { fontSize: CHART_TEXT.label, ...(spec.percent ? { formatter: '{value}%' } : {}) },
    },
    series: spec.series.map((s) => ({
      name: s.name,
      type: 'bar',
      data: spec.percent ? s.values.map(pct) : s.values,
      label: {
        show: spec.categories.length * spec.series.length <= 24,
        position: 'top',
        fontSize: CHART_TEXT.label,
        formatter: spec.percent ? '{c}%' : '{c}',
      },
    })),
  };
}

function heatmapOption(spec: HeatmapSpec): Record<string, unknown> {
  const finite = spec.values.flat().filter((v): v is number => v !== null && Number.isFinite(v));
  const maxAbs = Math.max(1e-9, ...finite.map(Math.abs));
  const [min, max] = spec.symmetric ? [-maxAbs, maxAbs] : [Math.min(0, ...finite), Math.max(1e-9, ...finite)];
  const data: [number, number, number | string][] = [];
  const muted: [number, number, number][] = [];
  spec.values.forEach((row, y) =>
    row.forEach((v, x) => {
      const shown = v === null || !Number.isFinite(v) ? null : Math.round(v * 100) / 100;
      // Muted cells (within the noise) are drawn grey by a second series outside the colour scale.
      if (shown !== null && spec.muted?.[y]?.[x]) muted.push([x, y, shown]);
      // '-' is ECharts' "no value": the cell stays empty instead of painting a fake 0.
      else data.push([x, y, shown ?? '-']);
    }),
  );
  const n = Math.max(spec.xLabels.length, spec.yLabels.length);
  const label = { show: n <= 14, fontSize: CHART_TEXT.label };
  return {
    title: { text: spec.title, left: 'center', textStyle: { fontSize: CHART_TEXT.title } },
    grid: { left: 200, right: 90, top: 50, bottom: 170 },
    xAxis: {
      type: 'category',
      data: spec.xLabels,
      axisLabel: { interval: 0, rotate: 45, fontSize: CHART_TEXT.label },
      splitArea: { show: true },
    },
    yAxis: {
      type: 'category',
      data: spec.yLabels,
      axisLabel: { interval: 0, fontSize: CHART_TEXT.label },
      inverse: true,
      splitArea: { show: true },
    },
    visualMap: [
      {
        min,
        max,
        calculable: true,
        orient: 'vertical',
        right: 10,
        top: 'middle',
        precision: 2,
        textStyle: { fontSize: CHART_TEXT.label },
        seriesIndex: 0,
        inRange: { color: spec.symmetric ? ['#2c7bb6', '#f7f7f7', '#d7191c'] : ['#f7f7f7', '#d7191c'] },
      },
      // ECharts colours every heat map through a visual map: the muted series gets a hidden, flat grey one.
      ...(spec.muted ? [{ show: false, min, max, seriesIndex: 1, inRange: { color: ['#d9d9d9', '#d9d9d9'] } }] : []),
    ],
    series: [
      { type: 'heatmap', data, label },
      ...(spec.muted ? [{ type: 'heatmap', name: 'within the noise', data: muted, label: { ...label, color: '#555555' } }] : []),
    ],
  };
}

/**
 * Text sizes at the chart's own size (640 px wide and up). Screens and reports shrink a chart to
 * fit a column, to about 0.8 of that at the narrowest, and labels must stay ≥ 11 px to be read.
 */
export const CHART_TEXT = { base: 14, title: 17, label: 13 } as const;

export function chartOption(spec: ChartSpec): Record<string, unknown> {
  const body = spec.kind === 'bar' ? barOption(spec) : heatmapOption(spec);
  return {
    animation: false,
    backgroundColor: '#ffffff',
    textStyle: { fontFamily: CHART_FONT_FAMILY, fontSize: CHART_TEXT.base },
    ...body,
  };
}
