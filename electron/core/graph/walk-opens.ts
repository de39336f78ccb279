import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge, GraphNode } from '../../../shared/domain/task-graph.js';
import type { Bounds, ScreenSize } from '../../../shared/domain/ui-node.js';
import { contains, sameBounds } from '../../../shared/domain/ui-tree.js';
import { toPixels } from '../geometry/coordinates.js';
import type { PageModel } from './page-model.js';
import { normalizeContent } from './content.js';
import { appOfPage } from './walk-position.js';
import { isTapLike, tappedLabel } from './walk-view.js';

/**
 * Whether a tap no recorded action explains may have acted in place rather than opened a page. The walk takes such a
 * tap to open a page no demonstration recorded, which Back leaves. But a button no demonstration pressed may act in
 * place (下一首, 收藏, 赞 on another post, a stepper's +): the page stays, and Back then leaves the page itself. The path
 * then stands on a page the walk does not, and its next taps land on other things (held-out set U: 7 false accepts,
 * 下一首 then Back then 暂停's place, which on the phone was a row of the library). What a control does, recorded taps
 * tell: on controls of its shape on the page, or labelled as it anywhere; where none tells, it is taken to open a page
 * (a row of a list no one tapped opens its item).
 */

/** How close two controls' widths and heights must be to count as the same kind of row (px). */
const SAME_SHAPE_PX = 3;

/** The smallest control that takes a tap under the finger on any of the screens, or null. */
function pressedControl(screens: readonly (GraphNode | undefined)[], action: Action, screen: ScreenSize): Bounds | null {
  if (!isTapLike(action)) return null;
  const p = toPixels(action.at, screen);
  let best: Bounds | null = null;
  const area = (b: Bounds) => (b.right - b.left) * (b.bottom - b.top);
  for (const n of screens)
    for (const b of n?.pressable ?? []) if (contains(b, p.x, p.y) && (best === null || area(b) < area(best))) best = b;
  return best;
}

/** Two controls of the same kind of row: as wide and as high, within a few pixels. */
export const sameShape = (a: Bounds, b: Bounds): boolean =>
  Math.abs(a.right - a.left - (b.right - b.left)) <= SAME_SHAPE_PX && Math.abs(a.bottom - a.top - (b.bottom - b.top)) <= SAME_SHAPE_PX;

/** What recorded taps on a page pressed, by what they did: opened another page, or acted in place. */
export interface PressedOnPage {
  /** Controls whose tap opened another page, with that page's activity. */
  opened: { bounds: Bounds; activity: string }[];
  inPlace: Bounds[];
  /** The labels of controls a recorded tap pressed in place, on any page (屏蔽号码 on the call log and on a card). */
  inPlaceLabels: ReadonlySet<string>;
}

const ownLabels = new WeakMap<PageModel, ReadonlySet<string>>();

/** What this task's recorded taps pressed on the page (from its model); the labels, over the whole graph (once). */
export function pressedOn(m: PageModel, page: string): PressedOnPage {
  let labels = ownLabels.get(m);
  if (!labels) {
    const all = new Set<string>();
    for (const edges of m.leavingOf.values()) for (const e of edges) for (const label of inPlaceLabels(m, e)) all.add(label);
    ownLabels.set(m, (labels = all));
  }
  const out: PressedOnPage = { opened: [], inPlace: [], inPlaceLabels: labels };
  for (const e of m.leavingOf.get(page) ?? []) addPressed(out, m, e);
  return out;
}

/** Files the control a recorded tap pressed under what it did. */
export function addPressed(out: PressedOnPage, m: PageModel, e: GraphEdge): void {
  const b = e.target?.bounds;
  if (!b || !isTapLike(e.action) || !pressedAButton(m, e)) return;
  if (m.pageOf.get(e.to) === m.pageOf.get(e.from)) out.inPlace.push(b);
  else out.opened.push({ bounds: b, activity: m.byId.get(e.to)?.signature.activity ?? '' });
}

