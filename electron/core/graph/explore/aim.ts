import type { Action } from '../../../../shared/domain/action.js';
import type { GraphNode } from '../../../../shared/domain/task-graph.js';
import type { Bounds } from '../../../../shared/domain/ui-node.js';
import { contains } from '../../../../shared/domain/ui-tree.js';
import { toNorm, toPixels } from '../../geometry/coordinates.js';
import { normalizeContent } from '../content.js';
import { isField } from '../walk-controls.js';

/**
 * Where an agent offline would tap what an explored path tapped on the phone. An explored path's taps are at
 * the places the phone showed their elements; an agent in an offline run is shown the recorded screen of where
 * the walk stands, and taps an element where *that* screen shows it. The two differ when the page's layout
 * differs between the phone's state and the recorded one (a list scrolled by another amount, a row more above).
 * A tap is aimed by its element's label only where the screen shown has that label on exactly one control;
 * else, and on a screen no demonstration recorded, it stays where the phone had it.
 */
export interface ShownScreen {
  /** The recorded screen shown (its node), with its labelled controls. */
  node: Pick<GraphNode, 'controls' | 'scrolls' | 'inputs'> | undefined;
  /** `recorded`: as recorded; `scrolled`: shifted up by `scrolledPx`; anything else: a screen no demonstration saw. */
  kind: string;
  scrolledPx: number;
  /** The recorded list shown may stand otherwise on the phone (a history list after an item was used). */
  stale?: boolean;
  /** The keyboard is up on the phone and the screen shown lacks it: what stands at its foot there, no screen shows. */
  keyboardUnshown?: boolean;
}

const centre = (b: Bounds): { x: number; y: number } => ({ x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2 });

export function aimByLabel(action: Action, target: string | null, shown: ShownScreen, screen: { width: number; height: number }): Action {
  if (target === null || (action.type !== 'Tap' && action.type !== 'LongPress')) return action;
  if (shown.kind !== 'recorded' && shown.kind !== 'scrolled') return action;
  const label = normalizeContent(target);
  // Not a text field: its label is what was typed into it (哈尔滨 in the search box above the result 哈尔滨).
  const node = shown.node;
  const hits = (node?.controls ?? []).filter((c) => c.label === label && !isField(node!, c.bounds));
  if (hits.length !== 1) return action;
  const shift = shown.kind === 'scrolled' ? shown.scrolledPx : 0;
  const b = hits[0]!.bounds;
  const at = { x: centre(b).x, y: centre(b).y - shift };
  // Scrolled: only a control the shifted screen still shows inside its list.
  if (shift !== 0 && !(shown.node?.scrolls ?? []).some((s) => contains(s, at.x, at.y) && contains(s, at.x, at.y + shift))) return action;
  if (at.y < 0 || at.y >= screen.height) return action;
  // Already on it (as the screen shown has it): the phone's point stands.
  const p = toPixels(action.at, screen);
  if (contains({ ...b, top: b.top - shift, bottom: b.bottom - shift }, p.x, p.y)) return action;
  const n = toNorm(at, screen);
  return { ...action, at: { x: Math.round(n.x), y: Math.round(n.y) } };
}

/**
 * Whether the run showed the agent nothing recorded where this action acts: a page no demonstration recorded (shown
 * as such), a list scrolled past what its recorded screen shows, tapped where the shifted screen is blank, or a
 * history list recorded before the path used an item (its rows may stand elsewhere on the phone), or the lower half of
 * a page whose keyboard is up on the phone where no recording of the page laid out as this one shows it. A path
 * refused there acted on what an offline run cannot show.
 */
export function actsOnUnshown(action: Action | null, shown: ShownScreen, screen: { width: number; height: number }): boolean {
  if (shown.kind === 'excursion') return true;
  if (shown.stale && action && (action.type === 'Tap' || action.type === 'LongPress')) return true;
  // The keyboard up on the phone, the screen shown without it: its lower half is the keyboard and the bar it lifted there.
  if (
    shown.keyboardUnshown &&
    action &&
    (action.type === 'Tap' || action.type === 'LongPress') &&
    toPixels(action.at, screen).y >= screen.height / 2
  )
    return true;
  if (shown.kind !== 'scrolled' || !action || (action.type !== 'Tap' && action.type !== 'LongPress')) return false;
  const p = toPixels(action.at, screen);
  const y = p.y + shown.scrolledPx;
  return (shown.node?.scrolls ?? []).some((s) => contains(s, p.x, p.y) && (y >= s.bottom || y < s.top));
}
