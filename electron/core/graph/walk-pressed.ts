import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge, GraphNode } from '../../../shared/domain/task-graph.js';
import { contains } from '../../../shared/domain/ui-tree.js';
import { toPixels } from '../geometry/coordinates.js';
import { normalizeContent } from './content.js';
import { isTextKey } from './content-keys.js';
import type { PageModel } from './page-model.js';
import { contentOf, isEdit, valueAgrees } from './page-model.js';
import type { Candidate } from './walk-candidate.js';
import { isTapLike, tappedLabel } from './walk-view.js';
import { isEditClass } from './widget-classes.js';

/**
 * What a tap presses is the control the screen it is made on shows there (`here`: its label, walk-controls.ts
 * labelUnder, read once per step by walk.ts). A recorded action of another screen of the page, matched by place, or a
 * recorded edit pressed once more, is judged by that control.
 */

type Screen = { width: number; height: number };

/**
 * Whether a recorded action of another screen of the page, matched by where it tapped, pressed the control this
 * screen shows under the finger: where the layouts differ, the same place can be another control (发送 on the empty
 * form sits where the message field is once a recipient is picked), and that control's action is not this one.
 */
export function sameControl(here: string | null, c: Candidate, action: Action, nothingHere = false): boolean {
  if (!c.edge || !isTapLike(action) || (c.how !== 'page-edit' && c.how !== 'page-exit' && c.how !== 'refused')) return true;
  const there = normalizeContent(tappedLabel(c.edge, action));
  // This screen shows no labelled control under the finger where the other screen had one (a search result before
  // the search): the finger presses nothing of it. Not a text field, which the keyboard moves between screens.
  if (nothingHere && there !== '' && !isEditClass(c.edge.target?.className ?? '')) return false;
  return here === null || there === '' || normalizeContent(here) === there;
}

/**
 * Whether the screens the walk stands on (each with its labelled controls recorded) show none under a tap — nor a
 * text field where any of the node's observations had one (the keyboard moves fields between observations).
 */
export function nothingUnder(nodes: readonly (GraphNode | undefined)[], action: Action, screen: Screen): boolean {
  if (!isTapLike(action) || nodes.length === 0 || nodes.some((n) => n?.controls === undefined)) return false;
  const p = toPixels(action.at, screen);
  const at = (b: { left: number; top: number; right: number; bottom: number }): boolean => contains(b, p.x, p.y);
  return nodes.every((n) => !n!.controls!.some((c) => at(c.bounds)) && !Object.values(n!.fields ?? {}).some((list) => list.some(at)));
}

const NUMBERS = /\d+/g;
const HAS_NUMBER = /\d/;

/**
 * Whether an effect counted: the value only gained a number, or only its number changed (购物车 → 购物车 1 件, 1 件 →
 * 2 件). A button that adds to a count (加入购物车) adds again when pressed again, unlike a choice (王丽 picked).
 */
export function counts(before: string | undefined, after: string): boolean {
  if (before === undefined || before === after || !HAS_NUMBER.test(after)) return false;
  const rest = after.replace(NUMBERS, '#');
  if (before.replace(NUMBERS, '#') === rest) return true;
  return !HAS_NUMBER.test(before) && before !== '' && after.startsWith(before) && /^\s*#/.test(rest.slice(before.length));
}

/** Whether a recorded press adds to a count: an edit of its page whose every effect counted (加入购物车). */
export function addsToCount(m: PageModel, e: GraphEdge): boolean {
  if (!isEdit(m, e) || (e.effects?.length ?? 0) === 0) return false;
  const before = contentOf(m.byId.get(e.from));
  return e.effects!.every((v) => counts(before[v.key], v.value));
}

/**
 * Whether a tap presses, again, a control a recorded edit of the page pressed — the same label at the same place on
 * this screen as on the edit's — whose every effect the path's content already holds (王丽 picked, then tapped again
 * in the list still shown): on a phone that changes nothing. Not a control whose label changed with its effect
 * (收藏 → 已收藏: pressed again it toggles back).
 */
export function pressedAgain(
  m: PageModel,
  label: string | null,
  page: string,
  valueOf: (key: string) => string | undefined,
  action: Action,
  screen: Screen,
  threshold: number,
): boolean {
  if (!isTapLike(action) || label === null) return false;
  const p = toPixels(action.at, screen);
  return (m.leavingOf.get(page) ?? []).some(
    (e) =>
      isEdit(m, e) &&
      e.action.type === action.type &&
      !!e.target &&
      contains(e.target.bounds, p.x, p.y) &&
      normalizeContent(tappedLabel(e, action)) === normalizeContent(label) &&
      (e.effects?.length ?? 0) > 0 &&
      // A keypad's key appends each time it is pressed: its effect is never set already; nor is a count's.
      !e.effects!.some((v) => m.appends.has(v.key) || counts(contentOf(m.byId.get(e.from))[v.key], v.value)) &&
      e.effects!.every((v) => {
        const now = valueOf(v.key);
        return now !== undefined && valueAgrees(m, v.key, v.value, now, threshold);
      }),
  );
}

/**
 * Whether taking this goal edge a second time does the task's goal again on a phone (walk.ts): a recorded press to another
 * page (a share, an order), or a lone button pressed where nothing the graph tracks changed (屏蔽号码, whose label then
 * says 取消屏蔽号码). Not a key (a count), not an option of a group re-chosen on its page, not a free choice.
 */
export function goalAgain(m: PageModel, e: GraphEdge): boolean {
  if (e.choice || e.action.type !== 'Tap') return false;
  if (e.from === e.to) return (e.options?.length ?? 0) < 2 && (e.effects?.length ?? 0) === 0;
  return !isEdit(m, e) || sendsText(e);
}

/**
 * Whether a recorded press sends what a text field held: it empties the field, as a chat's 发送 does, and stays on the
 * page (the message joins the thread). Each press sends again what the field then holds — unlike a choice made again.
 */
export const sendsText = (e: GraphEdge): boolean => (e.effects ?? []).some((v) => isTextKey(v.key) && v.value === '');

/**
 * The task's goal action done again, as recorded, once the path has done the goal (by any route: a second video call
 * by the + menu after one from the card; the photo shared to 女儿 twice; a second order after Up): no demonstration did it
 * twice, and on a phone it acts twice — 'again'. A lone button pressed again where it stands (屏蔽号码, whose label then
 * says 取消屏蔽号码) undoes the goal — 'undo' (once more, it redoes it). Null where taking the edge is as usual: no goal
 * done yet, or not the goal done again (goalAgain: a count, an option chosen again on its page, a free choice) — unless
 * the goal was done on another item than the one this page is about (`otherItem`, walk-goal-items.ts: 安装 on a second
 * game's page installs it too).
 */
export function goalRepeat(m: PageModel, e: GraphEdge, taken: ReadonlySet<string>, otherItem = false): 'undo' | 'again' | null {
  if (taken.size === 0) return null;
  if (!goalAgain(m, e)) return otherItem ? 'again' : null;
  return e.from === e.to && taken.has(e.id) && !otherItem ? 'undo' : 'again';
}
