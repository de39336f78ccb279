import type { Action, NormPoint } from '../../../../shared/domain/action.js';
import { ReplyError } from './parsed-reply.js';

/**
 * Direction-only scrolls become finger swipes with a fixed geometry (a harness
 * decision recorded in the manifest). The direction names where new content should
 * appear, so the finger moves the opposite way: scroll down ⇒ finger moves up.
 */
export const SCROLL_GEOMETRY = {
  down: { from: { x: 500, y: 700 }, to: { x: 500, y: 300 } },
  up: { from: { x: 500, y: 300 }, to: { x: 500, y: 700 } },
  left: { from: { x: 300, y: 500 }, to: { x: 700, y: 500 } },
  right: { from: { x: 700, y: 500 }, to: { x: 300, y: 500 } },
} as const;
export const SCROLL_DISTANCE_FROM_POINT = 400;
export const DEFAULT_SWIPE_MS = 500;
export const DEFAULT_DRAG_MS = 1500;
export const DEFAULT_LONG_PRESS_MS = 1000;

export type Direction = keyof typeof SCROLL_GEOMETRY;

export function readDirection(value: string): Direction {
  const d = value
    .trim()
    .replace(/^['"]|['"]$/g, '')
    .trim()
    .toLowerCase();
  if (d === 'down' || d === 'up' || d === 'left' || d === 'right') return d;
  throw new ReplyError(`scroll direction must be up, down, left or right, got ${JSON.stringify(value.trim())}`);
}

const clamp = (v: number): number => Math.min(1000, Math.max(0, v));

export function scrollToSwipe(direction: Direction, start?: NormPoint): Action {
  if (!start) {
    const g = SCROLL_GEOMETRY[direction];
    return { type: 'Swipe', from: { ...g.from }, to: { ...g.to }, ms: DEFAULT_SWIPE_MS };
  }
  const d = SCROLL_DISTANCE_FROM_POINT;
  const delta: Record<Direction, [number, number]> = { down: [0, -d], up: [0, d], left: [d, 0], right: [-d, 0] };
  const [dx, dy] = delta[direction];
  return { type: 'Swipe', from: start, to: { x: clamp(start.x + dx), y: clamp(start.y + dy) }, ms: DEFAULT_SWIPE_MS };
}
