import type { Action } from '../../../shared/domain/action.js';
import type { ScreenSize } from '../../../shared/domain/ui-node.js';
import { toPixels } from '../geometry/coordinates.js';

/**
 * Android's touch slop (ViewConfiguration: 8 dp; 24 px on a 1080 px wide phone at 420 dpi, scaled by the screen's
 * width): a finger that moves less than this between down and up has not scrolled, it has tapped.
 */
const TOUCH_SLOP_PX_AT_1080 = 24;
/** How long a finger held still makes a long press (ViewConfiguration's long-press timeout). */
const LONG_PRESS_MS = 500;
/** How long the device layer's swipe takes when the action does not say (recording/perform-action.ts). */
const DEFAULT_SWIPE_MS = 500;

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
