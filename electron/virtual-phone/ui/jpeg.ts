import sharp from 'sharp';
import { SCREEN_W } from './theme.js';

/**
 * A screen as JPEG at a projected width, for streaming (minicap). librsvg draws the SVG straight
 * at the smaller size (a lower density), which costs a fraction of drawing 1080×2400 and scaling
 * it down. Each call is one render in sharp's thread pool, so two frames can be in flight at once.
 */
export function renderJpeg(svg: string, width: number, quality: number): Promise<Buffer> {
  const density = (72 * width) / SCREEN_W;
  return sharp(Buffer.from(svg), { density }).flatten({ background: '#000000' }).jpeg({ quality, mozjpeg: false }).toBuffer();
}
