import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge, GraphNode, ObservationRef } from '../../../shared/domain/task-graph.js';
import type { Bounds } from '../../../shared/domain/ui-node.js';
import { area, contains, encloses, sameBounds } from '../../../shared/domain/ui-tree.js';
import { NORM_MAX, toPixels } from '../geometry/coordinates.js';
import { namesSomething, normalizeContent } from './content.js';
import { isSearchKey } from './goal-conditions.js';
import { typedField } from './page-model.js';
import { typedValue } from './typed-text.js';
import type { Candidate } from './walk-candidate.js';
import type { Position } from './walk-position.js';
import { isEditClass } from './widget-classes.js';
import { spelledRun } from './pinyin-query.js';

/**
 * What an action does to the view of a page rather than to its state (walk.ts): a scroll, and which
 * element a tap hit. A page scrolled where no demonstration scrolled shows other things under the finger
 * than its recorded screen, so until it is scrolled back the walk takes no tap there. And another search
 * query: a means to reach a result, judged by the result it leads the path to pick.
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
 * phone); what it moved down, the same swipe the other way brings back. A screen a demonstration's swipe led
 * to may show the page scrolled: there both ways count.
 */
export const scrolledBy = (offset: number, delta: number, fromTop: boolean): number =>
  fromTop ? Math.max(0, offset + delta) : offset + delta;

/**
 * Whether a demonstration's swipe on the page led to one of these screens: such a screen may show the page
 * scrolled, else it shows the page at its top.
 */
export const reachedByScroll = (
  pageOf: ReadonlyMap<string, string>,
  edges: readonly GraphEdge[],
  page: string,
  here: ReadonlySet<string>,
): boolean => edges.some((e) => e.action.type === 'Swipe' && pageOf.get(e.from) === page && here.has(e.to));

/** Actions that do not depend on what is under the finger, and so are judged on a scrolled page as on its recorded screen. */
export const ignoresScroll = (a: Action): boolean => !isTapLike(a) && a.type !== 'Swipe';

/** The label of what a tap on an edge's element hit: the option of its group under the finger, else its target. */
export function tappedLabel(e: GraphEdge, action: TapLike): string {
  const p = toPixels(action.at, e.screen);
  const hit = e.options?.find((o) => contains(o.bounds, p.x, p.y));
  return hit?.label || e.target?.text || e.target?.contentDesc || '';
}

/**
 * Every text the tapped element shows (its label, and a result row's singer and genre below it), where the edge's
 * recording kept them; else its label alone. An option of a group is its label.
 */
export function tappedTexts(e: GraphEdge, action: TapLike): string[] {
  const p = toPixels(action.at, e.screen);
  if (e.options?.some((o) => contains(o.bounds, p.x, p.y))) return [tappedLabel(e, action)];
  return e.target?.texts ?? [tappedLabel(e, action)];
}

/**
 * Another query typed where a demonstration searched (a Type that matched no recorded one): taken as the
 * demonstration's, on to the results it saw; the walk then holds the path to a result the query names.
 */
export function searchQueryMove(action: Extract<Action, { type: 'Type' }>, out: readonly GraphEdge[], pos: Position): Candidate | null {
  for (const e of out) {
    const field = e.action.type === 'Type' ? typedField(e) : null;
    if (!field || !isSearchKey(field.key) || (pos.focus !== null && field.key !== pos.focus)) continue;
    const value = typedValue(pos.content.get(field.key) ?? '', action.text, action.clear);
    if (!namesSomething(normalizeContent(value))) continue;
    const reason = `a search query is a means: "${value}" searched where the demonstration searched "${field.value}"; the result picked must be named by it`;
    return { edge: e, result: { matched: true, distancePx: null, similarity: null, rule: 'similar-text', reason }, how: 'query' };
  }
  return null;
}

/**
 * A query broader than the demonstration's — one character (天, 园), or inside it (京 for 北京, 医院 for 人民医院) — lists
 * what the demonstration's results did not, anywhere among them (社区卫生服务中心 first for 医院): a result named by it,
 * under the finger on the recorded screen, is not what the phone shows there. A narrower or another query (天仙配 for
 * 黄梅戏) lists fewer, the one it names first. (Found by hand: six false accepts, each a broad query's first row.)
 */
export function broaderQuery(query: string, searched: string): boolean {
  // A query in pinyin is as broad as the characters it spells (pinyin-query.ts).
  const spelled = spelledRun(normalizeContent(query), normalizeContent(searched));
  const q = spelled ?? normalizeContent(query);
  const d = normalizeContent(searched);
  return [...q].length <= 1 || (q !== d && d.includes(q));
}