/** Whether a recorded tap pressed a button: a tap in a field takes the focus, and tells nothing of what a button does. */
function pressedAButton(m: PageModel, e: GraphEdge): boolean {
  const b = e.target?.bounds;
  return !!b && !(m.byId.get(e.from)?.inputs ?? []).some((i) => sameBounds(i, b));
}

/**
 * The labels a recorded tap that pressed a button and stayed on its page tells act in place: its own, and where it chose
 * a value from a group of options (200元 of the amount's presets, 公交 of the route's modes), every option's, which sets
 * its own value the same way (held-out set V: the preset 500元 and the mode 驾车, which no demonstration chose).
 */
export function inPlaceLabels(m: PageModel, e: GraphEdge): string[] {
  if (!isTapLike(e.action) || !pressedAButton(m, e) || m.pageOf.get(e.to) !== m.pageOf.get(e.from)) return [];
  const label = normalizeContent(tappedLabel(e, e.action));
  // Only the options shaped as the one chosen: a group may hold the page's other controls too (its tab bar).
  const b = e.target!.bounds;
  const options = (e.options ?? [])
    .filter((o) => sameShape(o.bounds, b))
    .map((o) => normalizeContent(o.label))
    .filter((l) => l !== '');
  // A one-character label (+, −) says what it does in its own app only: the shop's + steps, the chat's + opens a menu.
  const own = [...label].length >= 2 ? label : label === '' ? null : inApp(m.byId.get(e.from), label);
  return [...(own === null ? [] : [own]), ...options];
}

/** A one-character label as evidence within one app (the node's): see inPlaceLabels. */
const inApp = (n: GraphNode | undefined, label: string): string => `${appOfPage(n?.signature.activity ?? '')}§${label}`;

/**
 * Whether the tap may have acted in place: under the finger, a label a recorded tap of any task pressed and stayed on
 * its page (收藏, 屏蔽号码, an option of a value-setting group: see inPlaceLabels), or a control shaped as one a recorded
 * tap on this page pressed and stayed (暂停 beside 下一首, 赞 老李 beside another post's 赞, 屏蔽号码 beside 呼叫). That a
 * control of the same shape opened a page elsewhere on it does not clear it: a bar holds both kinds (a stepper's +
 * beside 立即购买). Where no recorded tap tells, Back is taken to return.
 */
export function mayActInPlace(
  screens: readonly (GraphNode | undefined)[],
  action: Action,
  screen: ScreenSize,
  pressed: PressedOnPage,
  /** The label under the finger. */
  label: string | null,
): boolean {
  const shown = screens.find((n) => n !== undefined);
  if (label !== null && (pressed.inPlaceLabels.has(label) || pressed.inPlaceLabels.has(inApp(shown, label)))) return true;
  const control = pressedControl(screens, action, screen);
  return control !== null && pressed.inPlace.some((b) => sameShape(b, control));
}

/**
 * Whether a recorded tap on the page, on a control shaped as the one under the finger, opened a page of another
 * activity than `activity`: the rows of that list open pages of that kind (the chat list's rows open chats), so a row
 * there does not open a page of another kind that shares its label (held-out set U: the chat list's 老李 opens the chat
 * with 老李, not the contact card titled 老李 that the graph knows; the share dialog's 孙子 shares the photo, it does not
 * open the album 孙子). Not where the row under the finger is shaped as the rows that opened the named page (the shop's
 * home lists 老花镜 150 度 as the search results do; its parcel banner, of that shape too, opens the order).
 */
export function rowsOpenOtherKind(
  screens: readonly (GraphNode | undefined)[],
  action: Action,
  screen: ScreenSize,
  pressed: PressedOnPage,
  activity: string,
  /** The controls the recorded taps that opened the named page pressed: a row of their kind opens a page of theirs. */
  named: readonly Bounds[],
): boolean {
  const control = pressedControl(screens, action, screen);
  if (control === null || named.some((b) => sameShape(b, control))) return false;
  return pressed.opened.some((o) => o.activity !== activity && sameShape(o.bounds, control));
}
