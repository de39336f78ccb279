import type { ScreenSize } from '../../../shared/domain/ui-node.js';

/**
 * Qwen-VL's smart_resize, with Python's rounding.
 * Absolute-coordinate models answer in the pixels of the image the *server* saw,
 * so we must reproduce the server's resize exactly — including its ties.
 */
export interface ResizeParams {
  factor: number;
  minPixels: number;
  maxPixels: number;
}

/** UI-TARS-1.5 (and UI-Venus 1.0 / Qwen2.5-VL with a smaller minimum). */
export const UITARS_15_RESIZE: ResizeParams = { factor: 28, minPixels: 78_400, maxPixels: 12_845_056 };
export const QWEN25_RESIZE: ResizeParams = { factor: 28, minPixels: 3_136, maxPixels: 12_845_056 };
export const QWEN3_RESIZE: ResizeParams = { factor: 32, minPixels: 65_536, maxPixels: 16_777_216 };
/** GUI-Owl phone script pre-resize (max 12800 tokens of 28²). */
export const GUIOWL_RESIZE: ResizeParams = { factor: 28, minPixels: 3_136, maxPixels: 10_035_200 };

/**
 * Python 3's round(): ties go to the even neighbour. JavaScript's Math.round
 * sends .5 up, which disagrees with the server at e.g. 720/32 = 22.5 (→ 22, not 23).
 */
export function roundHalfEven(x: number): number {
  const f = Math.floor(x);
  const diff = x - f;
  if (diff > 0.5) return f + 1;
  if (diff < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}

export class ResizeError extends Error {
  override readonly name = 'ResizeError';
}

/** Returns the size (width × height) the model will see for a width × height image. */
export function smartResize(size: ScreenSize, p: ResizeParams): ScreenSize {
  const { width: w, height: h } = size;
  const f = p.factor;
  if (!(w > 0 && h > 0)) throw new ResizeError(`image size must be positive, got ${w}x${h}`);
  if (Math.max(h, w) / Math.min(h, w) > 200) {
    throw new ResizeError(`aspect ratio of ${w}x${h} is over 200; the Qwen-VL processor rejects it`);
  }
  let hb = Math.max(f, roundHalfEven(h / f) * f);
  let wb = Math.max(f, roundHalfEven(w / f) * f);
  if (hb * wb > p.maxPixels) {
    const beta = Math.sqrt((h * w) / p.maxPixels);
    hb = Math.floor(h / beta / f) * f;
    wb = Math.floor(w / beta / f) * f;
  } else if (hb * wb < p.minPixels) {
    const beta = Math.sqrt(p.minPixels / (h * w));
    hb = Math.ceil((h * beta) / f) * f;
    wb = Math.ceil((w * beta) / f) * f;
  }
  return { width: wb, height: hb };
}

/**
 * UI-TARS-desktop's shrink-only rule for relative-coordinate models (Doubao):
 * keep the aspect, floor, and only when the pixel count exceeds the limit.
 */
export function shrinkToMaxPixels(size: ScreenSize, maxPixels: number): ScreenSize {
  const px = size.width * size.height;
  if (px <= maxPixels) return { ...size };
  const s = Math.sqrt(maxPixels / px);
  return { width: Math.max(1, Math.floor(size.width * s)), height: Math.max(1, Math.floor(size.height * s)) };
}