/**
 * Whether a search lists the result: its label contains the query (大药房 finds 益丰大药房; 医院 does not, nor does
 * 哈尔滨市 find 哈尔滨: an app's search lists what contains the query), or the query spells characters of it in pinyin
 * (shanghai: 上海; pinyin-query.ts) — or, for a search that finds by words (PageModel.fuzzySearch), the query contains
 * the label.
 */
export function namedBy(label: string, query: string, byWords: boolean): boolean {
  const l = normalizeContent(label);
  const q = normalizeContent(query);
  return l !== '' && q !== '' && (l.includes(q) || (byWords && q.includes(l)) || spelledRun(q, l) !== null);
}

/** What a walk knows of the screens it stands on: each node's scrolling containers and still controls. */
type ScreenFacts = Pick<GraphNode, 'scrolls' | 'still' | 'inputs' | 'toggles' | 'pressable' | 'longPressable'>;

/**
 * Whether a swipe moves nothing on these screens: every one is known to have nothing that scrolls (a page
 * whose content fits). Unknown (a graph from before scroll areas were kept): it may scroll.
 */
export const nothingScrolls = (nodes: readonly (ScreenFacts | undefined)[]): boolean =>
  nodes.length > 0 && nodes.every((n) => n?.scrolls !== undefined && n.scrolls.length === 0);

/**
 * Whether a tap lands inside one of the places `of` lists on every one of these screens. A long press counts only
 * where `longPress` says so (on a tab, a field or a switch it selects or opens a menu rather than tapping it).
 */
function onEvery(
  nodes: readonly (ScreenFacts | undefined)[],
  action: Action,
  screen: { width: number; height: number },
  of: (n: ScreenFacts) => readonly Bounds[] | undefined,
  longPress = false,
): boolean {
  if (!isTapLike(action) || (action.type === 'LongPress' && !longPress) || nodes.length === 0) return false;
  const p = toPixels(action.at, screen);
  return nodes.every((n) => n !== undefined && (of(n)?.some((b) => contains(b, p.x, p.y)) ?? false));
}

/**
 * Whether a tap lands outside every scrolling container of these screens (the app bar, the tab bar): there a
 * scrolled page shows what its recorded screen shows.
 */
export function outsideScrolling(
  nodes: readonly (ScreenFacts | undefined)[],
  action: Action,
  screen: { width: number; height: number },
): boolean {
  return offEvery(nodes, action, screen, (n) => n.scrolls);
}

/** Whether a tap lands outside every place `of` lists, on every one of these screens (each known to list them). */
function offEvery(
  nodes: readonly (ScreenFacts | undefined)[],
  action: Action,
  screen: { width: number; height: number },
  of: (n: ScreenFacts) => readonly Bounds[] | undefined,
): boolean {
  if (!isTapLike(action) || nodes.length === 0) return false;
  const p = toPixels(action.at, screen);
  return nodes.every((n) => {
    const places = n === undefined ? undefined : of(n);
    return places !== undefined && !places.some((b) => contains(b, p.x, p.y));
  });
}

/**
 * Whether a point lands outside everything that could take a swipe on every one of these screens (each known to list
 * its scrolling containers; its sliders and switches are kept only where it has some): there a swipe moves nothing.
 */
export function offSwipeable(nodes: readonly (ScreenFacts | undefined)[], at: Action, screen: { width: number; height: number }): boolean {
  return offEvery(nodes, at, screen, (n) => (n.scrolls === undefined ? undefined : [...n.scrolls, ...(n.toggles ?? [])]));
}

/** Whether a tap lands inside a scrolling container on every one of these screens (the list the recorded screen showed there). */
export function insideScrolling(
  nodes: readonly (ScreenFacts | undefined)[],
  action: Action,
  screen: { width: number; height: number },
): boolean {
  return onEvery(nodes, action, screen, (n) => n.scrolls, true);
}

/** Whether a tap lands on a control every one of these screens shows already selected (a tab re-tapped): it changes nothing. */
export function onStillControl(
  nodes: readonly (ScreenFacts | undefined)[],
  action: Action,
  screen: { width: number; height: number },
): boolean {
  return onEvery(nodes, action, screen, (n) => n.still);
}

/** A control this share of the screen's width or wider is a list's row, not a tab or a segment of a bar. */
const ROW_WIDTH = 0.9;

/** Whether a pressable control is a row of a list: as wide as the screen, and not a system bar (the status bar, the navigation bar). */
const isRow = (b: Bounds, screen: { width: number; height: number }): boolean =>
  b.right - b.left >= ROW_WIDTH * screen.width && b.top > 0 && b.bottom < screen.height;

