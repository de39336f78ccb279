import type { Action } from '../../../shared/domain/action.js';
import { DEFAULT_SWIPE_MS } from '../recording/perform-action.js';
import type { Bounds, ScreenSize } from '../../../shared/domain/ui-node.js';
import { contains } from '../../../shared/domain/ui-tree.js';
import { toPixels } from '../geometry/coordinates.js';

/**
 * Android's touch slop (ViewConfiguration: 8 dp; 24 px on a 1080 px wide phone at 420 dpi, scaled by the screen's
 * width): a finger that moves less than this between down and up has not scrolled, it has tapped.
 */
const TOUCH_SLOP_PX_AT_1080 = 24;
/** How long a finger held still makes a long press (ViewConfiguration's long-press timeout). */
const LONG_PRESS_MS = 500;

/**
 * What a phone makes of a gesture that is not what it says, as the taps it is; null for any other action. A double tap
 * is two taps at the point (the device layer sends two: the second lands on whatever the first opened — a dialog's
 * outside, the control that replaced the one pressed). A swipe shorter than the touch slop is a tap at its start, or a
 * long press where it is held as long. Found by hand set I: a switch double-tapped went off and on again, a dialog
 * opened and closed at once, a 12 px swipe on 过道 chose the aisle — each read as one tap or as a scroll.
 */
export function gestureAsTaps(action: Action, screen: ScreenSize): Action[] | null {
  if (action.type === 'DoubleTap') {
    const tap: Action = { type: 'Tap', at: action.at };
    return [tap, tap];
  }
  if (action.type !== 'Swipe') return null;
  const from = toPixels(action.from, screen);
  const to = toPixels(action.to, screen);
  if (Math.hypot(to.x - from.x, to.y - from.y) >= (TOUCH_SLOP_PX_AT_1080 * screen.width) / 1080) return null;
  const ms = action.ms ?? DEFAULT_SWIPE_MS;
  return [ms >= LONG_PRESS_MS ? { type: 'LongPress', at: action.from, ms } : { type: 'Tap', at: action.from }];
}

/** What a sideways swipe does where no demonstration swiped sideways: sets a slider it starts on, or moves nothing. */
export type SidewaysSwipe = { kind: 'slide'; tap: Action } | { kind: 'nothing' };

/**
 * A swipe more sideways than up or down (a vertical one is a scroll: walk.ts). On a slider a demonstration set (a
 * SeekBar: `sliders`, where the page's recorded taps landed on one), the thumb follows the finger: the value is where
 * the swipe ends, as a tap there sets it. Elsewhere, off everything that scrolls, slides or switches on every screen
 * the walk stands on (`offSwipeable`), it moves nothing. Null: anything else (a carousel may page; a switch may be
 * dragged) is unknown. Found by hand set I: the media slider dragged to its end; a sideways swipe on the player.
 */
export function sidewaysSwipe(
  action: Action,
  sliders: readonly Bounds[],
  offSwipeable: (at: Action) => boolean,
  screen: ScreenSize,
): SidewaysSwipe | null {
  if (action.type !== 'Swipe') return null;
  const from = toPixels(action.from, screen);
  const to = toPixels(action.to, screen);
  if (Math.abs(to.x - from.x) <= Math.abs(to.y - from.y)) return null;
  const slider = sliders.find((b) => contains(b, from.x, from.y));
  if (slider) {
    const x = Math.min(Math.max(to.x, slider.left), slider.right - 1);
    const at = { x: ((x + 0.5) / screen.width) * 1000, y: (((slider.top + slider.bottom) / 2 + 0.5) / screen.height) * 1000 };
    return { kind: 'slide', tap: { type: 'Tap', at } };
  }
  return offSwipeable({ type: 'Tap', at: action.from }) ? { kind: 'nothing' } : null;
}
