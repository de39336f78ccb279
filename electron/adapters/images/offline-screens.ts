import type { Bounds, ScreenSize } from '../../../shared/domain/ui-node.js';
import { scrolledRows } from '../../core/eval/offline-views.js';
import { openImage } from './open-image.js';
import { sharp } from './sharp.js';

/**
 * The pixels of the screens an offline agent is shown where no recorded screen shows the walk's state
 * (core/eval/offline-views.ts says which and why). Both are drawn from the node's recorded screenshot.
 */

/** What a part of the screen no demonstration saw is filled with: a plain mid grey. */
export const UNSEEN_GREY = { r: 128, g: 128, b: 128 } as const; // one value: a grey screen is one byte repeated

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A page no demonstration recorded: the recorded screenshot (null: none was recorded, a grey screen instead)
 * blurred past reading and dimmed, so nothing of the page the tap left looks tappable, with the caption in a
 * box across its middle. PNG bytes.
 */
export async function unrecordedScreenshot(png: Uint8Array | null, screen: ScreenSize, lines: readonly string[]): Promise<Buffer> {
  let width = screen.width;
  let height = screen.height;
  let base: Buffer;
  if (png) {
    const img = openImage(png);
    const meta = await img.metadata();
    width = meta.width ?? width;
    height = meta.height ?? height;
    base = await img
      .removeAlpha()
      .blur(Math.max(4, Math.round(width / 30)))
      .modulate({ brightness: 0.45 })
      .png()
      .toBuffer();
  } else {
    base = await sharp(Buffer.alloc(width * height * 3, UNSEEN_GREY.r), { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
  }
  const size = Math.round(width / 20);
  const gap = Math.round(size * 1.6);
  const boxHeight = gap * lines.length + size;
  const top = Math.round(height / 2 - boxHeight / 2);
  const text = lines
    .map(
      (l, i) =>
        `<text x="${width / 2}" y="${top + size + gap * i + Math.round(size * 0.6)}" font-size="${i === 0 ? size : Math.round(size * 0.7)}" ` +
        `font-family="Noto Sans CJK SC, Noto Sans CJK, DejaVu Sans, sans-serif" fill="#ffffff" text-anchor="middle">${escapeXml(l)}</text>`,
    )
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect x="${Math.round(width * 0.04)}" y="${top}" width="${Math.round(width * 0.92)}" height="${boxHeight}" rx="${Math.round(size / 2)}" fill="#202020" fill-opacity="0.9"/>` +
    `${text}</svg>`;
  return sharp(base)
    .composite([{ input: Buffer.from(svg, 'utf8'), top: 0, left: 0 }])
    .png()
    .toBuffer();
}

/**
 * The recorded screenshot with its page scrolled by `dy` pixels of `screen` (finger up positive): inside each moving
 * region the rows move by `dy`, the rows no recorded screen shows are plain grey; everything outside the regions
 * (the app bar, the tab bar) stays. PNG bytes.
 */
export async function scrolledScreenshot(png: Uint8Array, screen: ScreenSize, regions: readonly Bounds[], dy: number): Promise<Buffer> {
  const { data, info } = await openImage(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const sx = width / screen.width;
  const sy = height / screen.height;
  const out = Buffer.from(data);
  const stride = width * channels;
  for (const r of regions) {
    const px = {
      left: Math.max(0, Math.round(r.left * sx)),
      right: Math.min(width, Math.round(r.right * sx)),
      top: Math.max(0, Math.round(r.top * sy)),
      bottom: Math.min(height, Math.round(r.bottom * sy)),
    };
    if (px.right <= px.left || px.bottom <= px.top) continue;
    const rows = scrolledRows(px, Math.round(dy * sy));
    const [x0, x1] = [px.left * channels, px.right * channels];
    for (let i = 0; i < rows.rows; i++)
      data.copy(out, (rows.to + i) * stride + x0, (rows.from + i) * stride + x0, (rows.from + i) * stride + x1);
    for (let y = rows.blank.top; y < rows.blank.bottom; y++)
      for (let x = px.left; x < px.right; x++) {
        const o = y * stride + x * channels;
        out[o] = UNSEEN_GREY.r;
        out[o + 1] = UNSEEN_GREY.g;
        out[o + 2] = UNSEEN_GREY.b;
      }
  }
  return sharp(out, { raw: { width, height, channels } }).png().toBuffer();
}
