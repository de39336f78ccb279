import type { NormPoint } from '../../../shared/domain/action.js';
import type { ScreenSize } from '../../../shared/domain/ui-node.js';
import type { PixelPoint } from '../../../shared/domain/action-px.js';

export type { PixelPoint } from '../../../shared/domain/action-px.js';

/**
 * The one mapping between the canonical space [0,1000] and device pixels:
 * px = clamp(floor(n/1000·W), 0, W−1).
 * Floor (not round) keeps us identical to the official clients, which truncate.
 */

export const NORM_MAX = 1000;

function axisToPixel(n: number, size: number): number {
  if (!Number.isFinite(n)) throw new RangeError(`normalized coordinate must be a finite number, got ${n}`);
  return Math.min(Math.max(Math.floor((n / NORM_MAX) * size), 0), size - 1);
}

export function toPixels(norm: NormPoint, screen: ScreenSize): PixelPoint {
  assertScreen(screen);
  return { x: axisToPixel(norm.x, screen.width), y: axisToPixel(norm.y, screen.height) };
}

/**
 * Device pixel → canonical. Uses the pixel's centre ((px+0.5)/W) so that
 * toPixels(toNorm(p)) === p for every pixel of the screen (the round trip is tested).
 * The result is rounded to 3 decimals to keep stored JSON short; that still
 * lands inside the same pixel for screens up to 100k pixels wide.
 */
export function toNorm(px: PixelPoint, screen: ScreenSize): NormPoint {
  assertScreen(screen);
  const axis = (p: number, size: number): number => {
    const c = Math.min(Math.max(p, 0), size - 1);
    return Math.round(((c + 0.5) / size) * NORM_MAX * 1000) / 1000;
  };
  return { x: axis(px.x, screen.width), y: axis(px.y, screen.height) };
}

/** Clamp a value into [0,1000]; reports whether it had to move (clamp and flag, never wrap). */
export function clampNorm(v: number): { value: number; clamped: boolean } {
  if (v < 0) return { value: 0, clamped: true };
  if (v > NORM_MAX) return { value: NORM_MAX, clamped: true };
  return { value: v, clamped: false };
}

function assertScreen(screen: ScreenSize): void {
  if (!(screen.width > 0 && screen.height > 0)) {
    throw new RangeError(`screen size must be positive, got ${screen.width}x${screen.height}`);
  }
}
