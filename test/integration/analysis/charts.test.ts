import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderChartSvg, writeChart } from '../../../electron/adapters/charts/echarts-renderer.js';
import { CHART_FONT_FAMILY } from '../../../electron/core/analysis/report/chart-options.js';
import { REPO_ROOT } from '../../support/fixtures.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { titleInk } from './cjk-ink.js';

describe('chart export (ECharts SSR + sharp)', () => {
  const tmp = useTempDirs();

  it('writes an SVG and a PNG for a bar chart and a heat map, labels carried as text in the CJK font', async () => {
    const dir = tmp();
    const bar = await writeChart(
      {
        kind: 'bar',
        id: 'syntactic',
        title: '句法结构分布',
        categories: ['Canonical', 'Elliptical'],
        series: [{ name: '老年人', values: [0.4, 0.6] }],
        percent: true,
      },
      dir,
    );
    const heat = await writeChart(
      {
        kind: 'heatmap',
        id: 'fm',
        title: 'Interactions',
        xLabels: ['a', '微信'],
        yLabels: ['a', '微信'],
        values: [
          [0, 0.7],
          [0.7, null],
        ],
        symmetric: true,
      },
      dir,
    );
    const svg = readFileSync(bar.svg, 'utf8');
    expect(svg).toContain('句法结构分布');
    expect(svg).toContain('Noto Sans CJK SC');
    expect(readFileSync(heat.svg, 'utf8')).toContain('微信');
    for (const png of [bar.png, heat.png]) {
      const meta = await sharp(png).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBeGreaterThan(600);
    }
    expect(CHART_FONT_FAMILY).toMatch(/^'Noto Sans CJK SC'/);
  });

  it('renders Chinese as real glyphs, not tofu boxes (ink of 囊 ≫ ink of 一)', async () => {
    const one = await titleInk('一一一一');
    const dense = await titleInk('囊囊囊囊');
    expect(one).toBeGreaterThan(0);
    expect(dense / one).toBeGreaterThan(2.5);
    // And two different words do not render to the same pixels.
    expect(await titleInk('微信设置')).not.toBe(await titleInk('设置微信调大'));
  });

  it('the glyph check does fail when no CJK font is available (control run with a DejaVu-only fontconfig)', () => {
    const dir = tmp();
    const conf = join(dir, 'fonts.conf');
    writeFileSync(
      conf,
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>${dir}/cache</cachedir></fontconfig>\n`,
    );
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'test/integration/analysis/cjk-ink-probe.ts'), '一一一一', '囊囊囊囊'],
      {
        encoding: 'utf8',
        env: { ...process.env, FONTCONFIG_FILE: conf },
        timeout: 60_000,
      },
    );
    expect(r.status, r.stderr).toBe(0);
    const ink = JSON.parse(r.stdout) as Record<string, number>;
    expect(ink['囊囊囊囊']! / ink['一一一一']!).toBeLessThan(1.5);
  });

  it('does not keep the process alive (chart disposed after rendering)', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'test/integration/analysis/cjk-ink-probe.ts'), '微'], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.error).toBeUndefined();
    expect(r.status).toBe(0);
    expect(renderChartSvg({ kind: 'bar', id: 'x', title: 't', categories: [], series: [] })).toContain('<svg');
  });
});
