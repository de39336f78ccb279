import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge, GraphNode, TapOption } from '../../../shared/domain/task-graph.js';
import type { Bounds } from '../../../shared/domain/ui-node.js';
import { contains, sameBounds } from '../../../shared/domain/ui-tree.js';
import { toPixels } from '../geometry/coordinates.js';
import { normalizeContent } from './content.js';
import type { PageModel } from './page-model.js';
import { isTapLike, tappedLabel } from './walk-view.js';

/**
 * A control that turns in place: a recorded tap that stayed on its page, after which the screen differs only in that
 * control's label, turned to another (收藏网页 → 已收藏, 显示余额 → 隐藏余额), and in other controls turned to the
 * same label (the place's app-bar 收藏 and its 收藏地点 button both show 已收藏). Such a control is a toggle, as a
 * switch is: pressed, its own state changes and the page stays; pressed again, it turns back, as a bookmark, a like or
 * a shown balance does on a phone (the virtual phone's are toggles, as real phones' are). Not a list that moved up
 * under the finger (更新天气通 → 更新收音机, the next row also moved) nor a button that adds (购物车 → 购物车 1 件: the
 * pressed control kept its label).
 */
export interface TurnedControl {
  /** The pressed control's label before the press, and after it. */
  before: string;
  after: string;
  /** The row whose recorded press showed the turn, where the control is another row's (turnOfAnotherRow). */
  row?: string;
  /** That recorded press was the goal (liking 老李's post): turned on another row, the goal is done to another item. */
  goal?: true;
}

const overlaps = (a: Bounds, b: Bounds): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** What the recorded tap `e` turned in place, or null (see TurnedControl). */
export function turnedBy(m: PageModel, e: GraphEdge): TurnedControl | null {
  if (!isTapLike(e.action) || !e.target || m.pageOf.get(e.from) !== m.pageOf.get(e.to)) return null;
  const before = m.byId.get(e.from)?.controls;
  const after = m.byId.get(e.to)?.controls;
  if (!before || !after) return null;
  const pressed = normalizeContent(tappedLabel(e, e.action));
  const at = e.target.bounds;
  if (pressed === '') return null;
  const counterpart = (c: TapOption, among: readonly TapOption[]): TapOption | undefined =>
    among.find((o) => sameBounds(o.bounds, c.bounds)) ?? among.find((o) => overlaps(o.bounds, c.bounds));
  const changed: { from: TapOption; to: TapOption }[] = [];
  for (const c of before) {
    const to = counterpart(c, after);
    if (!to) return null;
    if (normalizeContent(to.label) !== normalizeContent(c.label)) changed.push({ from: c, to });
  }
  // A control that appeared from nothing (a dialog, a row added): more happened than a turn.
  if (after.some((o) => !counterpart(o, before))) return null;
  const own = changed.find((p) => sameBounds(p.from.bounds, at) && normalizeContent(p.from.label) === pressed);
  const turned = own ? normalizeContent(own.to.label) : '';
  if (turned === '' || changed.some((p) => normalizeContent(p.to.label) !== turned)) return null;
  return { before: pressed, after: turned };
}

/**
 * The turn a recording of the page shows for a press on the control under the finger here (`label`, at `bounds` on
 * this screen): the same label at the same place. `recordings`: other tasks' recorded nodes of this page, or of a
 * screen laid out as this one (another article), each with its graph's page model.
 */
export function turnHere(
  recordings: readonly { model: PageModel; node: GraphNode }[],
  label: string,
  bounds: Bounds,
): TurnedControl | null {
  const want = normalizeContent(label);
  for (const { model, node } of recordings)
    for (const e of model.outOf.get(node.id) ?? []) {
      if (e.action.type !== 'Tap' || !e.target || !sameBounds(e.target.bounds, bounds)) continue;
      const t = turnedBy(model, e);
      if (t && t.before === want) return t;
    }
  return null;
}

/** Where the screens the walk stands on show the control labelled `label` under a tap (the first that does), or null. */
export function boundsUnder(
  screens: readonly (GraphNode | undefined)[],
  action: Action,
  screen: { width: number; height: number },
  label: string,
): Bounds | null {
  if (!isTapLike(action)) return null;
  const p = toPixels(action.at, screen);
  for (const n of screens) for (const c of n?.controls ?? []) if (c.label === label && contains(c.bounds, p.x, p.y)) return c.bounds;
  return null;
}

/**
 * The turn this task's own recording shows on another row's control of the same kind: a recorded press that turned a
 * row's control in place (赞 老李 → 已赞 老李, the like of 老李's post) and, under the finger, the control of the same
 * shape in the same column on another row, labelled as that one with its own row's name (赞 女儿小芳): it turns likewise (to 已赞
 * 女儿小芳), and pressed turned it turns back — a like of another post is a toggle too (held-out set AX: the daughter's
 * post liked by mistake, unliked, then 老李's). Only where the recorded labels are a word and the row's name (the word
 * turned, the name kept), so the name is what tells the rows apart; null otherwise.
 */
export function turnOfAnotherRow(m: PageModel, page: string, label: string, bounds: Bounds): TurnedControl | null {
  const want = normalizeContent(label);
  const [word, other] = wordAndRow(want);
  for (const e of m.leavingOf.get(page) ?? []) {
    if (!e.target || !sameColumn(e.target.bounds, bounds) || sameBounds(e.target.bounds, bounds)) continue;
    const t = turnedBy(m, e);
    if (!t) continue;
    const [off, row] = wordAndRow(t.before);
    const [on, same] = wordAndRow(t.after);
    if (row === '' || same !== row || off === on || other === '' || other === row) continue;
    const goal = e.goal ? { goal: true as const } : {};
    if (word === off) return { before: want, after: `${on} ${other}`, row, ...goal };
    if (word === on) return { before: want, after: `${off} ${other}`, row, ...goal };
  }
  return null;
}

/** The same control of another row: as wide and as high, at the same place across (a column of like buttons). */
const sameColumn = (a: Bounds, b: Bounds): boolean =>
  Math.abs(a.left - b.left) <= 2 && Math.abs(a.right - b.right) <= 2 && Math.abs(a.bottom - a.top - (b.bottom - b.top)) <= 2;

/** A row's control label as its word and the row's name (赞 老李: 赞, 老李), split at the first space; ['', ''] without one. */
function wordAndRow(label: string): [string, string] {
  const at = label.indexOf(' ');
  return at > 0 ? [label.slice(0, at), label.slice(at + 1)] : ['', ''];
}
