import type { Action } from '../../../../shared/domain/action.js';

export interface PointerSample {
  /** Position in the displayed image, in CSS pixels. */
  x: number;
  y: number;
  /** Milliseconds (event timestamp). */
  t: number;
}

/** How far a finger may drift and still tap, in CSS pixels of the mirror. */
export const TAP_SLOP_PX = 8;
/** Holding longer than this without moving is a long press (Android's default long-press timeout). */
export const LONG_PRESS_MS = 500;

const norm = (v: number, size: number): number => Math.min(1000, Math.max(0, Math.round((v / size) * 1000 * 10) / 10));

/**
 * Turns a press on the mirror into a canonical action: click = Tap, press-and-hold =
 * LongPress, drag = Swipe (with the drag's own duration). Coordinates go to the
 * canonical [0,1000] space of the full screen, whatever size the mirror is drawn at.
 */
export function classifyGesture(down: PointerSample, up: PointerSample, shown: { width: number; height: number }): Action {
  const dist = Math.hypot(up.x - down.x, up.y - down.y);
  const ms = Math.max(1, Math.round(up.t - down.t));
  const at = { x: norm(down.x, shown.width), y: norm(down.y, shown.height) };
  if (dist <= TAP_SLOP_PX) return ms >= LONG_PRESS_MS ? { type: 'LongPress', at, ms } : { type: 'Tap', at };
  return { type: 'Swipe', from: at, to: { x: norm(up.x, shown.width), y: norm(up.y, shown.height) }, ms: Math.max(100, ms) };
}