/** The row of a list under a point (in pixels) of a screen: the smallest pressable control there, where it is a row; else null. */
export function rowUnder(
  n: Pick<GraphNode, 'pressable'>,
  p: { x: number; y: number },
  screen: { width: number; height: number },
): Bounds | null {
  const under = (n.pressable ?? []).filter((b) => contains(b, p.x, p.y)).sort((a, b) => area(a) - area(b))[0];
  return under !== undefined && isRow(under, screen) ? under : null;
}

/** How many rows of a list a screen shows (pressable controls as wide as the screen). */
export function rowsOn(n: Pick<GraphNode, 'pressable'>, screen: { width: number; height: number }): number {
  return (n.pressable ?? []).filter((b) => isRow(b, screen)).length;
}

/**
 * Whether a tap lands on a control of the page's chrome on every one of these screens: outside what scrolls, and not a
 * row of a list (a list too short to scroll keeps its rows still; an app bar's icon, a bottom bar's button are chrome).
 */
export function onChrome(nodes: readonly (GraphNode | undefined)[], action: Action, screen: { width: number; height: number }): boolean {
  if (!isTapLike(action) || !outsideScrolling(nodes, action, screen)) return false;
  const p = toPixels(action.at, screen);
  return nodes.every((n) => n !== undefined && rowUnder(n, p, screen) === null);
}

/** Whether the selected control a tap lands on (onStillControl) is a row as wide as the screen: an item of a list. */
export function onSelectedRow(
  nodes: readonly (ScreenFacts | undefined)[],
  action: Action,
  screen: { width: number; height: number },
): boolean {
  return onEvery(nodes, action, screen, (n) => n.still?.filter((b) => b.right - b.left >= ROW_WIDTH * screen.width));
}

/** Whether a tap lands on a slider or a switch every one of these screens shows (one no demonstration moved): it changes its own value. */
export function onToggle(nodes: readonly (ScreenFacts | undefined)[], action: Action, screen: { width: number; height: number }): boolean {
  return onEvery(nodes, action, screen, (n) => n.toggles);
}

/** The slider or switch under a tap that every one of these screens shows (onToggle), named by its place on the first; else null. */
export function toggleUnder(
  nodes: readonly (ScreenFacts | undefined)[],
  action: Action,
  screen: { width: number; height: number },
): string | null {
  if (!isTapLike(action) || !onToggle(nodes, action, screen)) return null;
  const p = toPixels(action.at, screen);
  const t = nodes[0]?.toggles?.find((b) => contains(b, p.x, p.y));
  return t ? `${t.left},${t.top},${t.right},${t.bottom}` : null;
}

/**
 * The switch of the row under a tap, where that row flips it as the switch does (a settings page's 来电振动, 深色主题), named
 * by its place on the first screen; else null. On every screen the smallest pressable under the finger is a row as
 * wide as the screen holding one switch, and another row of the page is plain (nothing pressable inside it, not a
 * slider): a list of settings of several kinds. Where every row holds a control of its own, the rows are items each
 * with an on/off (the alarms), and a row opens its item (held-out sets V and X: the row tapped, then Back, was taken
 * to return from a page it opened; the page stayed, and Back left it).
 */
export function switchRowUnder(
  nodes: readonly (ScreenFacts | undefined)[],
  action: Action,
  screen: { width: number; height: number },
): string | null {
  if (action.type !== 'Tap' || nodes.length === 0) return null;
  const p = toPixels(action.at, screen);
  const inside = (of: readonly Bounds[] | undefined, row: Bounds): Bounds[] =>
    (of ?? []).filter((t) => encloses(row, t) && area(t) < area(row));
  let first: Bounds | null = null;
  for (const n of nodes) {
    if (n === undefined) return null;
    const under = rowUnder(n, p, screen);
    if (under === null) return null;
    const own = inside(n.toggles, under);
    // A plain row beside it: nothing pressable inside, and not itself a slider.
    const plain = (r: Bounds): boolean =>
      r !== under && inside(n.pressable, r).length === 0 && !(n.toggles ?? []).some((t) => sameBounds(t, r));
    if (own.length !== 1 || !(n.pressable ?? []).some((r) => isRow(r, screen) && plain(r))) return null;
    first ??= own[0]!;
  }
  return first ? `${first.left},${first.top},${first.right},${first.bottom}` : null;
}

/** The focus of a field no demonstration typed in: typing there matches no recorded typing. */
export const UNKNOWN_FIELD = '§a field no demonstration typed in';

/**
 * Whether a tap lands on nothing that takes a tap on every one of these screens (a label, a picture, a page's blank
 * part, a dialog's title): on a phone nothing happens, and Back after it leaves the page (or closes the dialog). Unknown
 * where a screen kept no such record (a graph built before it was kept).
 */
