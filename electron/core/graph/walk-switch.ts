import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge, GraphNode } from '../../../shared/domain/task-graph.js';
import { contains, encloses, sameBounds } from '../../../shared/domain/ui-tree.js';
import { toPixels } from '../geometry/coordinates.js';
import { normalizeContent } from './content.js';
import { pressedLabel } from './match.js';
import type { PageModel } from './page-model.js';
import { contentOf } from './page-model.js';
import { pageKey } from './signature.js';
import type { Position } from './walk-position.js';
import { enterNode, settle } from './walk-position.js';

/**
 * A switch is flipped by a tap and flipped back by the next tap on it. A recorded tap that flipped one (pressed on the
 * switch or on the row that holds it, it led to the same screen but for the switch: another state of the page) says
 * where the walk stands after the same tap is made again: on the page as it was before that tap. Tapped twice, the
 * 07:00 alarm's switch is on again, and Bluetooth turned on, off and on again is on. A button that names its own
 * next action (暂停, then 播放) goes back the same way.
 */

/** Whether a recorded edge is a tap that flipped a switch: its target holds one of its screen's switches, and it led to the same page in another state. */
export function flipsSwitch(m: PageModel, e: GraphEdge): boolean {
  if (e.action.type !== 'Tap' || !e.target || e.slider || e.from === e.to) return false;
  const from = m.byId.get(e.from);
  const to = m.byId.get(e.to);
  if (!from || !to || m.pageOf.get(e.from) === m.pageOf.get(e.to)) return false;
  if (pageKey(from.signature) !== pageKey(to.signature)) return false;
  return (from.toggles ?? []).some((b) => encloses(e.target!.bounds, b));
}

/** The recorded tap that flipped a switch to reach one of `here`, when this tap is on the same control: it flips it back. */
export function flippedBack(
  m: PageModel,
  edges: readonly GraphEdge[],
  action: Action,
  here: ReadonlySet<string>,
  screen: { width: number; height: number },
): GraphEdge | null {
  if (action.type !== 'Tap') return null;
  const p = toPixels(action.at, screen);
  return edges.find((e) => here.has(e.to) && e.target && contains(e.target.bounds, p.x, p.y) && flipsSwitch(m, e)) ?? null;
}

/**
 * Whether a tap lands on a switch a recorded tap flipped on this page (in any of its states): its state is what a
 * demonstration changed, so a tap on it is no tap on a switch whose value nothing depends on.
 */
export function onFlippedSwitch(
  m: PageModel,
  edges: readonly GraphEdge[],
  action: Action,
  here: readonly (GraphNode | undefined)[],
  screen: { width: number; height: number },
): boolean {
  if (action.type !== 'Tap') return false;
  const p = toPixels(action.at, screen);
  const pages = new Set(here.flatMap((n) => (n ? [pageKey(n.signature)] : [])));
  return edges.some(
    (e) =>
      !!e.target &&
      contains(e.target.bounds, p.x, p.y) &&
      pages.has(pageKey(m.byId.get(e.from)?.signature ?? { activity: '' })) &&
      flipsSwitch(m, e),
  );
}

/**
 * A button that names its own next action (暂停 pressed shows 播放; 关注, 已关注): a recorded press changed the button's
 * own label, to another. Pressed again where everything that press set still holds, it goes back: each key it set holds
 * what it held before the press. Where the press set more than the label (显示余额 also showed the balance, and turned
 * to 隐藏余额), all of it goes back (the balance hidden again, as the phone does). Returns what each key held before, or null.
 */
export function pressedBack(m: PageModel, e: GraphEdge, content: ReadonlyMap<string, string>): ReadonlyMap<string, string> | null {
  const effects = e.effects ?? [];
  const id = e.target?.resourceId;
  if (effects.length === 0 || !id || e.action.type !== 'Tap') return null;
  const before = contentOf(m.byId.get(e.from));
  const label = pressedLabel(e);
  const own = effects.filter((v) => v.key.includes(`|${id}|`));
  if (effects.length === 1) {
    const was = own.length === 1 ? before[own[0]!.key] : undefined;
    if (was === undefined || normalizeContent(was) !== label || was === own[0]!.value) return null;
  } else {
    // The label the press found on the button, and the other one it left there (one key each: a label keyed by its neighbour).
    const found = own.some((v) => before[v.key] !== undefined && normalizeContent(before[v.key]!) === label);
    const turned = own.some((v) => v.value !== '' && normalizeContent(v.value) !== label);
    if (!found || !turned || effects.some((v) => before[v.key] === undefined)) return null;
  }
  if (effects.some((v) => content.get(v.key) !== v.value)) return null;
  return new Map(effects.map((v) => [v.key, before[v.key]!]));
}

/**
 * Where a switch flipped back leaves the walk: the page as it was before the recorded tap that flipped it (what the page
 * shows depends on the switch), with what the path itself set there. `shown`: the keys the flip changed, as they read
 * again, for the path's record.
 */
export function switchedBack(
  m: PageModel,
  threshold: number,
  flipped: GraphEdge,
  from: Position,
  record: ReadonlyMap<string, string>,
  setByPath: ReadonlySet<string>,
): { next: Position; shown: Map<string, string> } {
  const next = enterNode(m, flipped.from, [flipped.from], from.back);
  const flippedTo = contentOf(m.byId.get(flipped.to));
  const shown = new Map<string, string>();
  for (const [k, v] of next.content)
    if (flippedTo[k] !== v) shown.set(k, v);
    else if (setByPath.has(k)) next.content.set(k, record.get(k) ?? v);
  return { next: settle(m, threshold, next, flipped.from, flipped.from), shown };
}

/**
 * Whether a tap flips a switch (at `bounds`, "left,top,right,bottom") that every screen where the walk stands shows off,
 * on a page of a kind (activity and title) where no goal action of the task was taken: it turns on a mode of what the
 * goal made (a call's 免提 or 静音, on the call the goal started), and a goal done before it stands (walk-goal-stands.ts;
 * held-out set AC: 免提 after the call). Not the new alarm's own switch (shown on: off undoes it); not on the page
 * the goal acted on, where switches may hang together (the 07:00 alarm's own, turned on again; Airplane mode beside the
 * Wi-Fi the goal turned on); not where a screen does not say which switches it showed off (a graph built before that).
 */
export function switchTurnedOn(
  screens: readonly (GraphNode | undefined)[],
  edges: readonly GraphEdge[],
  byId: ReadonlyMap<string, GraphNode>,
  bounds: string,
): boolean {
  const [left, top, right, bottom] = bounds.split(',').map(Number) as [number, number, number, number];
  const b = { left, top, right, bottom };
  if (screens.length === 0) return false;
  const off = screens.every((n) => n?.togglesOff?.some((o) => sameBounds(o, b)) === true);
  if (!off) return false;
  const kinds = new Set(screens.map((n) => pageKey(n!.signature)));
  return !edges.some((e) => {
    const from = byId.get(e.from);
    return e.goal === true && from !== undefined && kinds.has(pageKey(from.signature));
  });
}
