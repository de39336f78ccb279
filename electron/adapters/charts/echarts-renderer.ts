import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as echarts from 'echarts';
import { sharp } from '../images/sharp.js';
import type { ChartSpec } from '../../../shared/domain/analysis.js';
import type { ChartSize } from '../../core/analysis/report/chart-options.js';
import { chartOption, chartSize } from '../../core/analysis/report/chart-options.js';

/**
 * Server-side chart export: ECharts SSR to SVG, sharp (librsvg + fontconfig) to PNG.
 * fonts-noto-cjk must be installed for Chinese labels (docs/analysis.md says how to check).
 */
export function renderChartSvg(spec: ChartSpec, size: ChartSize = chartSize(spec)): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: size.width, height: size.height });
  try {
    chart.setOption(chartOption(spec));
    return chart.renderToSVGString();
  } finally {
    // Without dispose() ECharts keeps a timer alive and Node never exits.
    chart.dispose();
  }
}

/** Rasterizes an SVG; `scale` 2 gives a sharper PNG for papers. */
export async function svgToPng(svg: string, scale = 2): Promise<Buffer> {
  return sharp(Buffer.from(svg, 'utf8'), { density: 72 * scale })
    .png()
    .toBuffer();
}

export interface WrittenChart {
  id: string;
  svg: string;
  png: string;
}

/** Writes `<id>.svg` and `<id>.png` into `dir` (created if missing). */
export async function writeChart(spec: ChartSpec, dir: string): Promise<WrittenChart> {
  mkdirSync(dir, { recursive: true });
  const svg = renderChartSvg(spec);
  const svgPath = join(dir, `${spec.id}.svg`);
  const pngPath = join(dir, `${spec.id}.png`);
  writeFileSync(svgPath, svg, 'utf8');
  writeFileSync(pngPath, await svgToPng(svg));
  return { id: spec.id, svg: svgPath, png: pngPath };
}
