import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge } from '../../../shared/domain/task-graph.js';
import { contains } from '../../../shared/domain/ui-tree.js';
import { toPixels } from '../geometry/coordinates.js';

/**
 * What an action does to the view of a page rather than to its state (walk.ts): a scroll, and which
 * element a tap hit. A page scrolled where no demonstration scrolled shows other things under the finger
 * than its recorded screen, so until it is scrolled back the walk takes no tap there.
 */

export type TapLike = Extract<Action, { type: 'Tap' | 'DoubleTap' | 'LongPress' }>;

export const isTapLike = (a: Action): a is TapLike => a.type === 'Tap' || a.type === 'DoubleTap' || a.type === 'LongPress';

/** How far a vertical swipe moves a page's content (finger up: positive, in normalized units), or null for other actions. */
export function scrollDelta(action: Action): number | null {
  if (action.type !== 'Swipe') return null;
  const dy = action.from.y - action.to.y;
  return Math.abs(dy) > Math.abs(action.to.x - action.from.x) ? dy : null;
}

/** Within this many normalized units of where the page was recorded, the page is as its screen shows it. */
export const SCROLL_SLACK = 20;

/**
 * The scroll after a swipe: a page opens at its top, so scrolling up from there does nothing (as on a
 * phone); what it moved down, the same swipe the other way brings back. Where a demonstration scrolled the
 * page itself, its screen may show it scrolled: there both ways count.
 */
export const scrolledBy = (offset: number, delta: number, fromTop: boolean): number =>
  fromTop ? Math.max(0, offset + delta) : offset + delta;

/** Actions that do not depend on what is under the finger, and so are judged on a scrolled page as on its recorded screen. */
export const ignoresScroll = (a: Action): boolean => !isTapLike(a) && a.type !== 'Swipe';

/** The label of what a tap on an edge's element hit: the option of its group under the finger, else its target. */
export function tappedLabel(e: GraphEdge, action: TapLike): string {
  const p = toPixels(action.at, e.screen);
  const hit = e.options?.find((o) => contains(o.bounds, p.x, p.y));
  return hit?.label || e.target?.text || e.target?.contentDesc || '';
}
