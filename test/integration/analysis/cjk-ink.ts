import sharp from 'sharp';
import { renderChartSvg, svgToPng } from '../../../electron/adapters/charts/echarts-renderer.js';

/**
 * Dark pixels in the title strip of a chart whose title is `text`. Real CJK glyphs differ
 * in ink (一 is one stroke, 囊 is twenty-two); tofu/hex boxes are about the same for every
 * character, so the ratio tells glyphs from boxes.
 */
export async function titleInk(text: string): Promise<number> {
  const svg = renderChartSvg(
    { kind: 'bar', id: 'ink', title: text, categories: ['a'], series: [{ name: 's', values: [1] }] },
    { width: 400, height: 300 },
  );
  const png = await svgToPng(svg, 1);
  const { data } = await sharp(png)
    .extract({ left: 0, top: 0, width: 400, height: 45 })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let n = 0;
  for (const v of data) if (v < 128) n++;
  return n;
}