export function onNothing(nodes: readonly (ScreenFacts | undefined)[], action: Action, screen: { width: number; height: number }): boolean {
  return offEvery(nodes, action, screen, (n) => n.pressable);
}

/**
 * A long press where every one of these screens has something that takes a tap and nothing with a long press of its own
 * under the finger: on a phone it ends as a tap (a view with no long-click handler clicks on release). Null elsewhere.
 */
export function longPressAsTap(
  nodes: readonly (ScreenFacts | undefined)[],
  action: Action,
  screen: { width: number; height: number },
): Action | null {
  if (action.type !== 'LongPress') return null;
  const taps = onEvery(nodes, action, screen, (n) => n.pressable, true) && offEvery(nodes, action, screen, (n) => n.longPressable);
  return taps ? { type: 'Tap', at: action.at } : null;
}

/** Whether a tap lands in an editable field every one of these screens shows (a search box): it takes the focus, the page stays. */
export function inField(nodes: readonly (ScreenFacts | undefined)[], action: Action, screen: { width: number; height: number }): boolean {
  return onEvery(nodes, action, screen, (n) => n.inputs);
}

/**
 * What the agent is shown where the walk stands (offline-runner.ts): the node's recorded screen; or, where the
 * walk knows a state no recorded screen shows, `excursion` (a page a tap opened that no demonstration saw: only
 * Back, the Navigate-up arrow or another tab returns) or `scrolled` (the node's page scrolled where no demonstration
 * scrolled, by `scrolledPx` device pixels of the graph's screen, finger up positive). Other than `scrolled`,
 * `scrolledPx` is 0.
 */
export interface WalkView {
  node: string;
  kind: 'recorded' | 'excursion' | 'scrolled';
  scrolledPx: number;
  /**
   * The node's observation to show instead of its representative: where a demonstration's Enter left the node as it
   * was (the results listed on the page that holds the query), the screen it saw after that Enter; on a page another
   * task's demonstrations recorded, their screen.
   */
  shown?: ObservationRef;
  /** The task whose demonstrations recorded `shown`, when it is another task's (walk-abroad.ts). */
  recordedBy?: string;
  /**
   * The recorded screen shows a list that keeps what was used last at its head, recorded before this path used an item
   * (walk-history.ts): its rows may stand elsewhere on the phone.
   */
  stale?: true;
  /**
   * The keyboard is up on the phone (a tap raised it) and no recording of the page laid out as this one shows it: the
   * screen shown lacks the keyboard, and what stands at its foot on the phone no screen shows (walk-keyboard.ts).
   */
  keyboardUnshown?: true;
  /**
   * Off what the recordings show for good (Back where no recording shows what lies below — the page a setup opened —, a
   * result page closed by its own button): a page not recorded, from which Back does not return (walk-home.ts beyond).
   */
  lost?: true;
}

/**
 * The view of a walk at `node`: on an excursion the page it opened (a scroll there keeps it that page); else the
 * page scrolled by `scrolled` normalized units, or as recorded within SCROLL_SLACK of it (where the walk judges a
 * tap on the recorded screen, so the agent sees that screen).
 */
export function walkView(
  node: string,
  away: boolean,
  scrolled: number,
  screen: { height: number },
  shown: ObservationRef | null = null,
): WalkView {
  if (away) return { node, kind: 'excursion', scrolledPx: 0 };
  const seen = shown ? { shown } : {};
  if (Math.abs(scrolled) <= SCROLL_SLACK) return { node, kind: 'recorded', scrolledPx: 0, ...seen };
  return { node, kind: 'scrolled', scrolledPx: Math.round((scrolled / NORM_MAX) * screen.height), ...seen };
}

/**
 * The observation a demonstration saw right after a recorded action that left its node as it was: an Enter (a search
 * submitted on the page that holds the query: the node holds the typed query and its results as one state, and its
 * representative is the screen from before the Enter), or a tap on a field (the focus: the keyboard it raised is up
 * after it, which the node's representative, recorded before, does not show). Null for any other move.
 */
export function screenAfterStay(nodes: ReadonlyMap<string, GraphNode>, edge: GraphEdge | null): ObservationRef | null {
  if (!edge || edge.from !== edge.to) return null;
  const focus = isTapLike(edge.action) && isEditClass(edge.target?.className ?? '');
  if (edge.action.type !== 'Enter' && !focus) return null;
  const members = nodes.get(edge.to)?.members ?? [];
  for (const [demo, idx] of edge.uses) {
    const after = members.find((m) => m.demonstrationId === demo && m.idx === idx + 1);
    if (after)
      return { demonstrationId: after.demonstrationId, idx: after.idx, screenshotBlob: after.screenshotBlob, xmlBlob: after.xmlBlob };
  }
  return null;
}
