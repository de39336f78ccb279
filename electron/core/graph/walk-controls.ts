import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge, GraphNode, TapOption } from '../../../shared/domain/task-graph.js';
import type { Bounds } from '../../../shared/domain/ui-node.js';
import { contains } from '../../../shared/domain/ui-tree.js';
import { toNorm, toPixels } from '../geometry/coordinates.js';
import { normalizeContent } from './content.js';
import { pressedLabel } from './match.js';
import type { PageModel } from './page-model.js';
import { isTapLike } from './walk-view.js';

/**
 * A control is what it says, wherever the layout puts it. A page's layout can move between its states (a row
 * appears once a preset is chosen, and the presets below it move down), so a tap on a control a recorded action
 * pressed may land where that action's screen showed something else. When no recorded position explains a tap,
 * the walk reads the label under the finger on the screen it shows the agent (the node's own controls) and, when
 * one recorded action of the page pressed a control with that label — and the screen shows that label once —
 * takes the tap as a press of that control, at the place the recorded screen showed it.
 */

const centre = (b: Bounds): { x: number; y: number } => ({ x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2 });

/** The label of the smallest labelled control under a tap on these screens, when they all agree and show it once. */
export function labelUnder(
  nodes: readonly (GraphNode | undefined)[],
  action: Action,
  screen: { width: number; height: number },
): string | null {
  return agreedUnder(nodes, action, screen, (n) => (n.controls ?? []).filter((c) => !isField(n, c.bounds)), true);
}

/** The label of the text field under a tap on these screens (its text, or its hint where it is empty), when they all agree. */
export function fieldLabelUnder(
  nodes: readonly (GraphNode | undefined)[],
  action: Action,
  screen: { width: number; height: number },
): string | null {
  return agreedUnder(nodes, action, screen, (n) => (n.controls ?? []).filter((c) => isField(n, c.bounds)), false);
}

/** The label of the control of `among` under a tap, the same on every screen (and shown there once, where `once`). */
function agreedUnder(
  nodes: readonly (GraphNode | undefined)[],
  action: Action,
  screen: { width: number; height: number },
  among: (n: GraphNode) => TapOption[],
  once: boolean,
): string | null {
  if (!isTapLike(action) || nodes.length === 0) return null;
  const p = toPixels(action.at, screen);
  let label: string | null = null;
  for (const n of nodes) {
    const controls = n ? among(n) : [];
    const hit = controls.find((c) => contains(c.bounds, p.x, p.y));
    if (!hit || (label !== null && hit.label !== label)) return null;
    if (once && controls.filter((c) => c.label === hit.label).length !== 1) return null;
    label = hit.label;
  }
  return label;
}

/**
 * Whether a control is one of the screen's text fields: its label is the text typed into it (杭州 in the search box
 * above the result 杭州), so it neither names a control nor makes another control's label appear twice.
 */
export function isField(n: Pick<GraphNode, 'inputs'>, b: Bounds): boolean {
  return (n.inputs ?? []).some((i) => i.left === b.left && i.top === b.top && i.right === b.right && i.bottom === b.bottom);
}

/**
 * The tap moved to where a recorded action of the page pressed the control with this label (the control
 * itself, or an option of the group it chose from), or null when none did, or several places did.
 */
export function tapOnLabel(label: string, edges: readonly GraphEdge[], action: Action): Action | null {
  if (!isTapLike(action) || label === '') return null;
  const places = new Map<string, Action>();
  for (const e of edges) {
    if (e.action.type !== action.type) continue;
    const own = pressedLabel(e);
    const bounds = own === label && e.target ? e.target.bounds : e.options?.find((o) => o.label === label)?.bounds;
    if (!bounds) continue;
    const at = toNorm(centre(bounds), e.screen);
    places.set(`${Math.round(at.x)},${Math.round(at.y)}`, { ...action, at });
  }
  return places.size === 1 ? [...places.values()][0]! : null;
}

/** A control labelled just so cancels what its page was opened for (the alarm editor's 取消): not 取消收藏 or 取消屏蔽, which act. */
const CANCEL = new Set(['取消', 'cancel']);

/**
 * Whether a tap lands on a control that goes back as Back does — the app bar's Navigate-up arrow (`up`), a dialog's
 * dismissing button (`dismiss`), a control labelled just 取消 / Cancel (`cancel`), or the screen outside a dialog's or
 * a menu's window (`outside`: a tap there closes it, as Android's dialogs and menus do) — on one of these nodes'
 * recorded screens.
 */
export function onBackControl(
  m: PageModel,
  screen: { width: number; height: number },
  action: Action,
  nodes: Iterable<string>,
  control: 'up' | 'dismiss' | 'cancel' | 'outside',
): boolean {
  if (!isTapLike(action) || !('at' in action)) return false;
  const p = toPixels(action.at, screen);
  for (const id of nodes) {
    const n = m.byId.get(id);
    if (control === 'outside') {
      if (n?.window && !contains(n.window, p.x, p.y)) return true;
      continue;
    }
    const bounds =
      control === 'cancel' ? (n?.controls ?? []).filter((c) => CANCEL.has(normalizeContent(c.label))).map((c) => c.bounds) : [n?.[control]];
    if (bounds.some((b) => b && contains(b, p.x, p.y))) return true;
  }
  return false;
}
